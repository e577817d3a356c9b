// Verifies a GEMM result against its reference on the device, reading back two counters, not C.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "dispatch/gemm_problem.hpp"
#include "dispatch/opencl.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

struct DeviceCheckOutcome {
  std::uint64_t failures = 0;  // elements of the buffer that fail
  std::uint64_t first = 0;     // buffer index of the first failing element, when one fails
};

// Runs kernels/result_check.cl: inside C (the row-major form of the problem), |result - expected|
// must be at most unit * magnitude (plus the smallest normal number); outside it, result must equal
// `before` bit for bit. The same bound as compare_with_reference with beta = 0, which stays the
// authority for messages. `result` and `before` hold the precision's storage type, `expected` and
// `magnitude` its accumulator type (enqueue_gemm_reference's output).
std::string check_build_options(Precision precision);

class DeviceCheck {
 public:
  // `program` is kernels/result_check.cl built with check_build_options(precision).
  DeviceCheck(const cl::Context& context, const cl::Program& program, Precision precision);

  // Buffers of `count` elements. Nothing, when the buffer is too large for the kernel's 32-bit
  // indices (the caller then checks on the host).
  std::optional<DeviceCheckOutcome> run(const cl::CommandQueue& queue, const RowMajorGemm& problem,
                                        std::size_t count, double unit, const cl::Buffer& result,
                                        const cl::Buffer& before, const cl::Buffer& expected,
                                        const cl::Buffer& magnitude);

 private:
  cl::Kernel kernel_;
  cl::Buffer failures_;
  Precision precision_;
};

}  // namespace gemmtune
