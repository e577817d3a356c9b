// Start-up cost of the dispatcher: wall time of the first GEMM in this process (compile or cache
// load included) against a steady-state call. Run it with a fresh and with a used GEMMTUNE_CACHE_DIR.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "dispatch/device.hpp"
#include "gemmtune/gemmtune.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gemmtune;
  const std::size_t size = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 512;
  const DeviceEntry entry = select_device("");
  const cl::Context context(entry.device);
  const cl::CommandQueue queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE);
  const std::vector<float> host(size * size, 0.5f);
  const auto buffer = [&] {
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float),
                      const_cast<float*>(host.data()));
  };
  const cl::Buffer a = buffer(), b = buffer(), c = buffer();

  auto start = std::chrono::steady_clock::now();
  Handle handle(context(), entry.device());
  const double handle_seconds = seconds_since(start);
  cl_event event = nullptr;
  const auto call = [&] {
    handle.gemm(Layout::RowMajor, Transpose::No, Transpose::No, size, size, size, 1.0f, a(), 0, size, b(), 0, size,
                0.0f, c(), 0, size, queue(), &event);
    clWaitForEvents(1, &event);
  };
  start = std::chrono::steady_clock::now();
  call();
  const double first_seconds = seconds_since(start);
  clReleaseEvent(event);

  std::vector<double> wall, kernel;
  for (int i = 0; i < 10; ++i) {
    start = std::chrono::steady_clock::now();
    call();
    wall.push_back(seconds_since(start));
    cl_ulong begin = 0, end = 0;
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof(begin), &begin, nullptr);
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
    kernel.push_back(static_cast<double>(end - begin) * 1e-9);
    clReleaseEvent(event);
  }
  std::sort(wall.begin(), wall.end());
  std::sort(kernel.begin(), kernel.end());
  const ConfigChoice choice = handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, size, size, size});
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"handle_s\": %.6f, \"first_call_s\": %.6f, "
              "\"steady_call_s\": %.6f, \"steady_kernel_s\": %.6f, \"config_source\": \"%s\"}\n",
              entry.fingerprint.name.c_str(), size, handle_seconds, first_seconds, wall[wall.size() / 2],
              kernel[kernel.size() / 2], to_string(choice.source).c_str());
  return 0;
}
