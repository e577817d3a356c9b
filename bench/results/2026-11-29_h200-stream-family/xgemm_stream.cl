// Kernel family xgemm_stream: a narrow C where A lies K x M (TN and TT) and K is at least a few
// hundred, A streamed once at the memory's rate, C = alpha * op(A) * op(B) + beta * C.
//
// Same row-major canonical form and arguments as kernels/xgemm.cl: row-major C of M x N, op(A) of
// M x K stored as A, K x M row-major (TRANSA is 1 for every problem of this family), op(B) of
// K x N (B stored N x K when TRANSB is 1), leading dimensions and element offsets.
//
// Why a fourth kernel: with A lying K x M and C a few columns wide (3072 x 16 x 1024 TN), all the
// work is in reading A, a row of M elements for each k. xgemm's tiles cover C with a few dozen
// work-groups; xgemm_outer reads A at the memory's rate but adds every work-item's sums into C
// atomically, so that its additions, not its reads, take the time. Here:
//   - work-item (lm, lk) of an LM x LK work-group (lm fastest) reads the run of WPTM consecutive
//     columns lm * WPTM .. of the group's TM = LM * WPTM columns of A, as vectors, in KWI
//     consecutive rows per step, the LK work-items' steps side by side: a warp's lanes read
//     consecutive runs of one row of A;
//   - each holds the WPTM x WPTN sums of its columns of A and the group's WPTN columns of C,
//     reading op(B)'s WPTN elements of a row k (the same for every work-item of the group, which
//     the caches serve) as vectors where B lies K x N, along k where it lies N x K;
//   - the LK partial blocks are added in local memory in one round (each work-item then adds up
//     TM * WPTN / (LM * LK) elements of C across the LK blocks), which also lays C's block out
//     row by row, so that C is written (or added into) by consecutive work-items at consecutive
//     addresses;
//   - KSPLIT > 1 splits K among work-groups too, each adding its block into C atomically after
//     split_sum_scale has applied beta (kernels/split_sum.cl); KSPLIT == 1 writes C once, beta == 0
//     never reading it, in one launch;
//   - columns of A past M read column M - 1, columns of C past N column N - 1; their sums are
//     discarded. Wider C than WPTN columns runs ceil(N / WPTN) groups along N, each reading A.
// Local memory: LK * WPTM * WPTN * (LM + 1) elements (one element of padding per LM, so that the
// reads of C's rows fall into different banks).
//
// Tuning parameters (all passed by the host as -D defines; there are no defaults here):
//   LM, LK     work-items along M and along K in a work-group
//   WPTM       consecutive columns of A (rows of C) per work-item
//   WPTN       columns of C per work-group (and per work-item)
//   KWI        consecutive rows of A per work-item and step; a step of the group covers LK * KWI rows
//   VWA, VWB   vector width (1, 2, 4 or 8) of global loads of A along M and of B along its
//              contiguous dimension (N when TRANSB is 0, K when 1); lowered by the host where the
//              leading dimension or offset is unaligned; the kernel uses the largest power of two
//              not above it that divides the run it loads (WPTM; WPTN or KWI)
//   KSPLIT     work-groups sharing K, each a run of whole steps, adding into C atomically; 1: none
// Problem properties, set by the host for each problem: PRECISION (32 or 64), TRANSA (1), TRANSB.
// Ranges: local (LM * LK, 1, 1); global (ceil(M / TM) * LM * LK, ceil(N / WPTN), KSPLIT). With
// KSPLIT > 1, split_sum_scale runs first over (N, M).

#if TRANSA != 1
#error "xgemm_stream reads A as it lies K x M: op(A) must be A transposed"
#endif

#define TM (LM * WPTM)        // columns of A (rows of C) per work-group
#define KSTEP (LK * KWI)      // rows of A per step of the work-group
#define GROUP (LM * LK)       // work-items per work-group
#define SLICE (WPTM * WPTN * (LM + 1))  // elements of local memory per lk

// The largest power of two up to `width` that divides `run`: vector width in use.
#define USABLE_WIDTH(width, run)                                               \
  ((run) % (width) == 0 ? (width)                                              \
   : (width) > 4 && (run) % 4 == 0 ? 4                                         \
   : (width) > 2 && (run) % 2 == 0 ? 2 : 1)
#define VA USABLE_WIDTH(VWA, WPTM)
#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)
#if PRECISION == 64
#define VECTOR(width) CONCAT(double, width)
#else
#define VECTOR(width) CONCAT(float, width)
#endif
#if TRANSB == 0
#define VB USABLE_WIDTH(VWB, WPTN)
#else
#define VB USABLE_WIDTH(VWB, KWI)
#endif

// `width` elements at p (aligned to `width` elements) into dst[0], dst[stride], ...: one load of a
// vector (of at most 8: PoCL's CPU devices without AVX-512 warn of 16).
inline void load_run(__global const storage_t* p, const int width, accumulator_t* dst, const int stride) {
  if (width == 8) {
    const VECTOR(8) v = vload8(0, p);
#pragma unroll
    for (int e = 0; e < 8; ++e) dst[e * stride] = ((const accumulator_t*)&v)[e];
  } else if (width == 4) {
    const VECTOR(4) v = vload4(0, p);
#pragma unroll
    for (int e = 0; e < 4; ++e) dst[e * stride] = ((const accumulator_t*)&v)[e];
  } else if (width == 2) {
    const VECTOR(2) v = vload2(0, p);
    dst[0] = v.s0;
    dst[stride] = v.s1;
  } else {
    dst[0] = *p;
  }
}

// Row k of A, columns m0 .. m0 + WPTM - 1, into a[]: as vectors where the whole run lies inside M,
// else one by one, columns past M reading column M - 1.
inline void load_a(__global const storage_t* A, const int lda, const int M, const int k, const int m0,
                   accumulator_t a[WPTM]) {
  __global const storage_t* row = A + (size_t)k * lda;
  if (m0 + WPTM <= M) {
#pragma unroll
    for (int v = 0; v < WPTM / VA; ++v) load_run(row + m0 + v * VA, VA, a + v * VA, 1);
  } else {
#pragma unroll
    for (int i = 0; i < WPTM; ++i) a[i] = row[min(m0 + i, M - 1)];
  }
}

#if TRANSB == 0
// Row k of op(B) (B lies K x N), the group's WPTN columns from n0, into b[] (those past N read
// column N - 1).
inline void load_b_row(__global const storage_t* B, const int ldb, const int N, const int k, const int n0,
                       accumulator_t b[WPTN]) {
  __global const storage_t* row = B + (size_t)k * ldb;
  if (n0 + WPTN <= N) {
#pragma unroll
    for (int v = 0; v < WPTN / VB; ++v) load_run(row + n0 + v * VB, VB, b + v * VB, 1);
  } else {
#pragma unroll
    for (int j = 0; j < WPTN; ++j) b[j] = row[min(n0 + j, N - 1)];
  }
}
#else
// op(B)(k + u, n0 + j) (B lies N x K) into b[u][j] for the KWI rows from k (along k as vectors
// when they all lie inside K, `full`, else one by one, those past k_end reading row k_end - 1) and
// the group's WPTN columns (those past N read column N - 1).
inline void load_b_columns(__global const storage_t* B, const int ldb, const int N, const int k, const int k_end,
                           const bool full, const int n0, accumulator_t b[KWI][WPTN]) {
#pragma unroll
  for (int j = 0; j < WPTN; ++j) {
    __global const storage_t* column = B + (size_t)min(n0 + j, N - 1) * ldb;
    if (full) {
#pragma unroll
      for (int v = 0; v < KWI / VB; ++v) load_run(column + k + v * VB, VB, &b[v * VB][j], WPTN);
    } else {
#pragma unroll
      for (int u = 0; u < KWI; ++u) b[u][j] = column[min(k + u, k_end - 1)];
    }
  }
}
#endif

// The sums of the work-item's block over its steps of rows k_begin .. k_end - 1. The KWI rows of A
// of a step are loaded first, so that they are in flight together; where B lies K x N a row of it
// is loaded only as it is used, which keeps WPTN registers for B rather than KWI * WPTN.
inline void accumulate(__global const storage_t* A, const int lda, __global const storage_t* B, const int ldb,
                       const int M, const int N, const int k_begin, const int k_end, const int m0, const int n0,
                       const int lk, accumulator_t sums[WPTM][WPTN]) {
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
#pragma unroll
    for (int j = 0; j < WPTN; ++j) sums[i][j] = (accumulator_t)0;
  }
  // Counted in steps rather than by k, so that no index passes K (which may be near 2^31).
  const int first = k_begin + lk * KWI;
  const int steps = first < k_end ? (k_end - 1 - first) / KSTEP + 1 : 0;
  for (int s = 0; s < steps; ++s) {
    const int k = first + s * KSTEP;
    const bool full = k_end - k >= KWI;  // else rows from k_end on are read (row k_end - 1) but not added
    accumulator_t a[KWI][WPTM];
#pragma unroll
    for (int u = 0; u < KWI; ++u) load_a(A, lda, M, min(k + u, k_end - 1), m0, a[u]);
#if TRANSB == 1
    accumulator_t columns[KWI][WPTN];
    load_b_columns(B, ldb, N, k, k_end, full, n0, columns);
#endif
#pragma unroll
    for (int u = 0; u < KWI; ++u) {
#if TRANSB == 0
      accumulator_t b[WPTN];
      load_b_row(B, ldb, N, min(k + u, k_end - 1), n0, b);
#else
      const accumulator_t* b = columns[u];
#endif
      if (full || k + u < k_end) {
#pragma unroll
        for (int i = 0; i < WPTM; ++i) {
#pragma unroll
          for (int j = 0; j < WPTN; ++j) sums[i][j] = fma(a[u][i], b[j], sums[i][j]);
        }
      }
    }
  }
}

__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void xgemm_stream(const int M, const int N, const int K, const accumulator_t alpha, const accumulator_t beta,
                  __global const storage_t* restrict A, const ulong a_offset, const int lda,
                  __global const storage_t* restrict B, const ulong b_offset, const int ldb,
                  __global storage_t* C, const ulong c_offset, const int ldc) {
  A += a_offset;
  B += b_offset;
  C += c_offset;
  const int i = get_local_id(0), lm = i % LM, lk = i / LM;
  const int block_m = get_group_id(0) * TM, n0 = get_group_id(1) * WPTN;
  // The group's share of K: whole steps, the last share shorter (or empty).
  const int steps = (K + KSTEP - 1) / KSTEP, share = (steps + KSPLIT - 1) / KSPLIT;
  const int k_begin = (int)min((long)K, (long)get_group_id(2) * share * KSTEP);
  const int k_end = (int)min((long)K, (long)k_begin + (long)share * KSTEP);

  accumulator_t sums[WPTM][WPTN];
  accumulate(A, lda, B, ldb, M, N, k_begin, k_end, block_m + lm * WPTM, n0, lk, sums);

  // partial[lk][(r * WPTN + j) * (LM + 1) + lm]: consecutive lm at consecutive addresses as they
  // are stored, consecutive columns j of C LM + 1 apart as they are read.
  __local accumulator_t partial[LK * SLICE];
#pragma unroll
  for (int r = 0; r < WPTM; ++r) {
#pragma unroll
    for (int j = 0; j < WPTN; ++j) partial[lk * SLICE + (r * WPTN + j) * (LM + 1) + lm] = sums[r][j];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // Element o of the block of C: row o / WPTN (column of A m = lm' * WPTM + r'), column o % WPTN.
  for (int o = i; o < TM * WPTN; o += GROUP) {
    const int row = o / WPTN, j = o % WPTN;
    const int m = block_m + row, n = n0 + j;
    const int e = (row % WPTM * WPTN + j) * (LM + 1) + row / WPTM;
    accumulator_t sum = partial[e];
#pragma unroll
    for (int l = 1; l < LK; ++l) sum += partial[l * SLICE + e];
    if (m < M && n < N) {
      __global storage_t* c = C + (size_t)m * ldc + n;
#if KSPLIT > 1
      split_sum_add(c, alpha * sum);
#else
      *c = beta == (accumulator_t)0 ? alpha * sum : alpha * sum + beta * *c;
#endif
    }
  }
}
