// The reference BLAS's argument checks for xGEMM, in its order.
#include "blas/argument_checks.hpp"

#include <algorithm>
#include <cctype>

namespace gemmtune::blas {
namespace {

// LSAME: the first character, without regard to case.
bool same_letter(char given, char expected) {
  return std::toupper(static_cast<unsigned char>(given)) == expected;
}

bool valid_transpose(char trans) {
  return same_letter(trans, 'N') || same_letter(trans, 'T') || same_letter(trans, 'C');
}

}  // namespace

int first_invalid_gemm_argument(char trans_a, char trans_b, blas_int m, blas_int n, blas_int k,
                                blas_int lda, blas_int ldb, blas_int ldc) {
  const blas_int rows_a = same_letter(trans_a, 'N') ? m : k;
  const blas_int rows_b = same_letter(trans_b, 'N') ? k : n;
  if (!valid_transpose(trans_a)) return 1;
  if (!valid_transpose(trans_b)) return 2;
  if (m < 0) return 3;
  if (n < 0) return 4;
  if (k < 0) return 5;
  if (lda < std::max<blas_int>(1, rows_a)) return 8;
  if (ldb < std::max<blas_int>(1, rows_b)) return 10;
  if (ldc < std::max<blas_int>(1, m)) return 13;
  return 0;
}

}  // namespace gemmtune::blas
