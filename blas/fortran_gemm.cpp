// sgemm_ and dgemm_: the Fortran BLAS ABI (every argument by address, the hidden lengths of the
// two strings last).
#include <cstddef>

#include "blas/argument_checks.hpp"
#include "blas/error_handlers.hpp"
#include "blas/gemm_call.hpp"
#include "blas/gemm_route.hpp"

namespace gemmtune::blas {
namespace {

template <typename Real>
void fortran_gemm(const char* routine, const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                  const blas_int* k, const Real* alpha, const Real* a, const blas_int* lda, const Real* b,
                  const blas_int* ldb, const Real* beta, Real* c, const blas_int* ldc) {
  if (const int info = first_invalid_gemm_argument(*transa, *transb, *m, *n, *k, *lda, *ldb, *ldc)) {
    xerbla_(routine, &info, 6);
    return;
  }
  const ColumnMajorGemm<Real> call{*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc};
  if (!nothing_to_do(call)) run_gemm(call);
}

}  // namespace
}  // namespace gemmtune::blas

using gemmtune::blas::blas_int;

// The string lengths are not needed: only the first character of each counts.
extern "C" void sgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                       const blas_int* k, const float* alpha, const float* a, const blas_int* lda, const float* b,
                       const blas_int* ldb, const float* beta, float* c, const blas_int* ldc, std::size_t,
                       std::size_t) {
  gemmtune::blas::fortran_gemm("SGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

extern "C" void dgemm_(const char* transa, const char* transb, const blas_int* m, const blas_int* n,
                       const blas_int* k, const double* alpha, const double* a, const blas_int* lda,
                       const double* b, const blas_int* ldb, const double* beta, double* c, const blas_int* ldc,
                       std::size_t, std::size_t) {
  gemmtune::blas::fortran_gemm("DGEMM ", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
