// Checks a device's GEMM result against OpenBLAS on the host, with a tolerance that grows with K.
#include "tuner/host_check.hpp"

#include "core/precision.hpp"

#include <cblas.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace gemmtune {
namespace {

void blas_gemm(CBLAS_ORDER order, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, const GemmArguments& g,
               float alpha, const float* a, const float* b, float beta, float* c) {
  cblas_sgemm(order, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
}

void blas_gemm(CBLAS_ORDER order, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, const GemmArguments& g,
               double alpha, const double* a, const double* b, double beta, double* c) {
  cblas_dgemm(order, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
}

template <typename Real>
std::vector<Real> absolute(const std::vector<Real>& values) {
  std::vector<Real> result(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) result[i] = std::abs(values[i]);
  return result;
}

}  // namespace

template <typename Real>
CheckResult check_against_openblas(const GemmArguments& g, Real alpha, Real beta,
                                   const std::vector<Real>& a, const std::vector<Real>& b,
                                   const std::vector<Real>& c_before,
                                   const std::vector<Real>& c_after) {
  const bool row = g.layout == Layout::RowMajor;
  const CBLAS_ORDER order = row ? CblasRowMajor : CblasColMajor;
  const CBLAS_TRANSPOSE ta = g.trans_a == Transpose::Yes ? CblasTrans : CblasNoTrans;
  const CBLAS_TRANSPOSE tb = g.trans_b == Transpose::Yes ? CblasTrans : CblasNoTrans;

  std::vector<Real> expected = c_before;
  std::vector<Real> magnitude(c_before.size(), Real(0));
  if (g.m > 0 && g.n > 0) {
    if (beta == Real(0)) {
      // BLAS leaves C unread when beta is 0; make sure OpenBLAS sees no NaN either way.
      for (std::size_t i = 0; i < g.m; ++i)
        for (std::size_t j = 0; j < g.n; ++j) expected[g.c_offset + (row ? i * g.ldc + j : j * g.ldc + i)] = 0;
    }
    if (g.k > 0) {
      blas_gemm(order, ta, tb, g, alpha, a.data() + g.a_offset, b.data() + g.b_offset, beta,
                expected.data() + g.c_offset);
      const auto abs_a = absolute(a), abs_b = absolute(b);
      blas_gemm(order, ta, tb, g, std::abs(alpha), abs_a.data() + g.a_offset, abs_b.data() + g.b_offset,
                Real(0), magnitude.data() + g.c_offset);
    } else {
      for (std::size_t i = 0; i < g.m; ++i)
        for (std::size_t j = 0; j < g.n; ++j) {
          Real& e = expected[g.c_offset + (row ? i * g.ldc + j : j * g.ldc + i)];
          e = beta == Real(0) ? Real(0) : beta * e;
        }
    }
  }

  return compare_with_reference(g, beta, c_before, c_after, expected, magnitude);
}

template <typename Real>
CheckResult compare_with_reference(const GemmArguments& g, Real beta, const std::vector<Real>& c_before,
                                   const std::vector<Real>& c_after, const std::vector<Real>& expected,
                                   const std::vector<Real>& magnitude) {
  const bool row = g.layout == Layout::RowMajor;
  CheckResult result;
  const double unit = tolerance_unit(sizeof(Real) == 8 ? Precision::Double : Precision::Single, g.k);
  std::vector<bool> inside(c_before.size(), false);
  for (std::size_t i = 0; i < g.m; ++i) {
    for (std::size_t j = 0; j < g.n; ++j) {
      const std::size_t at = g.c_offset + (row ? i * g.ldc + j : j * g.ldc + i);
      inside[at] = true;
      const double old_term = beta == Real(0) ? 0.0 : std::abs(static_cast<double>(beta) * c_before[at]);
      const double tolerance = unit * (static_cast<double>(magnitude[at]) + old_term) +
                               std::numeric_limits<Real>::min();
      const double error = std::abs(static_cast<double>(c_after[at]) - static_cast<double>(expected[at]));
      const double ratio = std::isnan(error) ? std::numeric_limits<double>::infinity() : error / tolerance;
      if (!std::isnan(error)) result.max_abs_error = std::max(result.max_abs_error, error);
      else result.max_abs_error = std::numeric_limits<double>::quiet_NaN();
      if (ratio > result.worst_ratio) result.worst_ratio = ratio;
      if (ratio > 1 && result.ok) {
        std::ostringstream where;
        where << "C(" << i << ", " << j << ") = " << c_after[at] << ", expected " << expected[at]
              << " within " << tolerance;
        result.first_failure = where.str();
        result.ok = false;
      }
    }
  }
  for (std::size_t at = 0; at < c_before.size(); ++at) {
    const bool same = c_before[at] == c_after[at] || (std::isnan(c_before[at]) && std::isnan(c_after[at]));
    if (!inside[at] && !same && result.ok) {
      result.first_failure = "element " + std::to_string(at) + " outside C was overwritten";
      result.ok = false;
    }
  }
  return result;
}

template CheckResult compare_with_reference<float>(const GemmArguments&, float, const std::vector<float>&,
                                                   const std::vector<float>&, const std::vector<float>&,
                                                   const std::vector<float>&);
template CheckResult compare_with_reference<double>(const GemmArguments&, double, const std::vector<double>&,
                                                    const std::vector<double>&, const std::vector<double>&,
                                                    const std::vector<double>&);
template CheckResult check_against_openblas<float>(const GemmArguments&, float, float,
                                                   const std::vector<float>&, const std::vector<float>&,
                                                   const std::vector<float>&, const std::vector<float>&);
template CheckResult check_against_openblas<double>(const GemmArguments&, double, double,
                                                    const std::vector<double>&, const std::vector<double>&,
                                                    const std::vector<double>&, const std::vector<double>&);

}  // namespace gemmtune
