// Kernel family xgemm_outer: deep GEMM with a narrow C where A lies K x M (TN and TT), as the sum
// over k of the outer products of A's rows and op(B)'s rows, C = alpha * op(A) * op(B) + beta * C.
//
// Same row-major canonical form and arguments as kernels/xgemm.cl: row-major C of M x N, op(A) of
// M x K stored as A, K x M row-major (TRANSA is 1 for every problem of this family), op(B) of
// K x N (B stored N x K when TRANSB is 1), leading dimensions and element offsets.
//
// Why a third kernel: when A lies K x M with M small (a GEMV such as 17 x 1 x 326,539 TT, or
// 512 x 8 x 500,000 TN), a row of A is a few dozen contiguous elements and all the work is in
// streaming A once. xgemm_skinny's work-items read runs along K or along M that such rows cut
// short; here the work-items read A as the flat array of runs of WPTM elements it is:
//   - a row of A is S = ceil(M / WPTM) runs; work-item v of V = P * S (P = max(1, min(K / 32,
//     THREADS / S)) lanes of K) takes run s = v % S (columns m0 = s * WPTM ..) of A and its rows
//     k = v / S, v / S + P, v / S + 2P, ...: consecutive work-items read consecutive runs of A
//     whatever M is (exactly consecutive where lda == M);
//   - each holds WPTM x WPTN sums of C, rows m0 .., columns n0 .. n0 + WPTN - 1, reading op(B)(k, n)
//     where it lies (the same elements for every work-item of one k, which the caches serve) once
//     for WPTM products;
//   - KWI rows of A are loaded before their products, so that each work-item has KWI loads in
//     flight;
//   - a work-group's WG consecutive work-items hold sums of runs s = (v0 + i) % S: where S < WG,
//     the sums of one run are added in local memory by a tree over blocks of S entries; then every
//     sum is added into C atomically (kernels/split_sum.cl), after split_sum_scale has applied
//     beta. Wider C than WPTN columns takes several passes over A.
// Local memory: WG * WPTM * WPTN elements.
//
// Tuning parameters (all passed by the host as -D defines; there are no defaults here):
//   WG       work-items per work-group
//   THREADS  work-items the problem is spread over at most (P = THREADS / S lanes of K per run)
//   WPTM     consecutive rows of C (columns of A) per work-item
//   WPTN     columns of C per work-item and pass over A
//   KWI      rows of A each work-item loads before multiplying
// Problem properties, set by the host for each problem: PRECISION (32 or 64), TRANSA (1), TRANSB.
// Ranges: local (WG); global (ceil(P * S / WG) * WG). split_sum_scale runs first over (N, M).

#if TRANSA != 1
#error "xgemm_outer reads A as it lies K x M: op(A) must be A transposed"
#endif

// op(B)(k, n): B is K x N, or N x K when TRANSB is 1.
inline accumulator_t b_element(__global const storage_t* B, const int ldb, const int k, const int n) {
#if TRANSB == 0
  return load_element(B + (size_t)k * ldb + n);
#else
  return load_element(B + (size_t)n * ldb + k);
#endif
}

// Row k of A, columns m0 .. m0 + WPTM - 1 (those past M read column M - 1; their sums are discarded).
inline void load_run(__global const storage_t* A, const int lda, const int M, const int k, const int m0,
                     accumulator_t run[WPTM]) {
  __global const storage_t* row = A + (size_t)k * lda;
#pragma unroll
  for (int i = 0; i < WPTM; ++i) run[i] = load_element(row + min(m0 + i, M - 1));
}

// The products of one row k of A (run a) and of op(B) added to the sums.
inline void multiply(__global const storage_t* B, const int ldb, const int k, const int column[WPTN],
                     const accumulator_t a[WPTM], accumulator_t sums[WPTM][WPTN]) {
#pragma unroll
  for (int j = 0; j < WPTN; ++j) {
    const accumulator_t b = b_element(B, ldb, k, column[j]);
#pragma unroll
    for (int i = 0; i < WPTM; ++i) sums[i][j] = fma(a[i], b, sums[i][j]);
  }
}

// The sums of rows m0 .. of C for columns n0 .. n0 + WPTN - 1 (columns past N read column N - 1
// and are discarded), over rows k = first, first + lanes, ... of A.
inline void accumulate(__global const storage_t* A, const int lda, __global const storage_t* B, const int ldb,
                       const int M, const int N, const int K, const int m0, const int first, const int lanes,
                       const int n0, accumulator_t sums[WPTM][WPTN]) {
  int column[WPTN];
#pragma unroll
  for (int j = 0; j < WPTN; ++j) {
    column[j] = min(n0 + j, N - 1);
#pragma unroll
    for (int i = 0; i < WPTM; ++i) sums[i][j] = (accumulator_t)0;
  }
  // Counted in rows rather than by k, so that no index passes K (which may be near 2^31).
  const int rows = first < K ? (K - 1 - first) / lanes + 1 : 0;
  int r = 0;
  for (; r + KWI <= rows; r += KWI) {
    accumulator_t a[KWI][WPTM];
#pragma unroll
    for (int u = 0; u < KWI; ++u) load_run(A, lda, M, first + (r + u) * lanes, m0, a[u]);
#pragma unroll
    for (int u = 0; u < KWI; ++u) multiply(B, ldb, first + (r + u) * lanes, column, a[u], sums);
  }
  for (; r < rows; ++r) {
    accumulator_t a[WPTM];
    load_run(A, lda, M, first + r * lanes, m0, a);
    multiply(B, ldb, first + r * lanes, column, a, sums);
  }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void xgemm_outer(const int M, const int N, const int K, const accumulator_t alpha, const accumulator_t beta,
                 __global const storage_t* restrict A, const ulong a_offset, const int lda,
                 __global const storage_t* restrict B, const ulong b_offset, const int ldb,
                 __global storage_t* C, const ulong c_offset, const int ldc) {
  A += a_offset;
  B += b_offset;
  C += c_offset;
  // Runs per row of A and lanes of K per run: the host's launch range is ceil(lanes * runs / WG) * WG.
  // A lane takes 32 rows of A at least: more lanes for fewer rows would only add atomic additions,
  // which queue at the few elements of a small C (11 x 5 x 79,311 took twice as long with 43,690
  // lanes of 2 rows as xgemm_skinny).
  const int runs = (M + WPTM - 1) / WPTM, lanes = max(1, min(K / 32, THREADS / runs));
  const int v = get_global_id(0), i = get_local_id(0);
  const bool active = v < lanes * runs;  // the last work-group's tail holds zeros
  const int m0 = v % runs * WPTM;
  // Entries holding sums of one run within the work-group: i, i + runs, i + 2 runs, ...
  __local accumulator_t partial[WPTM * WPTN * WG];

  for (int n0 = 0; n0 < N; n0 += WPTN) {
    accumulator_t sums[WPTM][WPTN];
    accumulate(A, lda, B, ldb, M, N, active ? K : 0, m0, v / runs, lanes, n0, sums);
    // Halve the entries each run has, blocks of `runs` at a time, until one block (the first) is
    // left; no round where runs >= WG. Not skipped there: under PoCL 3.1 barriers inside a branch
    // gave wrong sums even where every work-item took it.
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous pass's reads are done
#pragma unroll
    for (int r = 0; r < WPTM; ++r) {
#pragma unroll
      for (int j = 0; j < WPTN; ++j) partial[(r * WPTN + j) * WG + i] = sums[r][j];
    }
    for (int entries = WG; entries > runs;) {
      const int upper = ((entries + runs - 1) / runs + 1) / 2 * runs;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (i + upper < entries) {
        for (int e = 0; e < WPTM * WPTN; ++e) partial[e * WG + i] += partial[e * WG + i + upper];
      }
      entries = upper;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (active && (runs >= WG || i < runs)) {
#pragma unroll
      for (int r = 0; r < WPTM; ++r) {
#pragma unroll
        for (int j = 0; j < WPTN; ++j) {
          if (m0 + r < M && n0 + j < N)
            split_sum_add(C + (size_t)(m0 + r) * ldc + n0 + j, alpha * partial[(r * WPTN + j) * WG + i]);
        }
      }
    }
  }
}
