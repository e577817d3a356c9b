// A GEMM call's arguments, their validation, and their reduction to the kernel's row-major form.
#include "dispatch/gemm_problem.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

constexpr std::size_t kernel_index_limit = std::numeric_limits<int>::max();

// A stored matrix of `rows` x `cols` in `layout`: the elements it needs, after checking `ld`.
std::size_t required_elements(const char* name, const char* ld_name, Layout layout,
                              std::size_t rows, std::size_t cols, std::size_t offset,
                              std::size_t ld) {
  const std::size_t inner = layout == Layout::RowMajor ? cols : rows;
  const std::size_t outer = layout == Layout::RowMajor ? rows : cols;
  if (ld < std::max<std::size_t>(1, inner))
    throw InvalidArgument(std::string(ld_name) + " = " + std::to_string(ld) + " is too small for " +
                          name + " of " + std::to_string(rows) + " x " + std::to_string(cols) +
                          " in " + to_string(layout) + "-major layout (at least " +
                          std::to_string(std::max<std::size_t>(1, inner)) + ")");
  if (ld > kernel_index_limit)
    throw InvalidArgument(std::string(ld_name) + " = " + std::to_string(ld) + " exceeds " +
                          std::to_string(kernel_index_limit));
  if (rows == 0 || cols == 0) return 0;
  return offset + (outer - 1) * ld + inner;
}

}  // namespace

RequiredElements validate_gemm_arguments(const GemmArguments& g) {
  for (const auto& [name, size] : {std::pair{"M", g.m}, {"N", g.n}, {"K", g.k}}) {
    if (size > kernel_index_limit)
      throw InvalidArgument(std::string(name) + " = " + std::to_string(size) + " exceeds " +
                            std::to_string(kernel_index_limit));
  }
  const bool ta = g.trans_a == Transpose::Yes, tb = g.trans_b == Transpose::Yes;
  RequiredElements required;
  required.a = required_elements("A", "lda", g.layout, ta ? g.k : g.m, ta ? g.m : g.k, g.a_offset, g.lda);
  required.b = required_elements("B", "ldb", g.layout, tb ? g.n : g.k, tb ? g.k : g.n, g.b_offset, g.ldb);
  required.c = required_elements("C", "ldc", g.layout, g.m, g.n, g.c_offset, g.ldc);
  return required;
}

RowMajorGemm to_row_major(const GemmArguments& g) {
  RowMajorGemm r;
  r.trans_a = g.trans_a == Transpose::Yes;
  r.trans_b = g.trans_b == Transpose::Yes;
  r.m = g.m, r.n = g.n, r.k = g.k;
  r.a_offset = g.a_offset, r.lda = g.lda;
  r.b_offset = g.b_offset, r.ldb = g.ldb;
  r.c_offset = g.c_offset, r.ldc = g.ldc;
  if (g.layout == Layout::ColMajor) {
    std::swap(r.trans_a, r.trans_b);
    std::swap(r.m, r.n);
    std::swap(r.a_offset, r.b_offset);
    std::swap(r.lda, r.ldb);
    r.swapped = true;
  }
  return r;
}

bool c_is_contiguous_vector(const RowMajorGemm& problem) {
  return problem.m == 1 || (problem.n == 1 && problem.ldc == 1);
}

RowMajorGemm with_c_transposed(const RowMajorGemm& p) {
  RowMajorGemm r = p;
  // op(B)^T is B read the other way, and so is op(A)^T.
  r.trans_a = !p.trans_b, r.trans_b = !p.trans_a;
  r.m = p.n, r.n = p.m;
  r.a_offset = p.b_offset, r.lda = p.ldb;
  r.b_offset = p.a_offset, r.ldb = p.lda;
  // One row of N' elements, or N' = 1 element a row one after another.
  r.ldc = std::max<std::size_t>(1, r.n);
  r.swapped = !p.swapped;
  return r;
}

std::string transpose_code(const RowMajorGemm& problem) {
  return {problem.trans_a ? 'T' : 'N', problem.trans_b ? 'T' : 'N'};
}

GemmArguments dense_gemm_arguments(Layout layout, Transpose trans_a, Transpose trans_b,
                                   std::size_t m, std::size_t n, std::size_t k) {
  const bool row = layout == Layout::RowMajor;
  const bool ta = trans_a == Transpose::Yes, tb = trans_b == Transpose::Yes;
  GemmArguments g{layout, trans_a, trans_b, m, n, k};
  // The leading dimension is the stored matrix's inner extent (columns if row-major, else rows).
  g.lda = std::max<std::size_t>(1, row ? (ta ? m : k) : (ta ? k : m));
  g.ldb = std::max<std::size_t>(1, row ? (tb ? k : n) : (tb ? n : k));
  g.ldc = std::max<std::size_t>(1, row ? n : m);
  return g;
}

}  // namespace gemmtune
