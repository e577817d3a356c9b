// The tuner's on-device check of results: what passes, what fails, and which element it names, at every precision.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/precision.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tuner/device_check.hpp"

namespace gemmtune::testing {
namespace {

// C of 3 x 4 in a buffer of 20 floats: offset 2, leading dimension 5 (one gap column per row).
class DeviceCheckTest : public ::testing::Test {
 protected:
  static constexpr std::size_t count = 20;
  DeviceContext device;
  RowMajorGemm problem = [] {
    RowMajorGemm p;
    p.m = 3, p.n = 4, p.k = 10, p.c_offset = 2, p.ldc = 5;
    return p;
  }();
  std::vector<float> before = std::vector<float>(count, 7.0f), expected = before, magnitude = std::vector<float>(count, 1.0f);
  const double unit = 1e-3;

  DeviceCheckTest() {
    before[0] = std::numeric_limits<float>::quiet_NaN();  // outside C: NaN kept as NaN passes
    expected[0] = before[0];
    for (std::size_t r = 0; r < 3; ++r)
      for (std::size_t c = 0; c < 4; ++c) expected[2 + r * 5 + c] = static_cast<float>(r * 10 + c);
  }

  std::size_t inside(std::size_t r, std::size_t c) const { return 2 + r * 5 + c; }

  cl::Buffer buffer(const std::vector<float>& values) {
    return cl::Buffer(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, values.size() * sizeof(float),
                      const_cast<float*>(values.data()));
  }

  DeviceCheckOutcome check(const std::vector<float>& result) {
    const cl::Program program = build_program(device.context, device.entry.device, utility_kernel("result_check"),
                                              check_build_options(Precision::Single));
    DeviceCheck checker(device.context, program, Precision::Single);
    const auto outcome = checker.run(device.queue, problem, count, unit, buffer(result), buffer(before),
                                     buffer(expected), buffer(magnitude));
    EXPECT_TRUE(outcome.has_value());
    return outcome.value_or(DeviceCheckOutcome{999, 999});
  }
};

TEST_F(DeviceCheckTest, PassesTheReferenceAndErrorsWithinTheBound) {
  std::vector<float> result = expected;
  result[inside(1, 1)] += 0.0009f;  // unit * magnitude = 0.001
  result[inside(2, 3)] -= 0.0009f;
  const auto outcome = check(result);
  EXPECT_EQ(outcome.failures, 0u);
}

TEST_F(DeviceCheckTest, CountsErrorsBeyondTheBoundAndNamesTheFirst) {
  std::vector<float> result = expected;
  result[inside(2, 0)] += 0.01f;
  result[inside(1, 2)] = std::numeric_limits<float>::quiet_NaN();
  const auto outcome = check(result);
  EXPECT_EQ(outcome.failures, 2u);
  EXPECT_EQ(outcome.first, inside(1, 2));
}

TEST_F(DeviceCheckTest, FailsAWriteOutsideC) {
  std::vector<float> result = expected;
  result[inside(0, 3) + 1] = 7.5f;  // the gap after row 0
  result[count - 1] = 0.0f;         // past the end of C
  result[1] = 7.0f;                 // unchanged before the offset: passes
  const auto outcome = check(result);
  EXPECT_EQ(outcome.failures, 2u);
  EXPECT_EQ(outcome.first, inside(0, 3) + 1);
}

// At every precision, the device reference (kernels/gemm_reference.cl) multiplies the operands the
// precision multiplies, and the device check (kernels/result_check.cl) holds C's storage type to
// the precision's bound as the host does: a correct result passes, an element just beyond its
// bound fails, one just within passes, a write outside C fails.
class DeviceCheckAtEveryPrecision : public ::testing::TestWithParam<Precision> {
 protected:

  void SetUp() override {
    if (precision == Precision::Double && !shared_device().limits.fp64) GTEST_SKIP() << "no cl_khr_fp64";
    g.ldc += 2, g.c_offset = 3;
    const RequiredElements required = validate_gemm_arguments(g);
    a = HostMatrix::random(precision, required.a, 1), b = HostMatrix::random(precision, required.b, 2);
    before = HostMatrix::random(precision, required.c, 3);
    const std::size_t sum_bytes = static_cast<std::size_t>(precision_info(sums).storage_bytes);
    expected_buffer = cl::Buffer(shared_device().context, CL_MEM_READ_WRITE, required.c * sum_bytes);
    magnitude_buffer = cl::Buffer(shared_device().context, CL_MEM_READ_WRITE, required.c * sum_bytes);
    const cl::Program reference = build_program(shared_device().context, shared_device().entry.device,
                                                utility_kernel("gemm_reference"), gemm_reference_options(precision));
    cl::Buffer a_buffer = upload(a), b_buffer = upload(b);
    for (const bool absolute : {false, true})
      enqueue_gemm_reference(shared_device().queue, reference, to_row_major(g), precision, 1.0, 0.0, a_buffer(), b_buffer(),
                             absolute ? magnitude_buffer() : expected_buffer(), absolute, nullptr);
    expected = download(expected_buffer, sums), magnitude = download(magnitude_buffer, sums);
  }

  cl::Buffer upload(const HostMatrix& values) {
    return cl::Buffer(shared_device().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, values.bytes(),
                      const_cast<void*>(values.data()));
  }

  HostMatrix download(const cl::Buffer& buffer, Precision stored) {
    HostMatrix values(stored, before.size());
    shared_device().queue.enqueueReadBuffer(buffer, CL_TRUE, 0, values.bytes(), values.data());
    return values;
  }

  std::size_t at(std::size_t i, std::size_t j) const { return g.c_offset + i * g.ldc + j; }
  double unit() const { return tolerance_unit(precision, g.k); }
  double bound(std::size_t i, std::size_t j) const {
    return unit() * magnitude.value(at(i, j)) + smallest_normal(precision);
  }

  // The reference rounded to C's storage type; element (i, j) off by `bounds` times its bound.
  HostMatrix result(double bounds = 0, std::size_t i = 33, std::size_t j = 22) const {
    HostMatrix result = before;
    for (std::size_t r = 0; r < g.m; ++r)
      for (std::size_t s = 0; s < g.n; ++s) result.set(at(r, s), expected.value(at(r, s)));
    result.set(at(i, j), expected.value(at(i, j)) + bounds * bound(i, j));
    return result;
  }

  DeviceCheckOutcome device_check(const HostMatrix& after) {
    const cl::Program program = build_program(shared_device().context, shared_device().entry.device, utility_kernel("result_check"),
                                              check_build_options(precision));
    DeviceCheck checker(shared_device().context, program, precision);
    const auto outcome = checker.run(shared_device().queue, to_row_major(g), before.size(), unit(), upload(after),
                                     upload(before), expected_buffer, magnitude_buffer);
    EXPECT_TRUE(outcome.has_value());
    return outcome.value_or(DeviceCheckOutcome{999, 999});
  }

  CheckResult host_check(const HostMatrix& after) const {
    return compare_with_reference(g, 0.0, before, after, expected, magnitude);
  }

  Precision precision = GetParam(), sums = accumulator_precision(GetParam());
  GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::Yes, 67, 45, 37);
  HostMatrix a, b, before, expected, magnitude;
  cl::Buffer expected_buffer, magnitude_buffer;
};

// Against a sum in double over the operands as the host rounds them, at the accumulator's own bound
// (FP32's for all but fp64): far tighter than the precision's, so a reference that skipped the
// rounding to TF32 would fail here.
TEST_P(DeviceCheckAtEveryPrecision, TheReferenceMultipliesThePrecisionsOperands) {
  CheckResult reference, size;
  const double sums_unit = tolerance_unit(sums, g.k), floor = smallest_normal(sums);
  for (std::size_t i = 0; i < g.m; ++i)
    for (std::size_t j = 0; j < g.n; ++j) {
      double sum = 0, magnitude_sum = 0;
      for (std::size_t l = 0; l < g.k; ++l) {
        const double product = a.operand(i * g.lda + l) * b.operand(j * g.ldb + l);
        sum += product, magnitude_sum += std::abs(product);
      }
      judge_element(reference, i, j, expected.value(at(i, j)), sum, sums_unit * magnitude_sum + floor);
      judge_element(size, i, j, magnitude.value(at(i, j)), magnitude_sum, sums_unit * magnitude_sum + floor);
    }
  EXPECT_TRUE(reference.ok) << reference.first_failure;
  EXPECT_TRUE(size.ok) << size.first_failure;
}

TEST_P(DeviceCheckAtEveryPrecision, PassesACorrectResultAndOneWithinTheBound) {
  for (const double bounds : {0.0, 0.5}) {
    EXPECT_EQ(device_check(result(bounds)).failures, 0u) << bounds;
    EXPECT_TRUE(host_check(result(bounds)).ok) << bounds << ": " << host_check(result(bounds)).first_failure;
  }
}

TEST_P(DeviceCheckAtEveryPrecision, FailsAnElementJustBeyondTheBound) {
  const HostMatrix wrong = result(1.25);
  const DeviceCheckOutcome outcome = device_check(wrong);
  EXPECT_EQ(outcome.failures, 1u);
  EXPECT_EQ(outcome.first, at(33, 22));
  EXPECT_EQ(host_check(wrong).first_failure.rfind("C(33, 22) = ", 0), 0u) << host_check(wrong).first_failure;
}

TEST_P(DeviceCheckAtEveryPrecision, FailsAWriteOutsideC) {
  HostMatrix wrong = result();
  wrong.set(at(5, g.n), 0.25);  // the gap after row 5
  const DeviceCheckOutcome outcome = device_check(wrong);
  EXPECT_EQ(outcome.failures, 1u);
  EXPECT_EQ(outcome.first, at(5, g.n));
  EXPECT_FALSE(host_check(wrong).ok);
}

INSTANTIATE_TEST_SUITE_P(Table, DeviceCheckAtEveryPrecision,
                         ::testing::Values(Precision::Half, Precision::BFloat16, Precision::TF32, Precision::Single,
                                           Precision::Single3xTF32, Precision::Double),
                         [](const auto& info) { return to_string(info.param); });

}  // namespace
}  // namespace gemmtune::testing
