// A test-only kernel family whose COPY 2 takes tensor maps of A and B (mapped.json's
// "tensor_maps"), as xgemm_wgmma's tensor copies do, and reads its operands itself: run on any
// device, it exercises the host's side of tensor copies (the addresses, the maps, their failures).

#if COPY == 2
#define LAST_ARGUMENTS const int ldc, const ulong16 a_map, const ulong16 b_map
#else
#define LAST_ARGUMENTS const int ldc
#endif

__kernel void mapped(const int M, const int N, const int K, const float alpha, const float beta,
                     __global const float* A, const ulong a_offset, const int lda,
                     __global const float* B, const ulong b_offset, const int ldb,
                     __global float* C, const ulong c_offset, LAST_ARGUMENTS) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  float sum = 0;
  for (int k = 0; k < K; ++k)
    sum += (TRANSA ? A[a_offset + (size_t)k * lda + m] : A[a_offset + (size_t)m * lda + k]) *
           (TRANSB ? B[b_offset + (size_t)n * ldb + k] : B[b_offset + (size_t)k * ldb + n]);
  __global float* c = C + c_offset + (size_t)m * ldc + n;
  *c = beta == 0.0f ? alpha * sum : alpha * sum + beta * *c;
}

#if COPY == 2
__kernel void mapped_buffer_address(__global ulong* address, __global const uchar* buffer) {
  *address = (ulong)(size_t)buffer;
}
#endif
