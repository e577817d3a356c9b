// Double-precision GEMM on NVIDIA's FP64 matrix units (mma.sync .f64 through inline PTX), C = alpha * op(A) * op(B) + beta * C.
//
// Row-major canonical form as in every family (kernels/README.md): C is M x N, op(A) M x K,
// op(B) K x N. A work-group of WARPS_M x WARPS_N warps computes a BM x BN tile of C
// (BM = WARPS_M * WTM, BN = WARPS_N * WTN); each warp a WTM x WTN tile of it, as a grid of
// MMA_M x 8 instruction tiles whose accumulators stay in registers (8 x MMA_M where the
// instruction's rows run along N: PAIRS AS THEY LIE, below).
//
// Tiles of A and B reach local memory by cp.async (global to local without registers), STAGES
// tiles of depth BK in flight, so loads overlap the products. Each operand is copied along its
// contiguous dimension, as it lies in memory: A (not transposed) as BM rows of BK, A^T as BK rows
// of BM, likewise B. Whichever way an operand lies, one fragment load of a half-warp reads 4 rows
// by 4 consecutive columns of its local tile; the columns of each row are permuted (XOR) by the
// row so that those 16 doubles fall into the 16 distinct 8-byte bank pairs, without padding, which
// would cost local memory that deeper pipelines need (8-byte elements leave no use for ldmatrix,
// which moves 16-bit ones).
//
// Tuning parameters (defaults, candidates and rules in kernels/xgemm_mma64.json):
//   MMA_M, MMA_K  the instruction: m16n8k16, m16n8k8, m16n8k4 (MMA_M 16) or m8n8k4 (MMA_M 8); the
//                 Hopper shapes run at twice the rate of m8n8k4
//   WARPS_M, WARPS_N  warps of a work-group along M and N
//   WTM, WTN      the warp's tile of C (multiples of MMA_M and of 8; of 16 both with ROW_PAIRS 2)
//   BK            depth of one tile in local memory (a multiple of MMA_K)
//   STAGES        tiles in local memory at once, 2 to 8: the copies in flight while a work-group
//                 computes are STAGES - 1 tiles; two or three work-groups share a multiprocessor
//                 (their accumulators fill the registers), so thin tiles in many stages keep more
//                 bytes in flight than thick ones in few
//   VWA, VWB      doubles per cp.async (1 or 2); the host lowers 2 to 1 where a leading dimension
//                 or offset is odd, since a 16-byte copy needs a 16-byte-aligned source
//   KSPLIT        work-groups sharing one tile's K range, each adding its part into C with an
//                 atomic FP64 add after xgemm_mma64_scale has applied beta; 1: no split
//   GROUP_M       tile rows of C that consecutive work-groups sweep before moving along N, so
//                 that the tiles of A and B they share are still in L2; 1: row by row
//   PACK          1: run on operands packed first (PACKED, below); 0: read them as they lie
//   COPY          how packed tiles reach local memory: 0 cp.async by every work-item, 1 one bulk
//                 copy (cp.async.bulk) per operand and stage of tile images, issued by one
//                 work-item and counted by the stage's mbarrier, off the work-items' load path
//   ROW_PAIRS     1 (with COPY 1): A's tile images pair rows r and r + 8 (ROW_PAIRED_TILE_OFFSET of
//                 kernels/operand_pack.cl says why); 2: the pairs the operands give as they lie
//                 (PAIRS AS THEY LIE, below); 0: pairs of K
// Problem properties: PRECISION (64 only), TRANSA, TRANSB, PACKED.
//
// PACKED: op(A) and op(B)^T were packed by kernels/operand_pack.cl K-contiguous (with ROW_PAIRS 2,
// X along its rows) and padded with zeros to whole tiles, laid out as tile images (below), no copy
// is checked, and a lane reads its fragment in 16-byte pairs, half the local-memory loads of
// 8-byte ones: the instruction's K is permuted alike for A and B (FRAGMENT_K), which leaves the
// product as it was and puts each lane's elements side by side. Packing costs a read and a write
// of each operand before the product.
//
// PAIRS AS THEY LIE (ROW_PAIRS 2): the instruction's A operand takes its registers in pairs of rows
// (g and g + 8) at one depth, its B operand in pairs of depths at one column. An operand that lies
// with its rows contiguous gives the first as neighbours, one with K contiguous the second. TRANSA
// alone picks X, the instruction's A operand: op(A) in TT and TN (A^T's rows of M), op(B)^T in NN
// and NT (B's rows of N); Y is the other. The instruction's rows g and g + 8 are X's neighbours 2 g
// and 2 g + 1, its depth is permuted alike for X and Y (PAIRED_K), and where X is op(B)^T the
// kernel computes C^T's tile, B^T A^T, and writes it back transposed. In NN and TT both operands
// lie as their images do and are packed by plain copies of 16-byte pairs (kernels/operand_pack.cl,
// X_IMAGE_OFFSET and Y_IMAGE_OFFSET); in NT and TN the pack transposes one of them, as it does
// both without pairs.
// cl_khr_fp64 and storage_t come from kernels/precision_storage.cl, the copies and mbarriers from
// kernels/async_copy.cl, pack_operand and the tile images' layout from kernels/operand_pack.cl.

#define THREADS (32 * WARPS_M * WARPS_N)
#define BM (WARPS_M * WTM)
#define BN (WARPS_N * WTN)
#define PAIRS_AS_THEY_LIE (ROW_PAIRS == 2)
#if PAIRS_AS_THEY_LIE && (!PACKED || MMA_M != 16 || MMA_K < 8)
#error "ROW_PAIRS 2 takes packed operands and m16n8k8 or m16n8k16"
#endif
// The instruction's rows run along N where X is op(B)^T (the kernel computes C^T's tile), along M
// otherwise; WTR x WTS is a warp's tile in the instruction's rows and columns.
#if PAIRS_AS_THEY_LIE && !TRANSA
#define ROWS_ALONG_N 1
#define WTR WTN
#define WTS WTM
#else
#define ROWS_ALONG_N 0
#define WTR WTM
#define WTS WTN
#endif
#define MI (WTR / MMA_M)  // instruction tiles of a warp along its rows
#define NI (WTS / 8)      // and along its columns
// The first row and column of a warp's tile in the instruction's terms.
#if ROWS_ALONG_N
#define WARP_R warp_n
#define WARP_S warp_m
#else
#define WARP_R warp_m
#define WARP_S warp_n
#endif

// Fragment sizes of one instruction, in doubles per lane (PTX ISA, "Matrix fragments for mma.m*n8k*
// with .f64"): A holds MMA_M x MMA_K, B MMA_K x 8, C MMA_M x 8, over 32 lanes.
#define A_FRAGMENT (MMA_M * MMA_K / 32)
#define B_FRAGMENT (MMA_K / 4)
#define C_FRAGMENT (MMA_M / 4)

// Which element of the instruction's tile a lane holds, with g = lane / 4 and t = lane % 4: the
// i-th of A at row g + 8 (i % (MMA_M / 8)), column t + 4 (i / (MMA_M / 8)); the i-th of B at row
// t + 4 i, column g; the i-th of C at row g + 8 (i / 2), column 2 t + i % 2.
// tests/device/mma64_fragment_test.cpp checks these against the PTX ISA's tables by emulation.
#define A_FRAGMENT_ROW(i, g, t) ((g) + 8 * ((i) % (MMA_M / 8)))
#define A_FRAGMENT_COL(i, g, t) ((t) + 4 * ((i) / (MMA_M / 8)))
#define B_FRAGMENT_ROW(i, g, t) ((t) + 4 * (i))
#define B_FRAGMENT_COL(i, g, t) (g)
#define C_FRAGMENT_ROW(i, g, t) ((g) + 8 * ((i) / 2))
#define C_FRAGMENT_COL(i, g, t) (2 * (t) + (i) % 2)

// Where element (row, column) of a local row of `length` doubles (4, 8 or a multiple of 16) lies:
// its column XOR 4 times the row's position among 4 (rows of 16 or more, which start in the same
// bank pair) or among the 4 half-lines of two lines (rows of 8, two to a 128-byte line); rows of
// 4 are already 4 rows of 4 consecutive doubles, 128 bytes in a row. Pairs of columns stay
// together, so a 16-byte copy still lands in one piece.
#define SWIZZLED(row, column, length) \
  ((row) * (length) + \
   ((column) ^ ((length) >= 16 ? (row) % 4 * 4 : (length) == 8 ? (row) / 2 % 2 * 4 : 0)))

// A_STAGE and B_STAGE: one stage of the instruction's A and B operands.
#if ROWS_ALONG_N
#define A_STAGE (BK * BN)
#define B_STAGE (BM * BK)
#else
#define A_STAGE (BM * BK)
#define B_STAGE (BK * BN)
#endif
#if ROW_PAIRS && !COPY
#error "ROW_PAIRS lays out tile images, which only COPY 1 copies"
#endif
#if PAIRS_AS_THEY_LIE
// The instruction's A operand's element (row, k) and its B operand's (k, column): X's and Y's images.
// PAIRED_K(q, t) is the stage's depth of logical column t + 4 q of an instruction: 2 t and 2 t + 1
// for q = 0 and 1, 8 on for q = 2 and 3. PAIRED_COLUMN(g) is Y's row of the instruction's column g,
// so that a quarter-warp's two columns lie 4 rows apart, in the other half of the swizzle.
#define A_LOCAL(row, k) X_IMAGE_OFFSET(row, k, ROWS_ALONG_N ? BN : BM)
#define B_LOCAL(k, column) Y_IMAGE_OFFSET(column, k, BK)
#define PAIRED_K(q, t) (8 * ((q) / 2) + 2 * (t) + (q) % 2)
#define PAIRED_COLUMN(g) ((g) / 2 + 4 * ((g) % 2))
// Where accumulator c of an instruction tile lies in it: rows 2 g and 2 g + 1 (the instruction's g
// and g + 8), columns PAIRED_COLUMN(2 t) and PAIRED_COLUMN(2 t + 1).
#define C_TILE_ROW(c, g, t) (2 * (g) + (c) / 2)
#define C_TILE_COL(c, g, t) ((t) + 4 * ((c) % 2))
#elif PACKED
// Local tiles, laid out as the operands lie in global memory (see the header), or, packed, as the
// tile images of kernels/operand_pack.cl (SWIZZLED_TILE_OFFSET: rows of 16 doubles of K, their
// 16-byte chunks swizzled by the row's position among 8). A lane's chunks in a row of 16 are 2 t
// and 2 t + 1: both at once for m16n8k16, one per instruction for m16n8k8 (its two instructions of
// a row take the even chunks, then the odd ones). Rows g and g + 1 of a quarter-warp then read
// chunks of opposite parity after the swizzle, in distinct banks. FRAGMENT_K is the physical column
// of the q-th logical column t + 4 q of the instruction at depth kk.
#define FRAGMENT_K(kk, q, t) ((kk) / 16 * 16 + 4 * (t) + (MMA_K == 8 ? 2 * ((kk) / 8 % 2) : 0) + (q))
#if ROW_PAIRS
#define A_LOCAL(m, k) ROW_PAIRED_TILE_OFFSET(m, k, BK)
#else
#define A_LOCAL(m, k) SWIZZLED_TILE_OFFSET(m, k, BM)
#endif
#define B_LOCAL(k, n) SWIZZLED_TILE_OFFSET(n, k, BN)
#elif TRANSA
#define A_LOCAL(m, k) SWIZZLED(k, m, BM)
#else
#define A_LOCAL(m, k) SWIZZLED(m, k, BK)
#endif
#ifndef C_TILE_ROW
#define C_TILE_ROW(c, g, t) C_FRAGMENT_ROW(c, g, t)
#define C_TILE_COL(c, g, t) C_FRAGMENT_COL(c, g, t)
#endif
#if TRANSB && !PACKED
#define B_LOCAL(k, n) SWIZZLED(n, k, BK)
#elif !PACKED
#define B_LOCAL(k, n) SWIZZLED(k, n, BN)
#endif

// A's fragment of the instruction tile whose first row is `row` of the stage, at depth kk; B's of the
// one whose first column is `column`.
inline void load_a_fragment(const __local double* stage, const int row, const int kk, const int g, const int t,
                            double* a) {
#if PAIRS_AS_THEY_LIE
  // Registers 2 q and 2 q + 1 hold logical column t + 4 q of rows g and g + 8: X's neighbours.
#pragma unroll
  for (int q = 0; q < A_FRAGMENT / 2; ++q) {
    const double2 pair = *(const __local double2*)(stage + A_LOCAL(row + 2 * g, kk + PAIRED_K(q, t)));
    a[2 * q] = pair.x;
    a[2 * q + 1] = pair.y;
  }
#elif PACKED && ROW_PAIRS
  // Registers 2 q and 2 q + 1 hold logical column t + 4 q of rows g and g + 8: one pair.
#pragma unroll
  for (int q = 0; q < A_FRAGMENT / 2; ++q) {
    const double2 pair = *(const __local double2*)(stage + A_LOCAL(row + g, FRAGMENT_K(kk, q, t)));
    a[2 * q] = pair.x;
    a[2 * q + 1] = pair.y;
  }
#elif PACKED
  // Register i holds logical column t + 4 (i / 2) of row g + 8 (i % 2): registers i and i + 2 are a pair.
#pragma unroll
  for (int f = 0; f < A_FRAGMENT; f += 4)
#pragma unroll
    for (int lower = 0; lower < 2; ++lower) {  // rows g, then g + 8
      const double2 pair = *(const __local double2*)(stage + A_LOCAL(row + g + 8 * lower, FRAGMENT_K(kk, f / 2, t)));
      a[f + lower] = pair.x;
      a[f + lower + 2] = pair.y;
    }
#else
#pragma unroll
  for (int f = 0; f < A_FRAGMENT; ++f)
    a[f] = stage[A_LOCAL(row + A_FRAGMENT_ROW(f, g, t), kk + A_FRAGMENT_COL(f, g, t))];
#endif
}
inline void load_b_fragment(const __local double* stage, const int column, const int kk, const int g, const int t,
                            double* b) {
#if PAIRS_AS_THEY_LIE
  // Register i holds logical row t + 4 i: registers i and i + 1 are a pair.
#pragma unroll
  for (int f = 0; f < B_FRAGMENT; f += 2) {
    const double2 pair = *(const __local double2*)(stage + B_LOCAL(kk + PAIRED_K(f, t), column + PAIRED_COLUMN(g)));
    b[f] = pair.x;
    b[f + 1] = pair.y;
  }
#elif PACKED
  // Register i holds logical row t + 4 i: registers i and i + 1 are a pair.
#pragma unroll
  for (int f = 0; f < B_FRAGMENT; f += 2) {
    const double2 pair = *(const __local double2*)(stage + B_LOCAL(FRAGMENT_K(kk, f, t), column + g));
    b[f] = pair.x;
    b[f + 1] = pair.y;
  }
#else
#pragma unroll
  for (int f = 0; f < B_FRAGMENT; ++f)
    b[f] = stage[B_LOCAL(kk + B_FRAGMENT_ROW(f, g, t), column + B_FRAGMENT_COL(f, g, t))];
#endif
}

#ifndef FRAGMENT_MAP_TEST

// Waits until at most STAGES - 2 groups of copies of this work-item are in flight: the oldest
// tile has arrived. The count must be an immediate.
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
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

// d += a * b for one instruction tile.
inline void mma(double* d, const double* a, const double* b) {
#if MMA_M == 8
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d[0]), "+d"(d[1])
               : "d"(a[0]), "d"(b[0]));
#elif MMA_K == 4
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
               : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
               : "d"(a[0]), "d"(a[1]), "d"(b[0]));
#elif MMA_K == 8
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#else
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, "
      "{%12, %13, %14, %15}, {%0, %1, %2, %3};"
      : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]),
        "d"(b[2]), "d"(b[3]));
#endif
}

// Issues the copies of one K tile of A and B (tile index `tile`) into local stage buffers (COPY 0,
// so never where the instruction's A operand is op(B)^T: ROW_PAIRS takes COPY 1).
inline void load_tile(__local double* a_stage, __local double* b_stage, const __global double* A, const int lda,
                      const __global double* B, const int ldb, const int M, const int N, const int K, const int m0,
                      const int n0, const int tile, const int thread) {
  const int k0 = tile * BK;
#if PACKED
  // Whole tiles of K-contiguous rows: 16-byte copies, none checked.
  for (int chunk = thread; chunk < BM * BK / 2; chunk += THREADS) {
    const int m = chunk / (BK / 2), k = chunk % (BK / 2) * 2;
    copy_async(a_stage + A_LOCAL(m, k), A + (size_t)(m0 + m) * lda + k0 + k, 2, 2);
  }
  for (int chunk = thread; chunk < BN * BK / 2; chunk += THREADS) {
    const int n = chunk / (BK / 2), k = chunk % (BK / 2) * 2;
    copy_async(b_stage + B_LOCAL(k, n), B + (size_t)(n0 + n) * ldb + k0 + k, 2, 2);
  }
#else
#if TRANSA
  // A^T is stored K x M: BK rows of BM contiguous elements.
  for (int chunk = thread; chunk < BK * BM / VWA; chunk += THREADS) {
    const int k = chunk / (BM / VWA), m = chunk % (BM / VWA) * VWA;
    const int left = (k0 + k < K) ? min(VWA, M - m0 - m) : 0;
    const __global double* source = left > 0 ? A + (size_t)(k0 + k) * lda + m0 + m : A;
    copy_async(a_stage + A_LOCAL(m, k), source, VWA, left);
  }
#else
  for (int chunk = thread; chunk < BM * BK / VWA; chunk += THREADS) {
    const int m = chunk / (BK / VWA), k = chunk % (BK / VWA) * VWA;
    const int left = (m0 + m < M) ? min(VWA, K - k0 - k) : 0;
    const __global double* source = left > 0 ? A + (size_t)(m0 + m) * lda + k0 + k : A;
    copy_async(a_stage + A_LOCAL(m, k), source, VWA, left);
  }
#endif
#if TRANSB
  // B^T is stored N x K: BN rows of BK contiguous elements.
  for (int chunk = thread; chunk < BN * BK / VWB; chunk += THREADS) {
    const int n = chunk / (BK / VWB), k = chunk % (BK / VWB) * VWB;
    const int left = (n0 + n < N) ? min(VWB, K - k0 - k) : 0;
    const __global double* source = left > 0 ? B + (size_t)(n0 + n) * ldb + k0 + k : B;
    copy_async(b_stage + B_LOCAL(k, n), source, VWB, left);
  }
#else
  for (int chunk = thread; chunk < BK * BN / VWB; chunk += THREADS) {
    const int k = chunk / (BN / VWB), n = chunk % (BN / VWB) * VWB;
    const int left = (k0 + k < K) ? min(VWB, N - n0 - n) : 0;
    const __global double* source = left > 0 ? B + (size_t)(k0 + k) * ldb + n0 + n : B;
    copy_async(b_stage + B_LOCAL(k, n), source, VWB, left);
  }
#endif
#endif
}

__kernel void xgemm_mma64_scale(const int M, const int N, const double beta, __global double* C,
                                const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global double* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == 0.0 ? 0.0 : beta * *p;
}

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void xgemm_mma64(const int M, const int N, const int K, const double alpha, const double beta,
                 __global const double* restrict A, const ulong a_offset, const int lda,
                 __global const double* restrict B, const ulong b_offset, const int ldb,
                 __global double* C, const ulong c_offset, const int ldc) {
  // The first KiB of the shared window is the driver's; cp.async needs 16-byte-aligned targets, bulk
  // copies 16-byte-aligned ones and run fastest on 128-byte-aligned ones.
  __local double a_tiles[STAGES * A_STAGE] __attribute__((aligned(128)));
  __local double b_tiles[STAGES * B_STAGE] __attribute__((aligned(128)));
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

  double accumulators[MI][NI][C_FRAGMENT];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int c = 0; c < C_FRAGMENT; ++c) accumulators[i][j][c] = 0.0;

#if COPY
  // One bulk copy per operand and stage, issued by one work-item, counted by the stage's mbarrier.
  __local ulong stage_barriers[STAGES] __attribute__((aligned(8)));
  const uint barriers = (uint)(size_t)stage_barriers;
  const uint a_window = (uint)(size_t)a_tiles, b_window = (uint)(size_t)b_tiles;
  // The work-group's rows of the images of the instruction's A and B operands (K / BK tiles each:
  // packed K is whole tiles).
#if ROWS_ALONG_N
  const __global double* a_images = B + (size_t)tile_n * k_tiles * A_STAGE;
  const __global double* b_images = A + (size_t)tile_m * k_tiles * B_STAGE;
#else
  const __global double* a_images = A + (size_t)tile_m * k_tiles * A_STAGE;
  const __global double* b_images = B + (size_t)tile_n * k_tiles * B_STAGE;
#endif
  if (thread == 0) {
    for (int stage = 0; stage < STAGES; ++stage) init_barrier(barriers + 8u * (uint)stage, 1u);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int stage = 0; stage < STAGES - 1 && stage < tiles; ++stage)
      copy_tile_images(a_window, b_window, barriers, a_images, b_images, stage, first_tile + stage, A_STAGE, B_STAGE);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#else
#pragma unroll
  for (int stage = 0; stage < STAGES - 1; ++stage) {
    if (stage < tiles)
      load_tile(a_tiles + stage * A_STAGE, b_tiles + stage * B_STAGE, A, lda, B, ldb, M, N, K, m0, n0,
                first_tile + stage, thread);
    copy_async_commit();
  }
#endif

  for (int step = 0; step < tiles; ++step) {
    // Issued before the products: a later place, overlapping the matrix units, shortens the
    // distance the copies run ahead by as much, which cost more (30 against 35 TFLOP/s at 4096^3).
    const int ahead = step + STAGES - 1;
#if COPY
    // Use step / STAGES of the stage's mbarrier completes when its bytes have landed.
    wait_phase(barriers + 8u * (uint)(step % STAGES), (uint)(step / STAGES) & 1u);
    // Every warp is done with the stage that the next copies overwrite (the previous step's).
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thread == 0 && ahead < tiles)
      copy_tile_images(a_window, b_window, barriers, a_images, b_images, ahead % STAGES, first_tile + ahead, A_STAGE,
                       B_STAGE);
#else
    COPY_ASYNC_WAIT();
    // Every work-item's copies of this tile have landed, and every warp is done with the stage
    // that the next copies overwrite (the one computed in the previous step).
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ahead < tiles)
      load_tile(a_tiles + ahead % STAGES * A_STAGE, b_tiles + ahead % STAGES * B_STAGE, A, lda, B, ldb, M, N, K,
                m0, n0, first_tile + ahead, thread);
    copy_async_commit();
#endif

    const __local double* a_stage = a_tiles + step % STAGES * A_STAGE;
    const __local double* b_stage = b_tiles + step % STAGES * B_STAGE;
#pragma unroll
    for (int kk = 0; kk < BK; kk += MMA_K) {
      // B's fragments for every column of the warp's tile, A's one row of tiles at a time: the
      // accumulators leave few registers to spare.
      double b[NI][B_FRAGMENT];
#pragma unroll
      for (int j = 0; j < NI; ++j) load_b_fragment(b_stage, WARP_S + j * 8, kk, g, t, b[j]);
#pragma unroll
      for (int i = 0; i < MI; ++i) {
        double a[A_FRAGMENT];
        load_a_fragment(a_stage, WARP_R + i * MMA_M, kk, g, t, a);
#pragma unroll
        for (int j = 0; j < NI; ++j) mma(accumulators[i][j], a, b[j]);
      }
    }
  }

#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int c = 0; c < C_FRAGMENT; ++c) {
#if ROWS_ALONG_N
        const int m = m0 + warp_m + j * 8 + C_TILE_COL(c, g, t);
        const int n = n0 + warp_n + i * MMA_M + C_TILE_ROW(c, g, t);
#else
        const int m = m0 + warp_m + i * MMA_M + C_TILE_ROW(c, g, t);
        const int n = n0 + warp_n + j * 8 + C_TILE_COL(c, g, t);
#endif
        if (m < M && n < N) {
          __global double* p = C + (size_t)m * ldc + n;
#if KSPLIT > 1
          asm volatile("red.global.add.f64 [%0], %1;" ::"l"((ulong)(size_t)p), "d"(alpha * accumulators[i][j][c])
                       : "memory");
#else
          *p = beta == 0.0 ? alpha * accumulators[i][j][c] : alpha * accumulators[i][j][c] + beta * *p;
#endif
        }
      }
}

#else  // FRAGMENT_MAP_TEST: the fragment maps as the kernel uses them, for a host emulation on any device.

// For each lane: A's elements (row, column), then B's, then C's.
__kernel void xgemm_mma64_fragment_maps(__global int* out) {
  const int lane = get_global_id(0), g = lane / 4, t = lane % 4;
  __global int* p = out + lane * 2 * (A_FRAGMENT + B_FRAGMENT + C_FRAGMENT);
  for (int i = 0; i < A_FRAGMENT; ++i) {
    *p++ = A_FRAGMENT_ROW(i, g, t);
    *p++ = A_FRAGMENT_COL(i, g, t);
  }
  for (int i = 0; i < B_FRAGMENT; ++i) {
    *p++ = B_FRAGMENT_ROW(i, g, t);
    *p++ = B_FRAGMENT_COL(i, g, t);
  }
  for (int i = 0; i < C_FRAGMENT; ++i) {
    *p++ = C_FRAGMENT_ROW(i, g, t);
    *p++ = C_FRAGMENT_COL(i, g, t);
  }
}

// The fragments a lane loads from one stage whose element (row, k) of the instruction's A operand
// holds 64 row + k and of its B operand 64 n + k, at every depth kk of the stage: per kk and lane,
// A's registers then B's. And where each element lies: `a_offsets`[m BK + k], `b_offsets`[n BK + k];
// and where the kernel writes each lane's accumulators of an instruction tile in it, (row, column)
// per accumulator, in `c_places`. (With ROWS_ALONG_N the instruction's A operand is op(B)^T, BN
// rows, and its B operand op(A)^T.)
__kernel void xgemm_mma64_loaded_fragments(__global double* registers, __global int* a_offsets,
                                           __global int* b_offsets, __global int* c_places) {
  __local double a_stage[A_STAGE] __attribute__((aligned(16)));
  __local double b_stage[B_STAGE] __attribute__((aligned(16)));
  const int lane = get_local_id(0), g = lane / 4, t = lane % 4;
  for (int c = 0; c < C_FRAGMENT; ++c) {
    c_places[(lane * C_FRAGMENT + c) * 2] = C_TILE_ROW(c, g, t);
    c_places[(lane * C_FRAGMENT + c) * 2 + 1] = C_TILE_COL(c, g, t);
  }
  for (int i = lane; i < A_STAGE; i += 32) {
    const int m = i / BK, k = i % BK;
    a_stage[A_LOCAL(m, k)] = 64 * m + k;
    a_offsets[i] = A_LOCAL(m, k);
  }
  for (int i = lane; i < B_STAGE; i += 32) {
    const int n = i / BK, k = i % BK;
    b_stage[B_LOCAL(k, n)] = 64 * n + k;
    b_offsets[i] = B_LOCAL(k, n);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int kk = 0; kk < BK; kk += MMA_K) {
    __global double* p = registers + ((kk / MMA_K) * 32 + lane) * (A_FRAGMENT + B_FRAGMENT);
    double a[A_FRAGMENT], b[B_FRAGMENT];
    load_a_fragment(a_stage, 0, kk, g, t, a);
    load_b_fragment(b_stage, 0, kk, g, t, b);
    for (int i = 0; i < A_FRAGMENT; ++i) *p++ = a[i];
    for (int i = 0; i < B_FRAGMENT; ++i) *p++ = b[i];
  }
}

#endif
