// Device-side timing of calls that may enqueue several commands (split K, a peer's padding kernels).
#pragma once

#include <functional>
#include <vector>

#include "dispatch/opencl.hpp"

namespace gemmtune {

// Runs `call` (which enqueues one GEMM and returns the event of its last command) `warm_up` times,
// then `repeat` times, each timed on the device from a marker enqueued just before the call to the
// end of its last command: a call made of several kernels (CLBlast pads and transposes) counts
// whole, the same way cudaEvent pairs time a cuBLAS call.
std::vector<double> time_calls(const cl::CommandQueue& queue, int warm_up, int repeat,
                               const std::function<cl::Event()>& call);

}  // namespace gemmtune
