// What the OpenCL peers share: device memory checks, buffers with the problem's data, event timing.
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
std::vector<float> download_c(const cl::CommandQueue& queue, const cl::Buffer& c, const Problem& problem);

// Runs `call` (which enqueues one GEMM and returns the event of its last command) `warm_up` times,
// then `repeat` times, each timed on the device from a marker enqueued just before the call to the
// end of its last command: a call made of several kernels (CLBlast pads and transposes) counts
// whole, the same way cudaEvent pairs time a cuBLAS call.
std::vector<double> time_calls(const cl::CommandQueue& queue, int warm_up, int repeat,
                               const std::function<cl::Event()>& call);

}  // namespace gemmtune::bench
