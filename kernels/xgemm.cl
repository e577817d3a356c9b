// Tunable GEMM kernel family: C = alpha * op(A) * op(B) + beta * C, in row-major canonical form.
//
// The host reduces every problem to this form (a column-major problem is the row-major problem
// C^T = op(B)^T op(A)^T), so the kernel only knows row-major C of M x N, op(A) of M x K and
// op(B) of K x N, with leading dimensions and element offsets.
//
// Tuning parameters (their defaults, candidate values and rules are in kernels/xgemm.json):
//   TSM, TSN    work-group tile of C: TSM rows by TSN columns
//   TSK         depth of the K tile staged in local memory per step
//   WPTM, WPTN  work per work-item: WPTM rows by WPTN columns of C held in registers;
//               the local range is (TSN / WPTN, TSM / WPTM)
//   PADA, PADB  padding (in elements) of each local-memory row of the A and B tiles, against
//               bank conflicts; A is stored transposed (k-major) so both tiles are read along rows
//   VWA, VWB    vector width (1, 2, 4 or 8) of global loads of A and B along their contiguous
//               dimension; the host lowers it to 1 when a leading dimension or offset is unaligned
//   STRM, STRN  0: a work-item owns WPTM consecutive rows (WPTN consecutive columns);
//               1: its rows (columns) are strided by the local range, TSM / WPTM (TSN / WPTN);
//               2: it owns groups of 4 consecutive rows (columns), the groups strided by 4 times
//               the local range, so that neighbouring work-items read neighbouring 16-byte
//               vectors of local memory (groups of 2, or 1, where WPTM (WPTN) is not a multiple of 4)
//   KUNROLL     unroll factor of the loop over the TSK depth of one tile
//   PREFETCH    1: load the next K tile from global memory into registers while computing on the
//               current one, with two local-memory buffers (one barrier per tile); 0: one buffer
//   ADVANCE     1: the pointers to the next K tiles advance by one tile per step; 0: each tile's
//               address is computed from its index (fewer live registers)
//   UNCHECKED   1: where M, N and K are whole multiples of TSM, TSN and TSK, the host compiles the
//               kernel without bounds checks (CHECKS 0); 0: always with them
//   KSPLIT      work-groups sharing the K dimension of one C tile (single precision): each adds its
//               part into C atomically, after xgemm_scale has applied beta; 1: no split
//   WARPN       0: work-items are laid out row by row over the RTSM x RTSN grid; w > 0: each group
//               of 32 consecutive work-items (an NVIDIA warp) covers a (32 / w) x w block of it, so
//               a warp reads fewer distinct local-memory addresses of B (and more, broadcast, of A)
//   SWIZZLE     1: the local tile of an operand that is contiguous along k (A not transposed, B
//               transposed) has its columns permuted (XOR) by k, so that the transposing stores of
//               a warp fall into distinct banks without the padding that the largest tiles have no
//               room for; needs TSM and TSN to be multiples of 32; 0: columns as they are
//   MAXREG      registers per work-item that NVIDIA's compiler may use (passed to it as
//               -cl-nv-maxrregcount); 0: the compiler's own choice
//   CSTAGE      1: whole tiles of C that are not written as vectors (rows not 16-byte aligned, or
//               a work-item's columns not in runs of 4) go through local memory, from where
//               consecutive work-items write consecutive columns; 0: each work-item writes its own
// Problem properties, set by the host for each problem (not tuned):
//   PRECISION   32 (float) or 64 (double; needs cl_khr_fp64): core/precision.cpp's kernel codes
//   TRANSA, TRANSB  1 when op(A) = A^T (op(B) = B^T)
//   CHECKS      0 when every tile lies wholly inside the matrices (see UNCHECKED); 1 otherwise

// Every parameter and problem property above arrives as a -D define: the defaults, candidate
// values and rules are in kernels/xgemm.json, which the host checks before compiling.

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define REAL double
#else
#define REAL float
#endif

// fma where the device says it is fast: a CPU compiler then emits fused vector instructions,
// which it does not do for mad (a multiply and a separate add).
#if (PRECISION == 64 && defined(FP_FAST_FMA)) || (PRECISION == 32 && defined(FP_FAST_FMAF))
#define MULTIPLY_ADD(a, b, c) fma(a, b, c)
#else
#define MULTIPLY_ADD(a, b, c) mad(a, b, c)
#endif

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)
#define PRAGMA_(x) _Pragma(#x)
#define PRAGMA(x) PRAGMA_(x)

#if VWA == 1
#define REALA REAL
#else
#define REALA CONCAT(REAL, VWA)
#endif
#if VWB == 1
#define REALB REAL
#else
#define REALB CONCAT(REAL, VWB)
#endif

// Derived sizes.
#define RTSM (TSM / WPTM)            // local range along M
#define RTSN (TSN / WPTN)            // local range along N
#define THREADS (RTSM * RTSN)        // work-items per work-group
#define LDA_LOCAL (TSM + PADA)       // row stride of the local A tile, stored as [TSK][TSM + PADA]
#define LDB_LOCAL (TSN + PADB)       // row stride of the local B tile, stored as [TSK][TSN + PADB]
#define A_LOADS (TSM * TSK / (VWA * THREADS))  // vector loads of A per work-item per tile
#define B_LOADS (TSN * TSK / (VWB * THREADS))  // vector loads of B per work-item per tile
#define BUFFERS (PREFETCH ? 2 : 1)

// Column permutation (SWIZZLE) of a local tile stored [k][x] from an operand contiguous along k.
// Its stores come in vectors of vw along k: the 32 vectors of a warp span TSK / vw chunks of k
// (one column each) and 32 * vw / TSK columns, so XOR-ing the column with a multiple of that
// column count, one per chunk, spreads the warp over all 32 banks. The mask is a multiple of 4
// (four-element reads of local memory stay whole) and below 32 (a column stays in its tile, whose
// width is a multiple of 32).
#define SWIZZLE_CHUNKS(vw) (TSK / (vw))
#define SWIZZLE_STEP(vw) (SWIZZLE_CHUNKS(vw) < 8 ? 4 * (8 / SWIZZLE_CHUNKS(vw)) : 4)
// (This form, the step times the chunk modulo 32 / step, compiles on NVIDIA's driver to code that
// ran 4096^3 at 48.6 TFLOP/s; the same mask written (step * chunk) % 32 ran at 44.0.)
#define SWIZZLE_MASK(k, vw) (SWIZZLE_STEP(vw) * (((k) / (vw)) % (32 / SWIZZLE_STEP(vw))))
#if SWIZZLE && TRANSA == 0
#define SWIZZLE_A(k) SWIZZLE_MASK(k, VWA)
#else
#define SWIZZLE_A(k) 0
#endif
#if SWIZZLE && TRANSB == 1
#define SWIZZLE_B(k) SWIZZLE_MASK(k, VWB)
#else
#define SWIZZLE_B(k) 0
#endif

// Registers are read from local memory four at a time where the layout allows it.
#if STRM != 1 && WPTM % 4 == 0 && LDA_LOCAL % 4 == 0
#define LOCAL_VECTOR_A 1
#else
#define LOCAL_VECTOR_A 0
#endif
#if STRN != 1 && WPTN % 4 == 0 && LDB_LOCAL % 4 == 0
#define LOCAL_VECTOR_B 1
#else
#define LOCAL_VECTOR_B 0
#endif

// Row (column) of the tile that a work-item at grid row (column) lid holds as its wm-th (wn-th).
#define GROUP(wpt) ((wpt) % 4 == 0 ? 4 : (wpt) % 2 == 0 ? 2 : 1)  // run length of ownership 2
#if STRM == 0
#define ROW(lid, wm) ((lid) * WPTM + (wm))
#elif STRM == 1
#define ROW(lid, wm) ((lid) + (wm) * RTSM)
#else
#define ROW(lid, wm) ((((wm) / GROUP(WPTM)) * RTSM + (lid)) * GROUP(WPTM) + (wm) % GROUP(WPTM))
#endif
#if STRN == 0
#define COL(lid, wn) ((lid) * WPTN + (wn))
#elif STRN == 1
#define COL(lid, wn) ((lid) + (wn) * RTSN)
#else
#define COL(lid, wn) ((((wn) / GROUP(WPTN)) * RTSN + (lid)) * GROUP(WPTN) + (wn) % GROUP(WPTN))
#endif

// Position of a work-item's v-th vector within a tile whose rows are `cols` elements wide.
#define TILE_ROW(v, cols, vw) ((v) / ((cols) / (vw)))
#define TILE_COL(v, cols, vw) (((v) % ((cols) / (vw))) * (vw))

// Global-memory staging of one A tile. TRANSA == 0: A is M x K, contiguous along k;
// TRANSA == 1: A is K x M, contiguous along m. `a` points at the tile's first element.
// `full` means the whole tile lies inside the matrix, so vector loads need no bounds checks.
inline void load_a(__global const REAL* restrict a, const int lda, const int rows_left,
                   const int depth_left, const bool full, REALA staged[A_LOADS]) {
  const int tid = get_local_id(1) * RTSN + get_local_id(0);
#pragma unroll
  for (int l = 0; l < A_LOADS; ++l) {
    const int v = tid + l * THREADS;
#if TRANSA == 0
    const int r = TILE_ROW(v, TSK, VWA), c = TILE_COL(v, TSK, VWA);  // r: m, c: k
    const bool inside_r = r < rows_left;
#else
    const int r = TILE_ROW(v, TSM, VWA), c = TILE_COL(v, TSM, VWA);  // r: k, c: m
    const bool inside_r = r < depth_left;
#endif
    __global const REAL* p = a + r * lda + c;
    if (!CHECKS || full) {
      staged[l] = *((__global const REALA*)p);
    } else {
      REAL* s = (REAL*)&staged[l];
#pragma unroll
      for (int i = 0; i < VWA; ++i) {
#if TRANSA == 0
        const bool inside = inside_r && c + i < depth_left;
#else
        const bool inside = inside_r && c + i < rows_left;
#endif
        s[i] = inside ? p[i] : (REAL)0;
      }
    }
  }
}

// Local-memory store of a staged A tile, transposed to [k][m].
inline void store_a(__local REAL* als, const REALA staged[A_LOADS]) {
  const int tid = get_local_id(1) * RTSN + get_local_id(0);
#pragma unroll
  for (int l = 0; l < A_LOADS; ++l) {
    const int v = tid + l * THREADS;
    const REAL* s = (const REAL*)&staged[l];
#if TRANSA == 0
    const int m = TILE_ROW(v, TSK, VWA), k = TILE_COL(v, TSK, VWA);
#pragma unroll
    for (int i = 0; i < VWA; ++i) als[(k + i) * LDA_LOCAL + (m ^ SWIZZLE_A(k))] = s[i];
#else
    const int k = TILE_ROW(v, TSM, VWA), m = TILE_COL(v, TSM, VWA);
#pragma unroll
    for (int i = 0; i < VWA; ++i) als[k * LDA_LOCAL + m + i] = s[i];
#endif
  }
}

// Global-memory staging of one B tile. TRANSB == 0: B is K x N, contiguous along n;
// TRANSB == 1: B is N x K, contiguous along k.
inline void load_b(__global const REAL* restrict b, const int ldb, const int cols_left,
                   const int depth_left, const bool full, REALB staged[B_LOADS]) {
  const int tid = get_local_id(1) * RTSN + get_local_id(0);
#pragma unroll
  for (int l = 0; l < B_LOADS; ++l) {
    const int v = tid + l * THREADS;
#if TRANSB == 0
    const int r = TILE_ROW(v, TSN, VWB), c = TILE_COL(v, TSN, VWB);  // r: k, c: n
    const bool inside_r = r < depth_left;
#else
    const int r = TILE_ROW(v, TSK, VWB), c = TILE_COL(v, TSK, VWB);  // r: n, c: k
    const bool inside_r = r < cols_left;
#endif
    __global const REAL* p = b + r * ldb + c;
    if (!CHECKS || full) {
      staged[l] = *((__global const REALB*)p);
    } else {
      REAL* s = (REAL*)&staged[l];
#pragma unroll
      for (int i = 0; i < VWB; ++i) {
#if TRANSB == 0
        const bool inside = inside_r && c + i < cols_left;
#else
        const bool inside = inside_r && c + i < depth_left;
#endif
        s[i] = inside ? p[i] : (REAL)0;
      }
    }
  }
}

// Local-memory store of a staged B tile as [k][n].
inline void store_b(__local REAL* bls, const REALB staged[B_LOADS]) {
  const int tid = get_local_id(1) * RTSN + get_local_id(0);
#pragma unroll
  for (int l = 0; l < B_LOADS; ++l) {
    const int v = tid + l * THREADS;
    const REAL* s = (const REAL*)&staged[l];
#if TRANSB == 0
    const int k = TILE_ROW(v, TSN, VWB), n = TILE_COL(v, TSN, VWB);
#pragma unroll
    for (int i = 0; i < VWB; ++i) bls[k * LDB_LOCAL + n + i] = s[i];
#else
    const int n = TILE_ROW(v, TSK, VWB), k = TILE_COL(v, TSK, VWB);
#pragma unroll
    for (int i = 0; i < VWB; ++i) bls[(k + i) * LDB_LOCAL + (n ^ SWIZZLE_B(k))] = s[i];
#endif
  }
}

// This work-item's row (lm) and column (ln) in the RTSM x RTSN grid of work-items computing C.
inline int2 grid_position(void) {
#if WARPN == 0
  return (int2)(get_local_id(1), get_local_id(0));
#else
  const int t = get_local_id(1) * RTSN + get_local_id(0);
  const int warp = t / 32, lane = t % 32;
  const int warps_n = RTSN / WARPN;
  return (int2)((warp / warps_n) * (32 / WARPN) + lane / WARPN, (warp % warps_n) * WARPN + lane % WARPN);
#endif
}

// Multiply-accumulate of one local tile pair into the work-item's WPTM x WPTN registers.
inline void multiply_tile(__local const REAL* als, __local const REAL* bls, const int lm,
                          const int ln, REAL result[WPTM][WPTN]) {
  // A private copy, so that the accumulators stay in registers even where the compiler keeps
  // `result` in memory and cannot prove that stores to it leave the local tiles unchanged.
  REAL acc[WPTM][WPTN];
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm) {
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn) acc[wm][wn] = result[wm][wn];
  }
  PRAGMA(unroll KUNROLL)
  for (int k = 0; k < TSK; ++k) {
    REAL a[WPTM], b[WPTN];
#if LOCAL_VECTOR_A
#pragma unroll
    for (int w = 0; w < WPTM / 4; ++w) {
      const CONCAT(REAL, 4) v = *(__local const CONCAT(REAL, 4)*)(als + k * LDA_LOCAL + (ROW(lm, 4 * w) ^ SWIZZLE_A(k)));
      a[4 * w] = v.x; a[4 * w + 1] = v.y; a[4 * w + 2] = v.z; a[4 * w + 3] = v.w;
    }
#else
#pragma unroll
    for (int wm = 0; wm < WPTM; ++wm) a[wm] = als[k * LDA_LOCAL + (ROW(lm, wm) ^ SWIZZLE_A(k))];
#endif
#if LOCAL_VECTOR_B
#pragma unroll
    for (int w = 0; w < WPTN / 4; ++w) {
      const CONCAT(REAL, 4) v = *(__local const CONCAT(REAL, 4)*)(bls + k * LDB_LOCAL + (COL(ln, 4 * w) ^ SWIZZLE_B(k)));
      b[4 * w] = v.x; b[4 * w + 1] = v.y; b[4 * w + 2] = v.z; b[4 * w + 3] = v.w;
    }
#else
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn) b[wn] = bls[k * LDB_LOCAL + (COL(ln, wn) ^ SWIZZLE_B(k))];
#endif
#pragma unroll
    for (int wm = 0; wm < WPTM; ++wm) {
#pragma unroll
      for (int wn = 0; wn < WPTN; ++wn) acc[wm][wn] = MULTIPLY_ADD(a[wm], b[wn], acc[wm][wn]);
    }
  }
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm) {
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn) result[wm][wn] = acc[wm][wn];
  }
}

#if KSPLIT > 1
// *p += value for single precision; the host allows KSPLIT > 1 only with PRECISION == 32.
// OpenCL 1.2 has no atomic float add: NVIDIA devices (recognised by their extension macro) get
// the hardware's reduction through inline PTX, the others a compare-and-swap loop on the bits.
inline void atomic_add_real(__global REAL* p, const REAL value) {
#if defined(cl_nv_pragma_unroll)
  __asm__ volatile("red.global.add.f32 [%0], %1;" : : "l"(p), "f"(value) : "memory");
#else
  volatile __global uint* bits = (volatile __global uint*)p;
  uint expected = *bits;
  for (;;) {
    const uint seen = atomic_cmpxchg(bits, expected, as_uint(as_float(expected) + value));
    if (seen == expected) break;
    expected = seen;
  }
#endif
}
#endif

#if CSTAGE && KSPLIT == 1
// Rows of C in local memory at a time: B's local tiles, free once the last K tile is multiplied.
#define STAGE_ROWS (BUFFERS * TSK * LDB_LOCAL / TSN < RTSM ? BUFFERS * TSK * LDB_LOCAL / TSN : RTSM)

// Writes a whole tile of C one slab of rows at a time (the rows ROW(lm, wm) of one wm), through
// `stage`: a work-item's own columns, written one by one, scatter a warp's stores over several
// times the memory lines (on an H200 a flat 3194x2731x10 TT ran 1.6 times as long as 3194x2732x10),
// where from local memory consecutive work-items write consecutive columns of a row.
inline void store_c_staged(__local REAL* stage, __global REAL* c, const int ldc, const REAL alpha,
                           const REAL beta, REAL acc[WPTM][WPTN], const int lm, const int ln) {
  const int thread = get_local_id(1) * RTSN + get_local_id(0);
  const int pieces = (RTSM + STAGE_ROWS - 1) / STAGE_ROWS;  // rounds of local memory per slab
  // One loop over the rounds with its two barriers, the accumulators picked by unrolled tests:
  // barriers inside unrolled loops took PoCL's compiler minutes for 8 rows a work-item.
  for (int round = 0; round < WPTM * pieces; ++round) {
    const int slab = round / pieces, first = (round % pieces) * STAGE_ROWS;
    if (lm >= first && lm < first + STAGE_ROWS) {
#pragma unroll
      for (int wm = 0; wm < WPTM; ++wm) {
        if (wm == slab) {
#pragma unroll
          for (int wn = 0; wn < WPTN; ++wn) stage[(lm - first) * TSN + COL(ln, wn)] = acc[wm][wn];
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int e = thread; e < STAGE_ROWS * TSN; e += RTSM * RTSN) {
      const int row = first + e / TSN;
      if (row < RTSM) {
        __global REAL* p = c + (size_t)ROW(row, slab) * ldc + e % TSN;
        *p = beta == (REAL)0 ? alpha * stage[e] : mad(alpha, stage[e], beta * *p);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif

// C = beta * C (0 when beta is 0, without reading C): the first step of a split-K product.
__kernel void xgemm_scale(const int M, const int N, const REAL beta, __global REAL* C,
                          const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global REAL* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == (REAL)0 ? (REAL)0 : beta * *p;
}

__kernel __attribute__((reqd_work_group_size(RTSN, RTSM, 1)))
void xgemm(const int M, const int N, int K, const REAL alpha, const REAL beta,
           __global const REAL* restrict A, const ulong a_offset, const int lda,
           __global const REAL* restrict B, const ulong b_offset, const int ldb,
           __global REAL* C, const ulong c_offset, const int ldc) {
  // Aligned so that four consecutive elements can be read as one vector.
  __local REAL als[BUFFERS][TSK * LDA_LOCAL] __attribute__((aligned(32)));
  __local REAL bls[BUFFERS][TSK * LDB_LOCAL] __attribute__((aligned(32)));

  const int2 position = grid_position();
  const int lm = position.x, ln = position.y;
  const int m0 = get_group_id(1) * TSM, n0 = get_group_id(0) * TSN;
  const int rows_left = M - m0, cols_left = N - n0;
  const bool full_m = !CHECKS || rows_left >= TSM, full_n = !CHECKS || cols_left >= TSN;
#if KSPLIT > 1
  // This work-group's share of K, in whole K tiles: [k_begin, k_begin + K).
  const int tiles_per_split = ((K + TSK - 1) / TSK + KSPLIT - 1) / KSPLIT;
  const int k_begin = min(K, (int)get_group_id(2) * tiles_per_split * TSK);
  K = min(K - k_begin, tiles_per_split * TSK);
#else
  const int k_begin = 0;
#endif

  // Pointers to the first tile, and the distance from one K tile to the next.
#if TRANSA == 0
  __global const REAL* a = A + a_offset + (size_t)m0 * lda + k_begin;
  const size_t a_step = TSK;
#else
  __global const REAL* a = A + a_offset + m0 + (size_t)k_begin * lda;
  const size_t a_step = (size_t)TSK * lda;
#endif
#if TRANSB == 0
  __global const REAL* b = B + b_offset + n0 + (size_t)k_begin * ldb;
  const size_t b_step = (size_t)TSK * ldb;
#else
  __global const REAL* b = B + b_offset + (size_t)n0 * ldb + k_begin;
  const size_t b_step = TSK;
#endif

  REAL acc[WPTM][WPTN];
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm) {
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn) acc[wm][wn] = (REAL)0;
  }

  REALA staged_a[A_LOADS];
  REALB staged_b[B_LOADS];
  const int tiles = (K + TSK - 1) / TSK;

#if PREFETCH
  if (tiles > 0) {
    load_a(a, lda, rows_left, K, full_m && K >= TSK, staged_a);
    load_b(b, ldb, cols_left, K, full_n && K >= TSK, staged_b);
    store_a(als[0], staged_a);
    store_b(bls[0], staged_b);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = 0; t < tiles; ++t) {
    const int current = t & 1;
    const bool more = t + 1 < tiles;
    if (more) {
      // Issue the next tile's global loads before computing, so their latency is hidden.
      const int depth_left = K - (t + 1) * TSK;
#if ADVANCE
      a += a_step;
      b += b_step;
      load_a(a, lda, rows_left, depth_left, full_m && depth_left >= TSK, staged_a);
      load_b(b, ldb, cols_left, depth_left, full_n && depth_left >= TSK, staged_b);
#else
      load_a(a + (t + 1) * a_step, lda, rows_left, depth_left, full_m && depth_left >= TSK,
             staged_a);
      load_b(b + (t + 1) * b_step, ldb, cols_left, depth_left, full_n && depth_left >= TSK,
             staged_b);
#endif
    }
    multiply_tile(als[current], bls[current], lm, ln, acc);
    if (more) {
      store_a(als[current ^ 1], staged_a);
      store_b(bls[current ^ 1], staged_b);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#else
  for (int t = 0; t < tiles; ++t) {
    const int depth_left = K - t * TSK;
#if ADVANCE
    load_a(a, lda, rows_left, depth_left, full_m && depth_left >= TSK, staged_a);
    load_b(b, ldb, cols_left, depth_left, full_n && depth_left >= TSK, staged_b);
    a += a_step;
    b += b_step;
#else
    load_a(a + t * a_step, lda, rows_left, depth_left, full_m && depth_left >= TSK, staged_a);
    load_b(b + t * b_step, ldb, cols_left, depth_left, full_n && depth_left >= TSK, staged_b);
#endif
    store_a(als[0], staged_a);
    store_b(bls[0], staged_b);
    barrier(CLK_LOCAL_MEM_FENCE);
    multiply_tile(als[0], bls[0], lm, ln, acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
#endif

  __global REAL* c = C + c_offset + (size_t)m0 * ldc + n0;
  const bool full = full_m && full_n;
#if KSPLIT == 1 && STRN != 1 && WPTN % 4 == 0
  // Whole tiles of C whose rows start 16-byte aligned are written four columns at a time.
  if (full && ((ldc | c_offset) & 3) == 0) {
#pragma unroll
    for (int wm = 0; wm < WPTM; ++wm) {
#pragma unroll
      for (int w = 0; w < WPTN / 4; ++w) {
        __global CONCAT(REAL, 4)* p = (__global CONCAT(REAL, 4)*)(c + (size_t)ROW(lm, wm) * ldc + COL(ln, 4 * w));
        const CONCAT(REAL, 4) sum = (CONCAT(REAL, 4))(acc[wm][4 * w], acc[wm][4 * w + 1],
                                                      acc[wm][4 * w + 2], acc[wm][4 * w + 3]);
        *p = beta == (REAL)0 ? alpha * sum : mad((CONCAT(REAL, 4))(alpha), sum, beta * *p);
      }
    }
    return;
  }
#endif
#if CSTAGE && KSPLIT == 1
  if (full) {
    store_c_staged(&bls[0][0], c, ldc, alpha, beta, acc, lm, ln);
    return;
  }
#endif
#pragma unroll
  for (int wm = 0; wm < WPTM; ++wm) {
    const int r = ROW(lm, wm);
#pragma unroll
    for (int wn = 0; wn < WPTN; ++wn) {
      const int col = COL(ln, wn);
      if (full || (r < rows_left && col < cols_left)) {
        __global REAL* p = c + (size_t)r * ldc + col;
#if KSPLIT > 1
        atomic_add_real(p, alpha * acc[wm][wn]);  // C already holds beta * C (xgemm_scale)
#else
        // With beta == 0, C is never read: whatever it holds (NaN included) cannot leak.
        *p = beta == (REAL)0 ? alpha * acc[wm][wn] : mad(alpha, acc[wm][wn], beta * *p);
#endif
      }
    }
  }
}
