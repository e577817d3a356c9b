// Verifies a GEMM result against its reference on the device, reading back two counters, not C.
#include "tuner/device_check.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "core/precision.hpp"

namespace gemmtune {
std::string check_build_options(Precision precision) {
  return "-DPRECISION=" + std::to_string(precision_info(precision).kernel_code);
}

DeviceCheck::DeviceCheck(const cl::Context& context, const cl::Program& program, Precision precision)
    : kernel_(program, "check_result"), failures_(context, CL_MEM_READ_WRITE, 2 * sizeof(cl_uint)), precision_(precision) {}

std::optional<DeviceCheckOutcome> DeviceCheck::run(const cl::CommandQueue& queue, const RowMajorGemm& problem,
                                                   std::size_t count, double unit, const cl::Buffer& result,
                                                   const cl::Buffer& before, const cl::Buffer& expected,
                                                   const cl::Buffer& magnitude) {
  if (count == 0) return DeviceCheckOutcome{};
  if (count >= std::numeric_limits<cl_uint>::max()) return std::nullopt;
  const auto u32 = [](std::size_t value) { return static_cast<cl_uint>(value); };
  // An empty C (m or n of 0) has no inside; its offset and leading dimension still index the buffer.
  const cl_uint ldc = u32(std::max<std::size_t>(problem.ldc, 1));
  std::array<cl_uint, 2> counters{0, std::numeric_limits<cl_uint>::max()};
  queue.enqueueWriteBuffer(failures_, CL_FALSE, 0, sizeof(counters), counters.data());
  int index = 0;
  kernel_.setArg(index++, u32(count));
  kernel_.setArg(index++, u32(problem.c_offset));
  kernel_.setArg(index++, u32(problem.m));
  kernel_.setArg(index++, u32(problem.n));
  kernel_.setArg(index++, ldc);
  if (accumulator_precision(precision_) == Precision::Double)
    kernel_.setArg(index++, unit);
  else
    kernel_.setArg(index++, static_cast<float>(unit));
  for (const cl::Buffer* buffer : {&result, &before, &expected, &magnitude}) kernel_.setArg(index++, *buffer);
  kernel_.setArg(index++, failures_);
  constexpr std::size_t group = 256;
  queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange((count + group - 1) / group * group), cl::NDRange(group));
  queue.enqueueReadBuffer(failures_, CL_TRUE, 0, sizeof(counters), counters.data());
  return DeviceCheckOutcome{counters[0], counters[0] ? counters[1] : 0};
}

}  // namespace gemmtune
