// Device-side timing of calls that may enqueue several commands (split K, a peer's padding kernels).
#include "tuner/call_timing.hpp"

namespace gemmtune {

std::vector<double> time_calls(const cl::CommandQueue& queue, int warm_up, int repeat,
                               const std::function<cl::Event()>& call) {
  for (int i = 0; i < warm_up; ++i) call();
  queue.finish();
  std::vector<double> seconds;
  for (int i = 0; i < repeat; ++i) {
    cl::Event marker;
    queue.enqueueMarkerWithWaitList(nullptr, &marker);
    cl::Event done = call();
    done.wait();
    const auto end = done.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    auto start = marker.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    // A driver that leaves markers without timestamps: fall back to the last command alone.
    if (start == 0 || start > end) start = done.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    seconds.push_back(static_cast<double>(end - start) * 1e-9);
  }
  return seconds;
}

void settle_trial_calls(const std::function<bool()>& trying, const std::function<void()>& call) {
  // Far more than the trials take (GEMMTUNE_TRIALS candidates, a few calls each).
  constexpr int most_trial_calls = 256;
  call();
  for (int trial = 0; trial < most_trial_calls && trying(); ++trial) call();
}

void settle_trial_calls(const Handle& handle, const GemmShape& shape, const std::function<cl::Event()>& call) {
  settle_trial_calls([&] { return handle.choose(shape).trying; }, [&] { call().wait(); });
}

}  // namespace gemmtune
