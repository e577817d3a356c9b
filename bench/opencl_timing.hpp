// What the OpenCL peers share: device memory checks, buffers with the problem's data, timed calls.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bench/peer.hpp"
#include "dispatch/opencl.hpp"

namespace gemmtune::bench {

// Empty when A, B and C fit into the device's largest buffer and its memory together.
std::string opencl_does_not_fit(const DeviceEntry& device, const Problem& problem);

struct DeviceBuffers {
  cl::Buffer a, b, c;
};
DeviceBuffers upload(const cl::Context& context, const Problem& problem);
HostMatrix download_c(const cl::CommandQueue& queue, const cl::Buffer& c, const Problem& problem);

// An OpenCL peer's timed calls as `setup` asks (bench/call_timing_mode.hpp): `call(true)` enqueues
// one GEMM and returns the event of its last command, `call(false)` enqueues it without events.
std::vector<double> time_opencl_calls(const cl::CommandQueue& queue, const Setup& setup,
                                      const std::function<cl::Event(bool with_event)>& call);

}  // namespace gemmtune::bench
