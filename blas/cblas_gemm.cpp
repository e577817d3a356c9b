// cblas_sgemm and cblas_dgemm: the CBLAS interface, reduced to the column-major Fortran call as
// reference CBLAS does (a row-major product is the column-major product of the transposes).
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>

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

// The 64-bit-integer CBLAS of NumPy's wheels (an OpenBLAS built with INTERFACE64 under the names
// scipy_cblas_sgemm64_ and scipy_cblas_dgemm64_, or cblas_sgemm64_ without the prefix): a call for
// the device goes there, any other to `next`, the same name's next definition (the wheel's own
// OpenBLAS, which also reports bad arguments), or without one to the 32-bit path when it fits.
using wide_int = std::int64_t;
template <typename Real>
using WideGemm = void (*)(int, int, int, wide_int, wide_int, wide_int, Real, const Real*, wide_int, const Real*,
                          wide_int, Real, Real*, wide_int);

template <typename Real>
void wide_cblas_gemm(const char* routine, WideGemm<Real> next, int order, int transa, int transb, wide_int m,
                     wide_int n, wide_int k, Real alpha, const Real* a, wide_int lda, const Real* b, wide_int ldb,
                     Real beta, Real* c, wide_int ldc) {
  const auto narrow = [](wide_int value) { return value >= INT32_MIN && value <= INT32_MAX; };
  const bool fits = narrow(m) && narrow(n) && narrow(k) && narrow(lda) && narrow(ldb) && narrow(ldc);
  const char letter_a = letter_of(transa), letter_b = letter_of(transb);
  if (fits && letter_a && letter_b && (order == row_major || order == column_major)) {
    const auto i = [](wide_int value) { return static_cast<blas_int>(value); };
    const ColumnMajorGemm<Real> call =
        order == row_major ? ColumnMajorGemm<Real>{letter_b, letter_a, i(n), i(m), i(k), alpha, b, i(ldb), a, i(lda), beta, c, i(ldc)}
                           : ColumnMajorGemm<Real>{letter_a, letter_b, i(m), i(n), i(k), alpha, a, i(lda), b, i(ldb), beta, c, i(ldc)};
    const bool valid = first_invalid_gemm_argument(call.trans_a, call.trans_b, call.m, call.n, call.k, call.lda,
                                                   call.ldb, call.ldc) == 0;
    if (valid && !nothing_to_do(call) && for_device(call) && run_on_device(call)) return;
    if (!next) return cblas_gemm(routine, order, transa, transb, i(m), i(n), i(k), alpha, a, i(lda), b, i(ldb), beta, c, i(ldc));
  }
  if (next) return next(order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  std::fprintf(stderr, "gemmtune blas: %s: sizes beyond 32-bit integers, and no 64-bit BLAS behind the library\n", routine);
}

template <typename Real>
WideGemm<Real> next_definition(const char* name) {
  return reinterpret_cast<WideGemm<Real>>(::dlsym(RTLD_NEXT, name));
}

}  // namespace
}  // namespace gemmtune::blas

using gemmtune::blas::blas_int;
using gemmtune::blas::next_definition;
using gemmtune::blas::wide_cblas_gemm;
using gemmtune::blas::wide_int;

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

// The names under which NumPy's wheels call it, and OpenBLAS's own 64-bit names.
#define GEMMTUNE_WIDE_GEMM(NAME, ROUTINE, REAL)                                                              \
  extern "C" void NAME(int order, int transa, int transb, wide_int m, wide_int n, wide_int k, REAL alpha,     \
                       const REAL* a, wide_int lda, const REAL* b, wide_int ldb, REAL beta, REAL* c,          \
                       wide_int ldc) {                                                                        \
    static const auto next = next_definition<REAL>(#NAME);                                                    \
    wide_cblas_gemm<REAL>(ROUTINE, next, order, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc); \
  }
GEMMTUNE_WIDE_GEMM(scipy_cblas_sgemm64_, "cblas_sgemm", float)
GEMMTUNE_WIDE_GEMM(scipy_cblas_dgemm64_, "cblas_dgemm", double)
GEMMTUNE_WIDE_GEMM(cblas_sgemm64_, "cblas_sgemm", float)
GEMMTUNE_WIDE_GEMM(cblas_dgemm64_, "cblas_dgemm", double)
