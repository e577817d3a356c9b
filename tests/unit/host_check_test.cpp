// The host check at every precision: OpenBLAS on the operands the precision multiplies, and the
// bound 2 (K + 2) eps of that precision: a correct result passes, an element just beyond its bound
// fails and is named, one just within passes.
#include <gtest/gtest.h>

#include <cmath>

#include "core/precision.hpp"
#include "tuner/host_check.hpp"

namespace gemmtune {
namespace {

// C = 1.5 op(A) op(B) - 0.5 C, 13 x 9 x 21, NT, C at an offset with a gap after each row.
struct Case {
  Precision precision;
  GemmArguments g = [] {
    GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::Yes, 13, 9, 21);
    g.ldc += 2, g.c_offset = 3;
    return g;
  }();
  double alpha = 1.5, beta = -0.5;
  HostMatrix a, b, c;

  explicit Case(Precision p) : precision(p) {
    const RequiredElements required = validate_gemm_arguments(g);
    a = HostMatrix::random(p, required.a, 1), b = HostMatrix::random(p, required.b, 2);
    c = HostMatrix::random(p, required.c, 3);
  }

  std::size_t at(std::size_t i, std::size_t j) const { return g.c_offset + i * g.ldc + j; }

  // Element (i, j) in double from the operands the precision multiplies, and its bound.
  double exact(std::size_t i, std::size_t j) const {
    double sum = 0;
    for (std::size_t l = 0; l < g.k; ++l) sum += a.operand(i * g.lda + l) * b.operand(j * g.ldb + l);
    return alpha * sum + beta * c.value(at(i, j));
  }
  double bound(std::size_t i, std::size_t j) const {
    double magnitude = 0;
    for (std::size_t l = 0; l < g.k; ++l) magnitude += std::abs(a.operand(i * g.lda + l) * b.operand(j * g.ldb + l));
    return tolerance_unit(precision, g.k) * (std::abs(alpha) * magnitude + std::abs(beta * c.value(at(i, j)))) +
           smallest_normal(precision);
  }

  // The exact result rounded to C's storage type; element (i, j) off by `bounds` times its bound.
  HostMatrix result(double bounds = 0, std::size_t i = 7, std::size_t j = 4) const {
    HostMatrix result = c;
    for (std::size_t r = 0; r < g.m; ++r)
      for (std::size_t s = 0; s < g.n; ++s) result.set(at(r, s), exact(r, s));
    result.set(at(i, j), exact(i, j) + bounds * bound(i, j));
    return result;
  }

  CheckResult check(const HostMatrix& after) const { return check_against_openblas(g, alpha, beta, a, b, c, after); }
};

class HostCheckAtEveryPrecision : public ::testing::TestWithParam<Precision> {};

TEST_P(HostCheckAtEveryPrecision, PassesACorrectResultAndOneWithinTheBound) {
  const Case test(GetParam());
  const CheckResult correct = test.check(test.result());
  EXPECT_TRUE(correct.ok) << correct.first_failure;
  EXPECT_LT(correct.worst_ratio, 0.1);
  const CheckResult within = test.check(test.result(0.5));
  EXPECT_TRUE(within.ok) << within.first_failure;
  EXPECT_GT(within.worst_ratio, 0.4);
}

TEST_P(HostCheckAtEveryPrecision, FailsAnElementJustBeyondTheBoundAndNamesIt) {
  const Case test(GetParam());
  const CheckResult beyond = test.check(test.result(1.25));
  EXPECT_FALSE(beyond.ok);
  EXPECT_EQ(beyond.first_failure.rfind("C(7, 4) = ", 0), 0u) << beyond.first_failure;
}

TEST_P(HostCheckAtEveryPrecision, FailsAWriteOutsideC) {
  const Case test(GetParam());
  HostMatrix after = test.result();
  after.set(test.at(2, test.g.n + 1), 0.25);  // the gap after row 2
  const CheckResult outside = test.check(after);
  EXPECT_FALSE(outside.ok);
  EXPECT_EQ(outside.first_failure,
            "element " + std::to_string(test.at(2, test.g.n + 1)) + " outside C was overwritten");
}

INSTANTIATE_TEST_SUITE_P(Table, HostCheckAtEveryPrecision,
                         ::testing::Values(Precision::Half, Precision::BFloat16, Precision::TF32, Precision::Single,
                                           Precision::Single3xTF32, Precision::Double),
                         [](const auto& info) { return to_string(info.param); });

// Same storage, another bound: a TF32 result (operands rounded to TF32) passes as tf32 and fails
// as 3xtf32, which is held to FP32's bound; an FP32 one passes both.
TEST(HostCheck, ThreeTF32IsHeldToSinglePrecisionsBoundNotTF32s) {
  const Case tf32(Precision::TF32);
  const HostMatrix tf32_result = tf32.result();
  EXPECT_TRUE(tf32.check(tf32_result).ok);

  Case fp32_accurate(Precision::Single3xTF32);
  fp32_accurate.a = HostMatrix(Precision::Single3xTF32, tf32.a.floats());
  fp32_accurate.b = HostMatrix(Precision::Single3xTF32, tf32.b.floats());
  fp32_accurate.c = HostMatrix(Precision::Single3xTF32, tf32.c.floats());
  const CheckResult as_3xtf32 = fp32_accurate.check(HostMatrix(Precision::Single3xTF32, tf32_result.floats()));
  EXPECT_FALSE(as_3xtf32.ok);
  EXPECT_GT(as_3xtf32.worst_ratio, 2);
  EXPECT_TRUE(fp32_accurate.check(fp32_accurate.result()).ok);
  EXPECT_TRUE(tf32.check(HostMatrix(Precision::TF32, fp32_accurate.result().floats())).ok);
}

}  // namespace
}  // namespace gemmtune
