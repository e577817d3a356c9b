// Checks a device's GEMM result against OpenBLAS on the host, with a tolerance that grows with K.
#include "tuner/host_check.hpp"

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

// The operands the precision multiplies, in its accumulator type `Real`, where they are exact.
template <typename Real>
std::vector<Real> operands(const HostMatrix& matrix) {
  std::vector<Real> values(matrix.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<Real>(matrix.operand(i));
  return values;
}

template <typename Real>
void make_absolute(std::vector<Real>& values) {
  for (auto& value : values) value = std::abs(value);
}

// The reference result and |alpha| |op(A)| |op(B)| in `Real`, as whole buffers of C.
template <typename Real>
std::pair<HostMatrix, HostMatrix> reference(const GemmArguments& g, Real alpha, Real beta, const HostMatrix& a,
                                            const HostMatrix& b, const HostMatrix& c_before) {
  const bool row = g.layout == Layout::RowMajor;
  const CBLAS_ORDER order = row ? CblasRowMajor : CblasColMajor;
  const CBLAS_TRANSPOSE ta = g.trans_a == Transpose::Yes ? CblasTrans : CblasNoTrans;
  const CBLAS_TRANSPOSE tb = g.trans_b == Transpose::Yes ? CblasTrans : CblasNoTrans;
  const auto inside = [&](std::size_t i, std::size_t j) { return g.c_offset + (row ? i * g.ldc + j : j * g.ldc + i); };

  std::vector<Real> expected(c_before.size()), magnitude(c_before.size(), Real(0));
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<Real>(c_before.value(i));
  if (g.m > 0 && g.n > 0) {
    if (beta == Real(0)) {
      // BLAS leaves C unread when beta is 0; make sure OpenBLAS sees no NaN either way.
      for (std::size_t i = 0; i < g.m; ++i)
        for (std::size_t j = 0; j < g.n; ++j) expected[inside(i, j)] = 0;
    }
    if (g.k > 0) {
      std::vector<Real> a_operands = operands<Real>(a), b_operands = operands<Real>(b);
      blas_gemm(order, ta, tb, g, alpha, a_operands.data() + g.a_offset, b_operands.data() + g.b_offset, beta,
                expected.data() + g.c_offset);
      make_absolute(a_operands);  // in place: the operands may be large
      make_absolute(b_operands);
      blas_gemm(order, ta, tb, g, std::abs(alpha), a_operands.data() + g.a_offset, b_operands.data() + g.b_offset,
                Real(0), magnitude.data() + g.c_offset);
    } else {
      for (std::size_t i = 0; i < g.m; ++i)
        for (std::size_t j = 0; j < g.n; ++j) {
          Real& e = expected[inside(i, j)];
          e = beta == Real(0) ? Real(0) : beta * e;
        }
    }
  }
  constexpr Precision sums = sizeof(Real) == 8 ? Precision::Double : Precision::Single;
  return {HostMatrix(sums, std::move(expected)), HostMatrix(sums, std::move(magnitude))};
}

}  // namespace

void judge_element(CheckResult& result, std::size_t i, std::size_t j, double value, double expected, double tolerance) {
  const double error = std::abs(value - expected);
  const double ratio = std::isnan(error) ? std::numeric_limits<double>::infinity() : error / tolerance;
  result.max_abs_error = std::isnan(error) ? error : std::max(result.max_abs_error, error);
  result.worst_ratio = std::max(result.worst_ratio, ratio);
  if (ratio > 1 && result.ok) {
    std::ostringstream where;
    where << "C(" << i << ", " << j << ") = " << value << ", expected " << expected << " within " << tolerance;
    result.first_failure = where.str();
    result.ok = false;
  }
}

CheckResult check_against_openblas(const GemmArguments& g, double alpha, double beta, const HostMatrix& a,
                                   const HostMatrix& b, const HostMatrix& c_before, const HostMatrix& c_after) {
  const auto [expected, magnitude] =
      accumulator_precision(c_before.precision()) == Precision::Double
          ? reference<double>(g, alpha, beta, a, b, c_before)
          : reference<float>(g, static_cast<float>(alpha), static_cast<float>(beta), a, b, c_before);
  return compare_with_reference(g, beta, c_before, c_after, expected, magnitude);
}

CheckResult compare_with_reference(const GemmArguments& g, double beta, const HostMatrix& c_before,
                                   const HostMatrix& c_after, const HostMatrix& expected, const HostMatrix& magnitude) {
  const bool row = g.layout == Layout::RowMajor;
  const Precision precision = c_before.precision();
  CheckResult result;
  const double unit = tolerance_unit(precision, g.k), floor = smallest_normal(precision);
  std::vector<bool> inside(c_before.size(), false);
  for (std::size_t i = 0; i < g.m; ++i) {
    for (std::size_t j = 0; j < g.n; ++j) {
      const std::size_t at = g.c_offset + (row ? i * g.ldc + j : j * g.ldc + i);
      inside[at] = true;
      const double old_term = beta == 0 ? 0.0 : std::abs(beta * c_before.value(at));
      judge_element(result, i, j, c_after.value(at), expected.value(at),
                    unit * (magnitude.value(at) + old_term) + floor);
    }
  }
  for (std::size_t at = 0; at < c_before.size(); ++at) {
    if (!inside[at] && !c_before.same_element(c_after, at) && result.ok) {
      result.first_failure = "element " + std::to_string(at) + " outside C was overwritten";
      result.ok = false;
    }
  }
  return result;
}

}  // namespace gemmtune
