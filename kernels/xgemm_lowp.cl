// GEMM at the precisions of matrix units (FP16, BF16, TF32, 3xTF32) on any OpenCL device, in FP32 arithmetic, C = alpha * op(A) * op(B) + beta * C.
//
// The portable correctness path for these precisions, not a fast one: plain OpenCL C 1.2, no
// extension (FP16 travels as 16-bit integers, loaded and stored by kernels/precision_storage.cl,
// which the description includes before this text), so every device runs it.
//
// Row-major canonical form as in every family (kernels/README.md): C is M x N, op(A) M x K,
// op(B) K x N. A work-group of (TM / WPTM) x (TN / WPTN) work-items computes a TM x TN tile of C;
// each work-item WPTM x WPTN elements of it in registers: its rows and columns strided by the
// work-items along them (STRIDED 1), so that neighbouring work-items read neighbouring words of
// local memory and write neighbouring elements of C (GPUs), or consecutive (STRIDED 0), so that a
// compiler can vectorise a work-item's row of accumulators (CPU devices).
//
// K advances in tiles of depth TK. The work-group copies a TM x TK tile of op(A) and a TK x TN tile
// of op(B) into local memory, each work-item taking every THREADS-th element in the order the
// operand lies in global memory (along K for A, along M for A^T; along N for B, along K for B^T),
// so that neighbouring work-items read neighbouring addresses. Each element is converted once on
// the way in and staged as float: FP16 and BF16 decoded exactly, TF32 rounded to nearest even at 10
// significand bits (round_to_tf32, the operand a TF32 matrix unit multiplies), 3xTF32 kept in full
// FP32: a device without TF32 units would split each FP32 operand into three TF32 products only to
// reach FP32 accuracy at best, which its own FP32 products already have. Products of two FP16, BF16
// or TF32 operands are exact in FP32 (at most 11 x 11 significand bits), so the FP32 sums are the
// only rounding before the epilogue's. Elements outside the matrices load as zero, so edge tiles
// of any shape take the same path as inner ones; only the stores are guarded.
//
// The epilogue computes alpha * acc + beta * C in FP32 (C is not read where beta is 0, so NaN there
// does not spread) and rounds it once, to nearest even, into C's storage type (store_element).
//
// Tuning parameters (defaults, candidates and rules in kernels/xgemm_lowp.json):
//   TM, TN      the work-group's tile of C
//   TK          depth of the tiles of op(A) and op(B) staged in local memory
//   WPTM, WPTN  rows and columns of C per work-item
//   STRIDED     1: a work-item's rows and columns strided by the work-items along them; 0: consecutive
//   PAD         floats of padding after each local row, against bank conflicts of the copies
// Problem properties: PRECISION (16 fp16, 116 bf16, 19 tf32, 332 3xtf32), TRANSA, TRANSB.

#if PRECISION != 16 && PRECISION != 116 && PRECISION != 19 && PRECISION != 332
#error "xgemm_lowp serves fp16, bf16, tf32 and 3xtf32"
#endif

#define RM (TM / WPTM)  // work-items along M
#define RN (TN / WPTN)  // work-items along N
#define THREADS (RM * RN)

// The tile row and column of a work-item's i-th row and j-th column of C: strided by the work-items
// along that dimension (STRIDED 1), or consecutive (0).
#if STRIDED
#define ROW(i) (ly + (i) * RM)
#define COLUMN(j) (lx + (j) * RN)
#else
#define ROW(i) (ly * WPTM + (i))
#define COLUMN(j) (lx * WPTN + (j))
#endif

// The operand the products multiply, from a stored element.
#if PRECISION == 19
#define OPERAND(p) round_to_tf32(load_element(p))
#else
#define OPERAND(p) load_element(p)
#endif

// Copies the TX x TK tile of an operand that starts at row or column x0 and depth k0 into `tile`
// (k-major, rows of TX + PAD floats), as operands: A with x = m, B with x = n. `k_contiguous`: the
// operand lies along K in global memory (A, B^T), else along x (A^T, B); each work-item takes
// every THREADS-th element in that order, so neighbouring work-items read neighbouring addresses.
void copy_operand_tile(__local float* tile, const int TX, __global const storage_t* X, const int ld, const int x0,
                       const int extent, const int k0, const int K, const int thread, const bool k_contiguous) {
  for (int e = thread; e < TX * TK; e += THREADS) {
    const int x = k_contiguous ? e / TK : e % TX, k = k_contiguous ? e % TK : e / TX;
    const bool inside = x0 + x < extent && k0 + k < K;
    const size_t at = k_contiguous ? (size_t)(x0 + x) * ld + k0 + k : (size_t)(k0 + k) * ld + x0 + x;
    tile[k * (TX + PAD) + x] = inside ? OPERAND(X + at) : 0.0f;
  }
}

__kernel __attribute__((reqd_work_group_size(RN, RM, 1)))
void xgemm_lowp(const int M, const int N, const int K, const float alpha, const float beta,
                __global const storage_t* restrict A, const ulong a_offset, const int lda,
                __global const storage_t* restrict B, const ulong b_offset, const int ldb,
                __global storage_t* C, const ulong c_offset, const int ldc) {
  __local float a_tile[TK][TM + PAD];  // op(A), k-major
  __local float b_tile[TK][TN + PAD];  // op(B)
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int thread = ly * RN + lx;
  const int m0 = get_group_id(1) * TM, n0 = get_group_id(0) * TN;
  A += a_offset;
  B += b_offset;

  float acc[WPTM][WPTN];
  for (int i = 0; i < WPTM; ++i)
    for (int j = 0; j < WPTN; ++j) acc[i][j] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += TK) {
    copy_operand_tile(&a_tile[0][0], TM, A, lda, m0, M, k0, K, thread, !TRANSA);
    copy_operand_tile(&b_tile[0][0], TN, B, ldb, n0, N, k0, K, thread, TRANSB);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < TK; ++k) {
      float a[WPTM], b[WPTN];
      for (int i = 0; i < WPTM; ++i) a[i] = a_tile[k][ROW(i)];
      for (int j = 0; j < WPTN; ++j) b[j] = b_tile[k][COLUMN(j)];
      for (int i = 0; i < WPTM; ++i)
        for (int j = 0; j < WPTN; ++j) acc[i][j] += a[i] * b[j];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  C += c_offset;
  for (int i = 0; i < WPTM; ++i) {
    const int m = m0 + ROW(i);
    if (m >= M) break;  // rows grow with i
    for (int j = 0; j < WPTN; ++j) {
      const int n = n0 + COLUMN(j);
      if (n >= N) break;
      __global storage_t* p = C + (size_t)m * ldc + n;
      store_element(p, beta == 0.0f ? alpha * acc[i][j] : alpha * acc[i][j] + beta * load_element(p));
    }
  }
}
