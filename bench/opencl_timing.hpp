// What the OpenCL peers share: device memory checks, buffers with the problem's data, event timing.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bench/peer.hpp"
#include "tuner/call_timing.hpp"
#include "dispatch/opencl.hpp"

namespace gemmtune::bench {

// Empty when A, B and C fit into the device's largest buffer and its memory together.
std::string opencl_does_not_fit(const DeviceEntry& device, const Problem& problem);

struct DeviceBuffers {
  cl::Buffer a, b, c;
};
DeviceBuffers upload(const cl::Context& context, const Problem& problem);
HostMatrix download_c(const cl::CommandQueue& queue, const cl::Buffer& c, const Problem& problem);

using gemmtune::time_calls;  // tuner/call_timing.hpp

}  // namespace gemmtune::bench
