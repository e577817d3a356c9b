// One GEMM in the Fortran BLAS's column-major form, as every entry point of the library reduces it.
#pragma once

namespace gemmtune::blas {

// The integer of the Fortran BLAS ABI this library serves (LP64: 32-bit INTEGER).
using blas_int = int;

// C = alpha * op(A) * op(B) + beta * C, column-major; trans_a and trans_b are 'N', 'T' or 'C' in
// either case (the caller has checked them), leading dimensions as the reference BLAS counts them.
template <typename Real>
struct ColumnMajorGemm {
  char trans_a = 'N', trans_b = 'N';
  blas_int m = 0, n = 0, k = 0;
  Real alpha = 0;
  const Real* a = nullptr;
  blas_int lda = 1;
  const Real* b = nullptr;
  blas_int ldb = 1;
  Real beta = 0;
  Real* c = nullptr;
  blas_int ldc = 1;
};

// Whether a transposition character means op(X) = X**T ('T' and, for real matrices, 'C').
inline bool transposed(char trans) { return trans != 'N' && trans != 'n'; }

}  // namespace gemmtune::blas
