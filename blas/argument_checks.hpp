// The reference BLAS's argument checks for xGEMM, and its quick return.
#pragma once

#include "blas/gemm_call.hpp"

namespace gemmtune::blas {

// 0 when the arguments are valid, else the number of the first bad parameter as the reference
// xGEMM reports it to XERBLA: TRANSA 1, TRANSB 2, M 3, N 4, K 5, LDA 8, LDB 10, LDC 13.
int first_invalid_gemm_argument(char trans_a, char trans_b, blas_int m, blas_int n, blas_int k,
                                blas_int lda, blas_int ldb, blas_int ldc);

// The reference's quick return: nothing to do when C is empty, or when no product is added
// (alpha = 0 or K = 0) and C is kept as it is (beta = 1).
template <typename Real>
bool nothing_to_do(const ColumnMajorGemm<Real>& call) {
  return call.m == 0 || call.n == 0 || ((call.alpha == Real(0) || call.k == 0) && call.beta == Real(1));
}

}  // namespace gemmtune::blas
