// A test-only kernel family that reads its operands packed (packed.json's "pack"): a plain GEMM
// over op(A) and op(B)^T as kernels/operand_pack.cl lays them out, K-contiguous rows of length K
// (the packed depth), padded with zeros past M, N and the problem's K. Run through the library's
// launch on any device, it checks the packing of every transposition, layout and precision. With
// IN_PLACE 1 the host packs only the operands that are not K-contiguous (PACKED_A, PACKED_B) and
// passes the others as the caller gave them.

__kernel void packed(const int M, const int N, const int K, const accumulator_t alpha, const accumulator_t beta,
                     __global const storage_t* A, const ulong a_offset, const int lda,
                     __global const storage_t* B, const ulong b_offset, const int ldb,
                     __global storage_t* C, const ulong c_offset, const int ldc) {
#if !PACKED
#error "every precision of this family is packed"
#endif
#ifndef PACKED_A
#define PACKED_A PACKED
#define PACKED_B PACKED
#endif
#if (!PACKED_A && TRANSA) || (!PACKED_B && !TRANSB)
#error "an operand that is not K-contiguous is left unpacked"
#endif
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  accumulator_t sum = 0;
  for (int k = 0; k < K; ++k)  // op(A)(m, k) and op(B)(k, n), both K-contiguous
    sum += load_element(A + a_offset + (size_t)m * lda + k) * load_element(B + b_offset + (size_t)n * ldb + k);
  __global storage_t* p = C + c_offset + (size_t)m * ldc + n;
  store_element(p, beta == (accumulator_t)0 ? alpha * sum : alpha * sum + beta * load_element(p));
}
