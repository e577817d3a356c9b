// Checks each peer's C against OpenBLAS on the host: every row when that is quick, a sample of rows otherwise.
#include "bench/reference_check.hpp"

#include <cblas.h>

#include <cmath>

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

std::vector<float> absolute(std::vector<float> values) {
  for (auto& value : values) value = std::abs(value);
  return values;
}

}  // namespace

Reference::Reference(const Problem& p, double full_check_volume)
    : m_(p.m), n_(p.n), ldc_(p.ldc),
      rows_(rows_to_check(p.m, static_cast<double>(p.m) * p.n * p.k <= full_check_volume)) {
  const std::size_t r = rows_.size();
  rows_problem_ = GemmArguments{Layout::RowMajor, Transpose::No, Transpose::No, r, p.n, p.k, 0, p.k, 0, p.n, 0, p.n};
  // The chosen rows of op(A), gathered densely.
  std::vector<float> a_rows(r * p.k);
  for (std::size_t s = 0; s < r; ++s)
    for (std::size_t l = 0; l < p.k; ++l)
      a_rows[s * p.k + l] = p.trans_a == Transpose::Yes ? (*p.a)[l * p.lda + rows_[s]] : (*p.a)[rows_[s] * p.lda + l];
  const CBLAS_TRANSPOSE tb = p.trans_b == Transpose::Yes ? CblasTrans : CblasNoTrans;
  expected_.assign(r * p.n, 0.0f);
  magnitude_.assign(r * p.n, 0.0f);
  if (r == 0 || p.n == 0 || p.k == 0) return;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, tb, r, p.n, p.k, 1.0f, a_rows.data(), p.k, p.b->data(), p.ldb, 0.0f,
              expected_.data(), p.n);
  const std::vector<float> abs_a = absolute(std::move(a_rows)), abs_b = absolute(*p.b);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, tb, r, p.n, p.k, 1.0f, abs_a.data(), p.k, abs_b.data(), p.ldb, 0.0f,
              magnitude_.data(), p.n);
}

CheckResult Reference::check(const std::vector<float>& c) const {
  std::vector<float> c_rows(rows_.size() * n_);
  for (std::size_t s = 0; s < rows_.size(); ++s)
    for (std::size_t j = 0; j < n_; ++j) c_rows[s * n_ + j] = c[rows_[s] * ldc_ + j];
  const std::vector<float> before(c_rows.size(), 0.0f);  // beta is 0: C's old values do not count
  CheckResult result = compare_with_reference<float>(rows_problem_, 0.0f, before, c_rows, expected_, magnitude_);
  if (!result.ok && rows_.size() != m_) result.first_failure += " (row index within the sampled rows)";
  return result;
}

std::string Reference::scope() const {
  if (rows_.size() == m_) return "all " + std::to_string(m_) + " rows";
  return std::to_string(rows_.size()) + " of " + std::to_string(m_) + " rows";
}

}  // namespace gemmtune::bench
