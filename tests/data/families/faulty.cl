// A test-only kernel family: a plain GEMM (row-major, NN) that fails on demand, so that every
// failure path of the evaluator is driven by a real kernel. FAULT: 0 none, 1 a compile error,
// 2 a wrong result, 3 a launch the device refuses (see the local range in faulty.json).
// Elements are stored, loaded and rounded by kernels/precision_storage.cl, which the tests put
// before this text (faulty.json's "includes"), so it runs at every precision of the table.

#if FAULT == 1
#error "a compile error on purpose"
#endif

__kernel void faulty(const int M, const int N, const int K, const accumulator_t alpha, const accumulator_t beta,
                     __global const storage_t* A, const ulong a_offset, const int lda,
                     __global const storage_t* B, const ulong b_offset, const int ldb,
                     __global storage_t* C, const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  accumulator_t sum = 0, magnitude = 0;
  for (int k = 0; k < K; ++k) {
    const accumulator_t product = load_element(A + a_offset + (size_t)m * lda + k) *
                                  load_element(B + b_offset + (size_t)k * ldb + n);
    sum += product;
    magnitude += fabs(product);
  }
  // Off by more than any precision's bound, 2 (K + 2) eps |A| |B|, allows for K below 254.
  if (FAULT == 2 && m == M / 2 && n == N / 2) sum += 1 + 4 * magnitude;
  __global storage_t* p = C + c_offset + (size_t)m * ldc + n;
  store_element(p, beta == (accumulator_t)0 ? alpha * sum : alpha * sum + beta * load_element(p));
}
