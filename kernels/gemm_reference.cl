// The plain reference GEMM that checks every candidate on the device: one work-item per element of C.
// includes: precision_storage
//
// Row-major canonical form as every family (kernels/README.md); PRECISION is one of
// core/precision.cpp's codes. A and B hold the precision's storage type; the reference multiplies
// the operands the precision's products see (FP16 and BF16 decoded exactly, TF32 rounded to TF32;
// 3xTF32 is FP32-accurate, so its operands are the floats as stored) and sums in the accumulator
// type, the type C has here: the result is kept unrounded to the storage type, so that the check's
// tolerance is all the kernel's. With `absolute` set it computes |alpha| (|op(A)| |op(B)|) instead
// (C's old values unread), the magnitude that scales the tolerance.

#if PRECISION == 19
#define OPERAND(x) round_to_tf32(x)
#else
#define OPERAND(x) (x)
#endif

// Transpositions as arguments, no local memory. Launched with any 2-D range covering (N, M).
__kernel void gemm_reference(const int M, const int N, const int K, const accumulator_t alpha,
                             const accumulator_t beta, const int trans_a, const int trans_b,
                             __global const storage_t* A, const ulong a_offset, const int lda,
                             __global const storage_t* B, const ulong b_offset, const int ldb,
                             __global accumulator_t* C, const ulong c_offset, const int ldc,
                             const int absolute) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  A += a_offset;
  B += b_offset;
  accumulator_t sum = 0;
  for (int k = 0; k < K; ++k) {
    const accumulator_t x = OPERAND(load_element(trans_a ? A + (size_t)k * lda + m : A + (size_t)m * lda + k));
    const accumulator_t y = OPERAND(load_element(trans_b ? B + (size_t)n * ldb + k : B + (size_t)k * ldb + n));
    sum += absolute ? fabs(x) * fabs(y) : x * y;
  }
  __global accumulator_t* p = C + c_offset + (size_t)m * ldc + n;
  if (absolute)
    *p = fabs(alpha) * sum;
  else
    *p = beta == (accumulator_t)0 ? alpha * sum : alpha * sum + beta * *p;
}
