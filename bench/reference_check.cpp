// Checks each peer's C against a host GEMM in double on the operands the kernel saw: every row when quick, else a sample.
#include "bench/reference_check.hpp"

#include <cblas.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "core/half_conversion.hpp"
#include "core/precision.hpp"

namespace gemmtune::bench {
namespace {

std::vector<std::size_t> rows_to_check(std::size_t m, bool all) {
  std::vector<std::size_t> rows;
  const std::size_t samples = 64;
  if (all || m <= samples + 1) {
    for (std::size_t i = 0; i < m; ++i) rows.push_back(i);
    return rows;
  }
  for (std::size_t s = 0; s < samples; ++s) rows.push_back(s * m / samples);
  rows.push_back(m - 1);
  return rows;
}

// The operand a kernel of `precision` multiplies for the stored element `i`.
double operand(const HostMatrix& matrix, std::size_t i) {
  if (matrix.precision() == Precision::TF32) return round_to_tf32(matrix.floats()[i]);
  return matrix.value(i);
}

// The smallest normal number of the result's storage type: below it the relative bound gives way
// to an absolute one.
double smallest_normal(Precision precision) {
  switch (precision) {
    case Precision::Half: return 0x1p-14;
    case Precision::Double: return std::numeric_limits<double>::min();
    default: return std::numeric_limits<float>::min();  // bf16 and tf32 share float's exponent range
  }
}

void absolute(std::vector<double>& values) {
  for (auto& value : values) value = std::abs(value);
}

}  // namespace

Reference::Reference(const Problem& p, double full_check_volume)
    : precision_(p.precision), m_(p.m), n_(p.n), k_(p.k), ldc_(p.ldc),
      rows_(rows_to_check(p.m, static_cast<double>(p.m) * p.n * p.k <= full_check_volume)) {
  const std::size_t r = rows_.size();
  expected_.assign(r * p.n, 0.0);
  magnitude_.assign(r * p.n, 0.0);
  if (r == 0 || p.n == 0 || p.k == 0) return;
  // The chosen rows of op(A), gathered densely, and all of B, as the kernel's operands.
  std::vector<double> a_rows(r * p.k);
  for (std::size_t s = 0; s < r; ++s)
    for (std::size_t l = 0; l < p.k; ++l)
      a_rows[s * p.k + l] = operand(*p.a, p.trans_a == Transpose::Yes ? l * p.lda + rows_[s] : rows_[s] * p.lda + l);
  std::vector<double> b(p.b->size());
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = operand(*p.b, i);
  const CBLAS_TRANSPOSE tb = p.trans_b == Transpose::Yes ? CblasTrans : CblasNoTrans;
  cblas_dgemm(CblasRowMajor, CblasNoTrans, tb, r, p.n, p.k, 1.0, a_rows.data(), p.k, b.data(), p.ldb, 0.0,
              expected_.data(), p.n);
  absolute(a_rows);  // in place: B may be as large as a GiB in double
  absolute(b);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, tb, r, p.n, p.k, 1.0, a_rows.data(), p.k, b.data(), p.ldb, 0.0,
              magnitude_.data(), p.n);
}

CheckResult Reference::check(const HostMatrix& c) const {
  CheckResult result;
  const double unit = tolerance_unit(precision_, k_), floor = smallest_normal(c.precision());
  for (std::size_t s = 0; s < rows_.size(); ++s)
    for (std::size_t j = 0; j < n_; ++j) {
      const double value = c.value(rows_[s] * ldc_ + j), expected = expected_[s * n_ + j];
      const double tolerance = unit * magnitude_[s * n_ + j] + floor;
      const double error = std::abs(value - expected);
      const double ratio = std::isnan(error) ? std::numeric_limits<double>::infinity() : error / tolerance;
      result.max_abs_error = std::isnan(error) ? error : std::max(result.max_abs_error, error);
      result.worst_ratio = std::max(result.worst_ratio, ratio);
      if (ratio > 1 && result.ok) {
        std::ostringstream where;
        where << "C(" << rows_[s] << ", " << j << ") = " << value << ", expected " << expected << " within "
              << tolerance;
        result.first_failure = where.str();
        result.ok = false;
      }
    }
  return result;
}

std::string Reference::scope() const {
  if (rows_.size() == m_) return "all " + std::to_string(m_) + " rows";
  return std::to_string(rows_.size()) + " of " + std::to_string(m_) + " rows";
}

}  // namespace gemmtune::bench
