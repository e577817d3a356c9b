// What the OpenCL peers share: device memory checks, buffers with the problem's data, timed calls.
#include "bench/opencl_timing.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>

#include "core/precision.hpp"
#include "tuner/call_timing.hpp"

namespace gemmtune::bench {
namespace {

cl::Buffer buffer_with(const cl::Context& context, const HostMatrix& host) {
  if (host.bytes() == 0) return cl::Buffer(context, CL_MEM_READ_WRITE, 1);
  return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.bytes(), const_cast<void*>(host.data()));
}

}  // namespace

std::vector<double> time_opencl_calls(const cl::CommandQueue& queue, const Setup& setup,
                                      const std::function<cl::Event(bool with_event)>& call) {
  if (setup.timing == CallTiming::PerCall)
    return time_calls(queue, setup.warm_up, setup.repeat, [&] { return call(true); });
  for (int i = 0; i < setup.warm_up; ++i) call(false);
  queue.finish();
  // A stream round between two markers: the calls make no events, so no call pays for one. A
  // driver that leaves markers without timestamps (seen in the first round) gets the host's clock
  // around every round instead: one run's figures come from one clock.
  std::optional<bool> device_clock;
  return time_rounds(CallTiming::Stream, setup.repeat, [&](int calls) {
    const auto host_start = std::chrono::steady_clock::now();
    cl::Event before, after;
    queue.enqueueMarkerWithWaitList(nullptr, &before);
    for (int i = 0; i < calls; ++i) call(false);
    queue.enqueueMarkerWithWaitList(nullptr, &after);
    after.wait();
    const auto host_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - host_start).count();
    const auto start = before.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    const auto end = after.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    if (!device_clock) device_clock = start != 0 && end > start;
    return (*device_clock ? static_cast<double>(end - start) * 1e-9 : host_seconds) / calls;
  });
}

std::string opencl_does_not_fit(const DeviceEntry& device, const Problem& problem) {
  const DeviceLimits limits = limits_of(device.device);
  const auto element_bytes = static_cast<std::uint64_t>(precision_info(problem.precision).storage_bytes);
  std::uint64_t total = 0;
  for (const auto& [name, elements] :
       {std::pair{"A", problem.a_elements()}, {"B", problem.b_elements()}, {"C", problem.c_elements()}}) {
    const std::uint64_t bytes = static_cast<std::uint64_t>(elements) * element_bytes;
    if (bytes > limits.max_alloc_bytes)
      return std::string(name) + " needs " + std::to_string(bytes >> 20) + " MiB, more than the device's largest buffer (" +
             std::to_string(limits.max_alloc_bytes >> 20) + " MiB)";
    total += bytes;
  }
  if (total > limits.global_mem_bytes)
    return "needs " + std::to_string(total >> 20) + " MiB, more than the device's memory (" +
           std::to_string(limits.global_mem_bytes >> 20) + " MiB)";
  return {};
}

DeviceBuffers upload(const cl::Context& context, const Problem& problem) {
  return {buffer_with(context, *problem.a), buffer_with(context, *problem.b), buffer_with(context, *problem.c)};
}

HostMatrix download_c(const cl::CommandQueue& queue, const cl::Buffer& c, const Problem& problem) {
  HostMatrix result(problem.c->precision(), problem.c->size());
  if (result.bytes() != 0) queue.enqueueReadBuffer(c, CL_TRUE, 0, result.bytes(), result.data());
  return result;
}

}  // namespace gemmtune::bench
