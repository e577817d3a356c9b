// A GEMM call's arguments, their validation, and their reduction to the kernel's row-major form.
#pragma once

#include <cstddef>
#include <string>

#include "gemmtune/types.hpp"

namespace gemmtune {

// Everything about one call except the scalars and buffers; offsets and leading dimensions count
// elements.
struct GemmArguments {
  Layout layout = Layout::RowMajor;
  Transpose trans_a = Transpose::No;
  Transpose trans_b = Transpose::No;
  std::size_t m = 0, n = 0, k = 0;
  std::size_t a_offset = 0, lda = 0;
  std::size_t b_offset = 0, ldb = 0;
  std::size_t c_offset = 0, ldc = 0;
};

// The same call as the kernel sees it: row-major C (m x n) = op(A) (m x k) * op(B) (k x n).
// For a column-major call, A and B have traded places (C^T = op(B)^T op(A)^T): `swapped` says so.
struct RowMajorGemm {
  bool trans_a = false, trans_b = false;
  std::size_t m = 0, n = 0, k = 0;
  std::size_t a_offset = 0, lda = 0;
  std::size_t b_offset = 0, ldb = 0;
  std::size_t c_offset = 0, ldc = 0;
  bool swapped = false;
};

// Elements each buffer must hold from its start (offset included); 0 when the matrix is empty.
struct RequiredElements {
  std::size_t a = 0, b = 0, c = 0;
};

// Throws InvalidArgument naming the argument: a leading dimension below its minimum, or a size or
// leading dimension beyond what the kernel's 32-bit indices hold.
RequiredElements validate_gemm_arguments(const GemmArguments& arguments);

RowMajorGemm to_row_major(const GemmArguments& arguments);

// Whether C is one row, or one column of consecutive elements (leading dimension 1): then C and
// C^T are the same memory, and the call may run as with_c_transposed().
bool c_is_contiguous_vector(const RowMajorGemm& problem);

// The same product computed as C^T = op(B)^T op(A)^T, for a C that c_is_contiguous_vector(): A and B
// trade places (and `swapped` flips with them), each read the other way (NN becomes TT, NT and TN
// keep theirs), M and N trade, and C is the same row or column of consecutive elements.
RowMajorGemm with_c_transposed(const RowMajorGemm& problem);

// The transpositions ("NN".."TT") of the row-major form: those a family must serve to run it.
std::string transpose_code(const RowMajorGemm& problem);

// Minimal leading dimensions for a dense problem of this layout and these transpositions.
GemmArguments dense_gemm_arguments(Layout layout, Transpose trans_a, Transpose trans_b,
                                   std::size_t m, std::size_t n, std::size_t k);

}  // namespace gemmtune
