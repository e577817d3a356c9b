// The tuner's on-device check of results: what passes, what fails, and which element it names.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/device/gemm_on_device.hpp"
#include "dispatch/kernel_registry.hpp"
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

}  // namespace
}  // namespace gemmtune::testing
