// FP16, BF16, TF32 and FP32-accurate 3xTF32 GEMM on NVIDIA's matrix units (mma.sync through inline PTX).
//
// Row-major canonical form as in every family (kernels/README.md): C is M x N, op(A) M x K,
// op(B) K x N. A work-group of WARPS_M x WARPS_N warps computes a BM x BN tile of C
// (BM = WARPS_M * WTM, BN = WARPS_N * WTN); each warp a WTM x WTN tile of it, as a grid of 16 x 8
// instruction tiles whose FP32 accumulators stay in registers. FP16 and BF16 use m16n8k16, TF32
// and 3xTF32 m16n8k8.
//
// Tiles of A and B reach local memory by cp.async (global to local without registers), STAGES
// tiles of depth BK in flight, so loads overlap the products. Each operand is copied as it lies in
// memory (A as BM rows of BK, A^T as BK rows of BM, likewise B), so every transposition takes the
// same path. Local rows are split into 16-byte chunks whose order is permuted (XOR) by the row:
// the eight 16-byte rows that one 8 x 8 ldmatrix reads fall into distinct banks, as do the scalar
// TF32 fragment loads, without padding, which would cost local memory that stages need.
//
// Fragments: by ldmatrix, four 8 x 8 matrices of 16-bit elements per instruction (.trans where a
// 16-bit operand's contiguous dimension is M or N); a K-contiguous TF32 tile is read the same way
// (a matrix is then 8 rows of 4 elements), an M- or N-contiguous one element by element, since no
// ldmatrix transposes 32-bit elements. TF32 operands are rounded to 10 significand bits (half away
// from zero) before the product; 3xTF32 splits each
// operand x into big = tf32(x) and small = tf32(x - big) and accumulates small*big + big*small +
// big*big: what is lost is small*small and small's rounding, about 2^-21 |x| |y| per product,
// within the FP32 accuracy bound (CUTLASS's 3xTF32).
//
// Tuning parameters (defaults, candidates and rules in kernels/xgemm_mma.json):
//   WARPS_M, WARPS_N  warps of a work-group along M and N
//   WTM, WTN      the warp's tile of C (multiples of 16)
//   BK            depth of one tile in local memory (a multiple of the instruction's K)
//   STAGES        tiles in local memory at once, 2 to 8 (the copies in flight are STAGES - 1 tiles)
//   VWA, VWB      elements per copy (4, 8 or 16 bytes by cp.async; one 16-bit element by a plain
//                 load and store); the host lowers it where a leading dimension or offset is not
//                 aligned to it
//   KSPLIT        work-groups sharing one tile's K range, each adding its part into C with an
//                 atomic FP32 add after xgemm_mma_scale has applied beta (FP32 C only); 1: no split
//   GROUP_M       tile rows of C that consecutive work-groups sweep before moving along N, so that
//                 the tiles of A and B they share are still in L2; 1: row by row
// Problem properties: PRECISION (16 fp16, 116 bf16, 19 tf32, 332 3xtf32), TRANSA, TRANSB.
// storage_t, accumulator_t and store_element come from kernels/precision_storage.cl.

#if PRECISION == 16 || PRECISION == 116
#define ELEMENT_BYTES 2
#define MMA_K 16
#else
#define ELEMENT_BYTES 4
#define MMA_K 8
#endif

#define THREADS (32 * WARPS_M * WARPS_N)
#define BM (WARPS_M * WTM)
#define BN (WARPS_N * WTN)
#define MI (WTM / 16)  // instruction tiles of a warp along M
#define NI (WTN / 8)   // and along N

// Registers of one instruction's fragments per lane: A 16 x MMA_K, B MMA_K x 8, C 16 x 8 (FP32).
#define A_REGISTERS 4
#define B_REGISTERS 2
#define C_REGISTERS 4

// The swizzle. A local row of `length` elements has R = length / CHUNK chunks of 16 bytes (R is 2,
// 4 or a multiple of 8); 8 / R rows share a 128-byte line where R < 8. Chunk c of row r lies at
// c XOR key(r). The key takes min(R, 8) values along the rows, one per line, so 8 consecutive
// rows at one chunk (an ldmatrix matrix, or a TF32 fragment along a K-contiguous operand) fill all
// 32 banks. A TF32 fragment along an M- or N-contiguous operand reads 4 rows by 2 chunks: there the
// key steps by 2 (`pairs`), which spreads those 8 chunks over the banks instead.
#define CHUNK (16 / ELEMENT_BYTES)
#define ROW_CHUNKS(length) ((length) / CHUNK)
#define ROWS_PER_LINE(length) (ROW_CHUNKS(length) >= 8 ? 1 : 8 / ROW_CHUNKS(length))
#define KEY_SPAN(length) (ROW_CHUNKS(length) >= 8 ? 8 : ROW_CHUNKS(length))
#define SWIZZLE_KEY(row, length, pairs) (((pairs) ? 2 : 1) * ((row) / ROWS_PER_LINE(length)) % KEY_SPAN(length))
#define SWIZZLED(row, column, length, pairs) \
  ((row) * (length) + ((((column) / CHUNK) ^ SWIZZLE_KEY(row, length, pairs)) * CHUNK + (column) % CHUNK))

// Local tiles, laid out as the operands lie in global memory.
#define A_STAGE (BM * BK)
#define B_STAGE (BK * BN)
#define PAIRS (ELEMENT_BYTES == 4)  // scalar fragment loads read 4 rows by 2 chunks of an M/N-contiguous tile
#if TRANSA
#define A_LOCAL(m, k) SWIZZLED(k, m, BM, PAIRS)
#else
#define A_LOCAL(m, k) SWIZZLED(m, k, BK, 0)
#endif
#if TRANSB
#define B_LOCAL(k, n) SWIZZLED(n, k, BK, 0)
#else
#define B_LOCAL(k, n) SWIZZLED(k, n, BN, PAIRS)
#endif

// Which row of which 8 x 8 matrix lane (q = lane / 8, r = lane % 8) addresses for ldmatrix, as an
// offset (m, k) into A's 16 x MMA_K tile and (k, n) into B's MMA_K x 16 pair of tiles: each
// address is the start of 16 bytes (one chunk: 8 16-bit or 4 32-bit elements) along the operand's
// contiguous dimension. Matrix q of A covers rows 8 (q % 2) on and the chunk q / 2 of K; of B, the
// chunk q % 2 of K and columns 8 (q / 2) on.
#if TRANSA
#define A_LANE_M(q, r) ((q) % 2 * 8)
#define A_LANE_K(q, r) ((q) / 2 * 8 + (r))
#else
#define A_LANE_M(q, r) ((q) % 2 * 8 + (r))
#define A_LANE_K(q, r) ((q) / 2 * CHUNK)
#endif
#if TRANSB
#define B_LANE_K(q, r) ((q) % 2 * CHUNK)
#define B_LANE_N(q, r) ((q) / 2 * 8 + (r))
#else
#define B_LANE_K(q, r) ((q) % 2 * 8 + (r))
#define B_LANE_N(q, r) ((q) / 2 * 8)
#endif

// Element i of A's fragment of a TF32 16 x 8 tile: row g + 8 (i % 2), column t + 4 (i / 2); of
// B's: row t + 4 i, column g (PTX ISA, m16n8k8 .tf32 fragments).
#define A_FRAGMENT_ROW(i, g, t) ((g) + 8 * ((i) % 2))
#define A_FRAGMENT_COL(i, g, t) ((t) + 4 * ((i) / 2))
#define B_FRAGMENT_ROW(i, g, t) ((t) + 4 * (i))
#define B_FRAGMENT_COL(i, g, t) (g)

#ifndef FRAGMENT_MAP_TEST

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

// Copies `elements` (at most vw; fewer at a matrix's edge, 0 beyond it: the rest is written as
// zeros) from global to local memory. The local address is the shared-window address the
// instruction takes; the global one is the pointer itself, valid even when nothing is read.
inline void copy_elements(__local storage_t* destination, const __global storage_t* source, const int vw,
                          const int elements) {
  const uint bytes = (uint)(max(elements, 0) * ELEMENT_BYTES);
  if (vw * ELEMENT_BYTES == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else if (vw * ELEMENT_BYTES == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else if (vw * ELEMENT_BYTES == 4)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else  // one 16-bit element: below cp.async's smallest copy
    *destination = elements > 0 ? *source : (storage_t)0;
}

inline void copy_async_commit(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }

// Waits until at most STAGES - 2 groups of copies of this work-item are in flight: the oldest
// tile has arrived. The count must be an immediate.
#if STAGES == 2
#define IN_FLIGHT 0
#elif STAGES == 3
#define IN_FLIGHT 1
#elif STAGES == 4
#define IN_FLIGHT 2
#elif STAGES == 5
#define IN_FLIGHT 3
#elif STAGES == 6
#define IN_FLIGHT 4
#elif STAGES == 7
#define IN_FLIGHT 5
#elif STAGES == 8
#define IN_FLIGHT 6
#endif
#define COPY_ASYNC_WAIT() asm volatile("cp.async.wait_group " STRINGIFY(IN_FLIGHT) ";" ::: "memory")

// Issues the copies of one operand's tile: `rows` x `columns` of a row-major matrix (leading
// dimension ld) from (row0, column0), of which rows_valid x columns_valid lie inside it, into a
// swizzled local tile. Called with constants, so each call unrolls to its own loops. A tile wholly
// inside the matrix (all but the edge tiles) takes a path without checks: the copies' address
// arithmetic is issued beside the fragment loads and matrix products, and every instruction of
// it is one they wait for.
inline void load_block(__local storage_t* tile, const __global storage_t* matrix, const int ld, const int row0,
                       const int column0, const int rows_valid, const int columns_valid, const int rows,
                       const int columns, const int vw, const int pairs, const int thread) {
  const int copies = rows * columns / vw, per_row = columns / vw;
  const __global storage_t* origin = matrix + (size_t)row0 * ld + column0;
  if (rows_valid >= rows && columns_valid >= columns) {
#pragma unroll
    for (int i = 0; i < (copies + THREADS - 1) / THREADS; ++i) {
      const int chunk = thread + i * THREADS;
      if (copies % THREADS == 0 || chunk < copies) {
        const int row = chunk / per_row, column = chunk % per_row * vw;
        copy_elements(tile + SWIZZLED(row, column, columns, pairs), origin + (size_t)row * ld + column, vw, vw);
      }
    }
  } else {
#pragma unroll
    for (int i = 0; i < (copies + THREADS - 1) / THREADS; ++i) {
      const int chunk = thread + i * THREADS;
      if (copies % THREADS == 0 || chunk < copies) {
        const int row = chunk / per_row, column = chunk % per_row * vw;
        const int elements = row < rows_valid ? min(vw, columns_valid - column) : 0;
        copy_elements(tile + SWIZZLED(row, column, columns, pairs),
                      elements > 0 ? origin + (size_t)row * ld + column : matrix, vw, elements);
      }
    }
  }
}

// Issues the copies of K tile `tile` of A and B into local stage buffers.
inline void load_tile(__local storage_t* a_stage, __local storage_t* b_stage, const __global storage_t* A,
                      const int lda, const __global storage_t* B, const int ldb, const int M, const int N,
                      const int K, const int m0, const int n0, const int tile, const int thread) {
  const int k0 = tile * BK;
#if TRANSA
  load_block(a_stage, A, lda, k0, m0, K - k0, M - m0, BK, BM, VWA, PAIRS, thread);
#else
  load_block(a_stage, A, lda, m0, k0, M - m0, K - k0, BM, BK, VWA, 0, thread);
#endif
#if TRANSB
  load_block(b_stage, B, ldb, n0, k0, N - n0, K - k0, BN, BK, VWB, 0, thread);
#else
  load_block(b_stage, B, ldb, k0, n0, K - k0, N - n0, BK, BN, VWB, PAIRS, thread);
#endif
}

// Four 8 x 8 matrices of 16-bit elements; lane l gives the address of row l % 8 of matrix l / 8
// and receives, of each matrix, row l / 4 and columns 2 (l % 4) and 2 (l % 4) + 1, packed
// (transposed first with .trans). On 32-bit elements a matrix is 8 rows of 4 and lane l receives
// row l / 4, column l % 4: a TF32 fragment of a K-contiguous tile.
inline void load_matrices(uint* r, const __local storage_t* address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"((uint)(size_t)address));
}
inline void load_matrices_transposed(uint* r, const __local storage_t* address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"((uint)(size_t)address));
}

// A's fragment of the 16 x MMA_K tile at (m, k), in the instruction's register order (PTX ISA,
// with g = lane / 4, t = lane % 4): FP16/BF16 {(g, 2t..), (g + 8, 2t..), (g, 2t + 8..),
// (g + 8, 2t + 8..)}, TF32 {(g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4)}. No ldmatrix transposes
// 32-bit elements, so a TF32 A^T is read element by element.
inline void load_a(uint* a, const __local storage_t* stage, const int m, const int k, const int lane) {
  const int q = lane / 8, r = lane % 8;
#if !TRANSA
  load_matrices(a, stage + A_LOCAL(m + A_LANE_M(q, r), k + A_LANE_K(q, r)));
#elif ELEMENT_BYTES == 2
  load_matrices_transposed(a, stage + A_LOCAL(m + A_LANE_M(q, r), k + A_LANE_K(q, r)));
#else
  const int g = lane / 4, t = lane % 4;
#pragma unroll
  for (int f = 0; f < A_REGISTERS; ++f)
    a[f] = as_uint(stage[A_LOCAL(m + A_FRAGMENT_ROW(f, g, t), k + A_FRAGMENT_COL(f, g, t))]);
#endif
}

// B's fragments of two MMA_K x 8 tiles at (k, n) and (k, n + 8): b[0..1] of the first, b[2..3] of
// the second, each FP16/BF16 {(2t.., g), (2t + 8.., g)} or TF32 {(t, g), (t + 4, g)}.
inline void load_b_pair(uint* b, const __local storage_t* stage, const int k, const int n, const int lane) {
  const int q = lane / 8, r = lane % 8;
#if TRANSB
  load_matrices(b, stage + B_LOCAL(k + B_LANE_K(q, r), n + B_LANE_N(q, r)));
#elif ELEMENT_BYTES == 2
  load_matrices_transposed(b, stage + B_LOCAL(k + B_LANE_K(q, r), n + B_LANE_N(q, r)));
#else
  const int g = lane / 4, t = lane % 4;
#pragma unroll
  for (int f = 0; f < 2 * B_REGISTERS; ++f)
    b[f] = as_uint(stage[B_LOCAL(k + B_FRAGMENT_ROW(f % 2, g, t), n + f / 2 * 8 + B_FRAGMENT_COL(f % 2, g, t))]);
#endif
}

#if PRECISION == 19 || PRECISION == 332
// x rounded to TF32 (half away from zero: the low 13 bits carried into the 14th, then cleared).
inline uint tf32_big(const uint x) { return (x + 0x1000u) & 0xffffe000u; }
// The operand in place as its TF32 rounding, and (3xTF32) what that rounding left, rounded too.
inline void split_tf32(uint* big, uint* small) {
  const uint rounded = tf32_big(*big);
#if PRECISION == 332
  *small = tf32_big(as_uint(as_float(*big) - as_float(rounded)));
#endif
  *big = rounded;
}
#endif

// d += a * b for one instruction tile.
inline void mma(float* d, const uint* a, const uint* b) {
#if PRECISION == 16
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#elif PRECISION == 116
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#else
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}

__kernel void xgemm_mma_scale(const int M, const int N, const float beta, __global float* C, const ulong c_offset,
                              const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global float* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == 0.0f ? 0.0f : beta * *p;
}

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void xgemm_mma(const int M, const int N, const int K, const float alpha, const float beta,
               __global const storage_t* restrict A, const ulong a_offset, const int lda,
               __global const storage_t* restrict B, const ulong b_offset, const int ldb,
               __global storage_t* C, const ulong c_offset, const int ldc) {
  // The first KiB of the shared window is the driver's; cp.async and ldmatrix need 16-byte-aligned
  // addresses.
  __local storage_t a_tiles[STAGES * A_STAGE] __attribute__((aligned(16)));
  __local storage_t b_tiles[STAGES * B_STAGE] __attribute__((aligned(16)));
  A += a_offset;
  B += b_offset;
  C += c_offset;

  // Which tile of C: consecutive work-groups sweep GROUP_M tile rows before moving along N.
  const int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
  const int id = get_group_id(0), per_group = GROUP_M * tiles_n;
  const int first_m = id / per_group * GROUP_M, rows_here = min(tiles_m - first_m, GROUP_M);
  const int tile_m = first_m + id % per_group % rows_here, tile_n = id % per_group / rows_here;
  const int m0 = tile_m * BM, n0 = tile_n * BN;

  // This work-group's share of the K tiles.
  const int k_tiles = (K + BK - 1) / BK, share = (k_tiles + KSPLIT - 1) / KSPLIT;
  const int first_tile = get_group_id(2) * share, tiles = min(k_tiles - first_tile, share);

  const int thread = get_local_id(0), lane = thread % 32, warp = thread / 32;
  const int g = lane / 4, t = lane % 4;
  const int warp_m = warp / WARPS_N * WTM, warp_n = warp % WARPS_N * WTN;

  float accumulators[MI][NI][C_REGISTERS];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int c = 0; c < C_REGISTERS; ++c) accumulators[i][j][c] = 0.0f;

#pragma unroll
  for (int stage = 0; stage < STAGES - 1; ++stage) {
    if (stage < tiles)
      load_tile(a_tiles + stage * A_STAGE, b_tiles + stage * B_STAGE, A, lda, B, ldb, M, N, K, m0, n0,
                first_tile + stage, thread);
    copy_async_commit();
  }

  for (int step = 0; step < tiles; ++step) {
    COPY_ASYNC_WAIT();
    // Every work-item's copies of this tile have landed (the plain 16-bit copies too), and every
    // warp is done with the stage that the next copies overwrite.
    barrier(CLK_LOCAL_MEM_FENCE);
    const int ahead = step + STAGES - 1;
    if (ahead < tiles)
      load_tile(a_tiles + ahead % STAGES * A_STAGE, b_tiles + ahead % STAGES * B_STAGE, A, lda, B, ldb, M, N, K,
                m0, n0, first_tile + ahead, thread);
    copy_async_commit();

    const __local storage_t* a_stage = a_tiles + step % STAGES * A_STAGE;
    const __local storage_t* b_stage = b_tiles + step % STAGES * B_STAGE;
#pragma unroll
    for (int kk = 0; kk < BK; kk += MMA_K) {
      uint b[NI][B_REGISTERS];
#pragma unroll
      for (int j = 0; j < NI; j += 2) load_b_pair(&b[j][0], b_stage, kk, warp_n + j * 8, lane);
#if PRECISION == 19 || PRECISION == 332
      uint b_small[NI][B_REGISTERS];
#pragma unroll
      for (int j = 0; j < NI; ++j)
#pragma unroll
        for (int f = 0; f < B_REGISTERS; ++f) split_tf32(&b[j][f], &b_small[j][f]);
#endif
#pragma unroll
      for (int i = 0; i < MI; ++i) {
        uint a[A_REGISTERS];
        load_a(a, a_stage, warp_m + i * 16, kk, lane);
#if PRECISION == 19 || PRECISION == 332
        uint a_small[A_REGISTERS];
#pragma unroll
        for (int f = 0; f < A_REGISTERS; ++f) split_tf32(&a[f], &a_small[f]);
#endif
#pragma unroll
        for (int j = 0; j < NI; ++j) {
#if PRECISION == 332
          // The small products first: they are the ones the big product's rounding would lose.
          mma(accumulators[i][j], a_small, b[j]);
          mma(accumulators[i][j], a, b_small[j]);
#endif
          mma(accumulators[i][j], a, b[j]);
        }
      }
    }
  }

  // C's fragment: register c at row g + 8 (c / 2), column 2t + c % 2 of the 16 x 8 tile.
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int c = 0; c < C_REGISTERS; ++c) {
        const int m = m0 + warp_m + i * 16 + g + 8 * (c / 2);
        const int n = n0 + warp_n + j * 8 + 2 * t + c % 2;
        if (m < M && n < N) {
          __global storage_t* p = C + (size_t)m * ldc + n;
#if KSPLIT > 1
          asm volatile("red.global.add.f32 [%0], %1;" ::"l"((ulong)(size_t)p), "f"(alpha * accumulators[i][j][c])
                       : "memory");
#else
          store_element(p, beta == 0.0f ? alpha * accumulators[i][j][c]
                                        : alpha * accumulators[i][j][c] + beta * load_element(p));
#endif
        }
      }
}

#else  // FRAGMENT_MAP_TEST: the maps as the kernel uses them, for a host emulation on any device.

// For each lane: the (row, column) offsets its ldmatrix addresses name in A's and B's tiles, then
// its TF32 fragment elements of A (4) and B (2): 16 integers per lane.
__kernel void xgemm_mma_fragment_maps(__global int* out) {
  const int lane = get_global_id(0), q = lane / 8, r = lane % 8, g = lane / 4, t = lane % 4;
  __global int* p = out + lane * 16;
  *p++ = A_LANE_M(q, r);
  *p++ = A_LANE_K(q, r);
  *p++ = B_LANE_K(q, r);
  *p++ = B_LANE_N(q, r);
  for (int i = 0; i < A_REGISTERS; ++i) {
    *p++ = A_FRAGMENT_ROW(i, g, t);
    *p++ = A_FRAGMENT_COL(i, g, t);
  }
  for (int i = 0; i < B_REGISTERS; ++i) {
    *p++ = B_FRAGMENT_ROW(i, g, t);
    *p++ = B_FRAGMENT_COL(i, g, t);
  }
}

// Where element (row, column) of a local tile of `rows` rows of `length` elements lies, for every
// element: the swizzle, with `pairs` as the TF32 fragments along M or N use it.
__kernel void xgemm_mma_swizzle(__global int* out, const int rows, const int length, const int pairs) {
  const int column = get_global_id(0), row = get_global_id(1);
  if (row < rows && column < length) out[row * length + column] = SWIZZLED(row, column, length, pairs);
}

#endif
