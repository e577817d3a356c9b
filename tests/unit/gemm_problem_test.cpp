// Argument validation and the reduction of column-major calls to the kernel's row-major form.
#include <gtest/gtest.h>

#include "dispatch/gemm_problem.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

TEST(GemmProblem, ColumnMajorSwapsOperands) {
  GemmArguments g = dense_gemm_arguments(Layout::ColMajor, Transpose::Yes, Transpose::No, 10, 20, 30);
  g.a_offset = 1, g.b_offset = 2;
  const RowMajorGemm r = to_row_major(g);
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(r.m, 20u);
  EXPECT_EQ(r.n, 10u);
  EXPECT_FALSE(r.trans_a);  // op(B)^T with B not transposed
  EXPECT_TRUE(r.trans_b);
  EXPECT_EQ(r.a_offset, 2u);
  EXPECT_EQ(r.lda, g.ldb);
}

// A row-major TT call of one column (leading dimension 1) is the NN product of C^T, one row, with
// A and B traded and read the other way; a column of leading dimension 2 is no run of elements.
TEST(GemmProblem, AVectorCIsComputedAsItsTranspose) {
  GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, Transpose::Yes, 17, 1, 300);
  g.a_offset = 1, g.b_offset = 2, g.c_offset = 3;
  const RowMajorGemm r = to_row_major(g);
  ASSERT_TRUE(c_is_contiguous_vector(r));
  const RowMajorGemm t = with_c_transposed(r);
  EXPECT_TRUE(t.swapped);
  EXPECT_FALSE(t.trans_a);
  EXPECT_FALSE(t.trans_b);
  EXPECT_EQ(t.m, 1u);
  EXPECT_EQ(t.n, 17u);
  EXPECT_EQ(t.k, 300u);
  EXPECT_EQ(t.a_offset, 2u);  // B, 1 x 300, read as the one row of A
  EXPECT_EQ(t.lda, r.ldb);
  EXPECT_EQ(t.b_offset, 1u);  // A, 300 x 17, read as B as it lies
  EXPECT_EQ(t.ldb, 17u);
  EXPECT_EQ(t.c_offset, 3u);
  EXPECT_EQ(t.ldc, 17u);
  // Back again: the column of leading dimension 1, A and B in their places.
  const RowMajorGemm back = with_c_transposed(t);
  EXPECT_FALSE(back.swapped);
  EXPECT_TRUE(back.trans_a && back.trans_b);
  EXPECT_EQ(back.m, 17u);
  EXPECT_EQ(back.ldc, 1u);
  EXPECT_EQ(back.a_offset, 1u);
  EXPECT_EQ(back.lda, r.lda);
  EXPECT_EQ(back.b_offset, 2u);
  EXPECT_EQ(back.ldb, r.ldb);
  g.ldc = 2;
  EXPECT_FALSE(c_is_contiguous_vector(to_row_major(g)));
  // A column-major row of C (M = 1) lies ldc apart: one run only where ldc is 1.
  GemmArguments row = dense_gemm_arguments(Layout::ColMajor, Transpose::No, Transpose::No, 1, 5, 3);
  EXPECT_TRUE(c_is_contiguous_vector(to_row_major(row)));
  row.ldc = 2;
  EXPECT_FALSE(c_is_contiguous_vector(to_row_major(row)));
  // One row is one run whatever its leading dimension; a matrix never is.
  EXPECT_TRUE(c_is_contiguous_vector(to_row_major(dense_gemm_arguments(Layout::ColMajor, Transpose::No, Transpose::No, 5, 1, 3))));
  EXPECT_FALSE(c_is_contiguous_vector(to_row_major(dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 5, 2, 3))));
}

TEST(GemmProblem, RequiredElementsFollowLayoutAndTransposition) {
  GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, Transpose::No, 4, 5, 6);
  g.lda = 7, g.a_offset = 3;
  const RequiredElements required = validate_gemm_arguments(g);
  EXPECT_EQ(required.a, 3u + 5 * 7 + 4);  // A is stored K x M = 6 x 4
  EXPECT_EQ(required.b, 6u * 5);
  EXPECT_EQ(required.c, 4u * 5);
}

TEST(GemmProblem, NamesTheLeadingDimensionThatIsTooSmall) {
  GemmArguments g = dense_gemm_arguments(Layout::ColMajor, Transpose::No, Transpose::No, 8, 8, 8);
  g.ldc = 7;
  try {
    validate_gemm_arguments(g);
    FAIL();
  } catch (const InvalidArgument& error) {
    EXPECT_STREQ(error.what(), "ldc = 7 is too small for C of 8 x 8 in col-major layout (at least 8)");
  }
}

TEST(GemmProblem, VectorWidthsDropToWhatAlignmentAllows) {
  RowMajorGemm p;
  p.lda = 12, p.a_offset = 0, p.ldb = 64, p.b_offset = 3;
  const KernelConfig adapted = aligned_config(kernel_family("xgemm"), {{"VWA", 8}, {"VWB", 4}}, p);
  EXPECT_EQ(adapted.at("VWA"), 4);
  EXPECT_EQ(adapted.at("VWB"), 1);
}

}  // namespace
}  // namespace gemmtune
