// cblas_sgemm and cblas_dgemm: the CBLAS interface, reduced to the column-major Fortran call as
// reference CBLAS does (a row-major product is the column-major product of the transposes).
#include "blas/argument_checks.hpp"
#include "blas/error_handlers.hpp"
#include "blas/gemm_call.hpp"
#include "blas/gemm_route.hpp"

namespace gemmtune::blas {
namespace {

// CBLAS's enumerations (cblas.h); their values are the ABI.
enum Order { row_major = 101, column_major = 102 };
enum Trans { no_trans = 111, trans = 112, conj_trans = 113 };

// The Fortran letter of a CBLAS transposition, or 0 when it is none.
char letter_of(int transpose) {
  switch (transpose) {
    case no_trans: return 'N';
    case trans: return 'T';
    case conj_trans: return 'C';
    default: return 0;
  }
}

// Reports a bad argument as reference CBLAS does: a bad setting by its CBLAS number with a message
// naming the value; any other by the Fortran call's number plus one, with RowMajorStrg set during
// a row-major call so that cblas_xerbla maps it back to the parameter the caller passed.
void report_setting(int info, const char* routine, const char* format, int value) {
  cblas_xerbla(info, routine, format, value);
}

void report_parameter(int info, const char* routine, bool row) {
  RowMajorStrg = row ? 1 : 0;
  cblas_xerbla(info, routine, "");
  RowMajorStrg = 0;
}

template <typename Real>
void cblas_gemm(const char* routine, int order, int transa, int transb, blas_int m, blas_int n, blas_int k,
                Real alpha, const Real* a, blas_int lda, const Real* b, blas_int ldb, Real beta, Real* c,
                blas_int ldc) {
  if (order != row_major && order != column_major) return report_setting(1, routine, "Illegal layout setting, %d\n", order);
  const bool row = order == row_major;
  const char letter_a = letter_of(transa), letter_b = letter_of(transb);
  if (!letter_a) return report_setting(2, routine, "Illegal TransA setting, %d\n", transa);
  if (!letter_b) return report_setting(3, routine, "Illegal TransB setting, %d\n", transb);
  const ColumnMajorGemm<Real> call = row ? ColumnMajorGemm<Real>{letter_b, letter_a, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc}
                                         : ColumnMajorGemm<Real>{letter_a, letter_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc};
  if (const int info = first_invalid_gemm_argument(call.trans_a, call.trans_b, call.m, call.n, call.k, call.lda,
                                                   call.ldb, call.ldc))
    return report_parameter(info + 1, routine, row);
  if (!nothing_to_do(call)) run_gemm(call);
}

}  // namespace
}  // namespace gemmtune::blas

using gemmtune::blas::blas_int;

extern "C" void cblas_sgemm(int order, int transa, int transb, blas_int m, blas_int n, blas_int k, float alpha,
                            const float* a, blas_int lda, const float* b, blas_int ldb, float beta, float* c,
                            blas_int ldc) {
  gemmtune::blas::cblas_gemm("cblas_sgemm", order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

extern "C" void cblas_dgemm(int order, int transa, int transb, blas_int m, blas_int n, blas_int k, double alpha,
                            const double* a, blas_int lda, const double* b, blas_int ldb, double beta, double* c,
                            blas_int ldc) {
  gemmtune::blas::cblas_gemm("cblas_dgemm", order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
