// Device-side timing of calls that may enqueue several commands (split K, a peer's padding kernels).
#pragma once

#include <functional>
#include <vector>

#include "dispatch/opencl.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune {

// Runs `call` (which enqueues one GEMM and returns the event of its last command) `warm_up` times,
// then `repeat` times, each timed on the device from a marker enqueued just before the call to the
// end of its last command: a call made of several kernels (CLBlast pads and transposes) counts
// whole, the same way cudaEvent pairs time a cuBLAS call.
std::vector<double> time_calls(const cl::CommandQueue& queue, int warm_up, int repeat,
                               const std::function<cl::Event()>& call);

// Makes `call` (one GEMM of a shape, waited for) once, then as long as `trying` (the handle's
// ConfigChoice::trying for the shape: its first calls time the model's candidates): calls timed
// after it run the configuration kept, as a program's later calls of the shape do.
void settle_trial_calls(const std::function<bool()>& trying, const std::function<void()>& call);
// The same for `call`, one GEMM of `shape` through `handle` returning its event.
void settle_trial_calls(const Handle& handle, const GemmShape& shape, const std::function<cl::Event()>& call);

}  // namespace gemmtune
