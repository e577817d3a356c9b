// A test-only kernel family: a plain GEMM (row-major, NN) that fails on demand, so that every
// failure path of the evaluator is driven by a real kernel. FAULT: 0 none, 1 a compile error,
// 2 a wrong result, 3 a launch the device refuses (see the local range in faulty.json).

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define REAL double
#else
#define REAL float
#endif

#if FAULT == 1
#error "a compile error on purpose"
#endif

__kernel void faulty(const int M, const int N, const int K, const REAL alpha, const REAL beta,
                     __global const REAL* A, const ulong a_offset, const int lda,
                     __global const REAL* B, const ulong b_offset, const int ldb,
                     __global REAL* C, const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  REAL sum = 0;
  for (int k = 0; k < K; ++k) sum += A[a_offset + (size_t)m * lda + k] * B[b_offset + (size_t)k * ldb + n];
  if (FAULT == 2 && m == M / 2 && n == N / 2) sum += 1;
  __global REAL* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == (REAL)0 ? alpha * sum : alpha * sum + beta * *p;
}
