// The plain reference GEMM that checks every candidate on the device: one work-item per element of C.
//
// Row-major canonical form as kernels/xgemm.cl; PRECISION as there (core/precision.cpp's codes).

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define REAL double
#else
#define REAL float
#endif

// Transpositions as arguments, no local memory. Launched with any 2-D range covering (N, M).
__kernel void gemm_reference(const int M, const int N, const int K, const REAL alpha,
                             const REAL beta, const int trans_a, const int trans_b,
                             __global const REAL* A, const ulong a_offset, const int lda,
                             __global const REAL* B, const ulong b_offset, const int ldb,
                             __global REAL* C, const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  A += a_offset;
  B += b_offset;
  REAL sum = 0;
  for (int k = 0; k < K; ++k) {
    const REAL x = trans_a ? A[(size_t)k * lda + m] : A[(size_t)m * lda + k];
    const REAL y = trans_b ? B[(size_t)n * ldb + k] : B[(size_t)k * ldb + n];
    sum = mad(x, y, sum);
  }
  __global REAL* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == (REAL)0 ? alpha * sum : mad(alpha, sum, beta * *p);
}
