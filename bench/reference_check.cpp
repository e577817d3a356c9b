// Checks each peer's C against a host GEMM in double on the operands the kernel saw: every row when quick, else a sample.
#include "bench/reference_check.hpp"

#include <cblas.h>

#include <cmath>

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
      a_rows[s * p.k + l] = p.a->operand(p.trans_a == Transpose::Yes ? l * p.lda + rows_[s] : rows_[s] * p.lda + l);
  std::vector<double> b(p.b->size());
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = p.b->operand(i);
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
    for (std::size_t j = 0; j < n_; ++j)
      judge_element(result, rows_[s], j, c.value(rows_[s] * ldc_ + j), expected_[s * n_ + j],
                    unit * magnitude_[s * n_ + j] + floor);
  return result;
}

std::string Reference::scope() const {
  if (rows_.size() == m_) return "all " + std::to_string(m_) + " rows";
  return std::to_string(rows_.size()) + " of " + std::to_string(m_) + " rows";
}

}  // namespace gemmtune::bench
