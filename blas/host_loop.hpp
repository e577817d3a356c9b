// The reference BLAS's GEMM arithmetic as a plain loop: the last resort when no host BLAS loads.
#pragma once

#include "blas/gemm_call.hpp"

namespace gemmtune::blas {

template <typename Real>
void gemm_loop(const ColumnMajorGemm<Real>& call) {
  const bool ta = transposed(call.trans_a), tb = transposed(call.trans_b);
  const auto a = [&](blas_int i, blas_int p) { return ta ? call.a[p + i * call.lda] : call.a[i + p * call.lda]; };
  const auto b = [&](blas_int p, blas_int j) { return tb ? call.b[j + p * call.ldb] : call.b[p + j * call.ldb]; };
  for (blas_int j = 0; j < call.n; ++j) {
    for (blas_int i = 0; i < call.m; ++i) {
      Real sum = 0;
      if (call.alpha != Real(0))
        for (blas_int p = 0; p < call.k; ++p) sum += a(i, p) * b(p, j);
      Real& c = call.c[i + j * call.ldc];
      // As the reference: with beta = 0, C is not read (a NaN in it does not survive).
      c = call.beta == Real(0) ? call.alpha * sum : call.alpha * sum + call.beta * c;
    }
  }
}

}  // namespace gemmtune::blas
