// The bench's reference check at each precision: the operands the kernel saw, the precision's bound, 3xTF32 held to FP32's.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/reference_check.hpp"
#include "core/half_conversion.hpp"

namespace gemmtune::bench {
namespace {

constexpr double everything = 1e18;  // a full-check volume no test problem reaches

// A dense row-major NN problem over the given operands (C starts as zeros).
struct Fixture {
  HostMatrix a, b, c;
  Problem problem;
  Fixture(Precision precision, std::size_t m, std::size_t n, std::size_t k, std::uint32_t seed)
      : a(HostMatrix::random(precision, m * k, seed)), b(HostMatrix::random(precision, k * n, seed + 1)),
        c(precision, m * n) {
    problem = Problem{precision, m, n, k, Transpose::No, Transpose::No, k, n, n, &a, &b, &c};
  }
  // C(i, j) computed in double on the values `operand` gives for A's and B's stored elements.
  template <typename Operand>
  std::vector<double> product(Operand operand) const {
    std::vector<double> result(problem.m * problem.n);
    for (std::size_t i = 0; i < problem.m; ++i)
      for (std::size_t j = 0; j < problem.n; ++j)
        for (std::size_t l = 0; l < problem.k; ++l)
          result[i * problem.n + j] += operand(a, i * problem.k + l) * operand(b, l * problem.n + j);
    return result;
  }
};

double stored(const HostMatrix& matrix, std::size_t i) { return matrix.value(i); }
double tf32(const HostMatrix& matrix, std::size_t i) { return round_to_tf32(matrix.floats()[i]); }

HostMatrix as_floats(Precision precision, const std::vector<double>& values) {
  HostMatrix result(precision, values.size());
  for (std::size_t i = 0; i < values.size(); ++i) result.floats()[i] = static_cast<float>(values[i]);
  return result;
}

TEST(BenchReference, Fp16And16BitResultsRoundedFromTheExactProductPassAndAWrongOneFails) {
  for (const Precision precision : {Precision::Half, Precision::BFloat16}) {
    Fixture f(precision, 13, 9, 40, 7);
    const std::vector<double> exact = f.product(stored);
    HostMatrix c(precision, exact.size());
    for (std::size_t i = 0; i < exact.size(); ++i) {
      const auto value = static_cast<float>(exact[i]);
      c.bits16()[i] = precision == Precision::Half ? float_to_half(value) : float_to_bfloat16(value);
    }
    const Reference reference(f.problem, everything);
    const CheckResult good = reference.check(c);
    EXPECT_TRUE(good.ok) << good.first_failure;
    EXPECT_LT(good.worst_ratio, 0.1);
    // Far past the bound, 2 (K + 2) eps |A| |B|, however small |A| |B| is there.
    c.bits16()[2 * 9 + 4] = precision == Precision::Half ? float_to_half(static_cast<float>(exact[2 * 9 + 4] + 50))
                                                          : float_to_bfloat16(static_cast<float>(exact[2 * 9 + 4] + 50));
    const CheckResult bad = reference.check(c);
    EXPECT_FALSE(bad.ok);
    EXPECT_NE(bad.first_failure.find("C(2, 4)"), std::string::npos) << bad.first_failure;
  }
}

// The products of TF32-rounded operands pass the TF32 check but not the FP32 bound 3xTF32 is held to;
// the exact products pass both.
TEST(BenchReference, TF32RoundedProductsPassTF32AndFail3xTF32) {
  Fixture tf(Precision::TF32, 8, 8, 64, 11);
  Fixture three(Precision::Single3xTF32, 8, 8, 64, 11);
  const std::vector<double> rounded = tf.product(tf32), exact = tf.product(stored);
  EXPECT_TRUE(Reference(tf.problem, everything).check(as_floats(Precision::TF32, rounded)).ok);
  EXPECT_TRUE(Reference(tf.problem, everything).check(as_floats(Precision::TF32, exact)).ok);
  EXPECT_FALSE(Reference(three.problem, everything).check(as_floats(Precision::Single3xTF32, rounded)).ok);
  EXPECT_TRUE(Reference(three.problem, everything).check(as_floats(Precision::Single3xTF32, exact)).ok);
}

// The reference multiplies the operands as TF32 rounds them: with A = 1 + 2^-11 + 2^-20 (TF32: 1 +
// 2^-10) and B = 1, a TF32 kernel's C is exactly 1 + 2^-10, which the reference must expect.
TEST(BenchReference, TF32ReferenceMultipliesTheRoundedOperands) {
  HostMatrix a(Precision::TF32, 1), b(Precision::TF32, 1), c(Precision::TF32, 1);
  a.floats()[0] = 1.0f + 0x1p-11f + 0x1p-20f;
  b.floats()[0] = 1.0f;
  const Problem problem{Precision::TF32, 1, 1, 1, Transpose::No, Transpose::No, 1, 1, 1, &a, &b, &c};
  HostMatrix result(Precision::TF32, 1);
  result.floats()[0] = 1.0f + 0x1p-10f;
  EXPECT_EQ(Reference(problem, everything).check(result).max_abs_error, 0.0);
}

TEST(BenchReference, Fp64IsHeldToItsOwnBound) {
  Fixture f(Precision::Double, 5, 6, 30, 3);
  const std::vector<double> exact = f.product(stored);
  HostMatrix c(Precision::Double, exact.size());
  c.doubles() = exact;
  const Reference reference(f.problem, everything);
  EXPECT_TRUE(reference.check(c).ok);
  c.doubles()[7] += 1e-9;  // far below FP32's bound, far above FP64's
  EXPECT_FALSE(reference.check(c).ok);
}

TEST(BenchReference, LargeProblemsCheckSampledRowsAndNameTheRealRow) {
  Fixture f(Precision::Single, 200, 3, 4, 5);
  const Reference reference(f.problem, 1.0);
  EXPECT_EQ(reference.scope(), "65 of 200 rows");
  HostMatrix c = as_floats(Precision::Single, f.product(stored));
  EXPECT_TRUE(reference.check(c).ok);
  c.floats()[199 * 3 + 1] += 1.0f;  // the last row is always sampled
  const CheckResult bad = reference.check(c);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.first_failure.find("C(199, 1)"), std::string::npos) << bad.first_failure;
}

TEST(BenchReference, NanFails) {
  Fixture f(Precision::Single, 3, 3, 3, 9);
  HostMatrix c = as_floats(Precision::Single, f.product(stored));
  c.floats()[4] = std::nanf("");
  EXPECT_FALSE(Reference(f.problem, everything).check(c).ok);
}

}  // namespace
}  // namespace gemmtune::bench
