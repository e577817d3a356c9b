// Start-up and per-call cost of the dispatcher: wall time of the first GEMM in this process (compile
// or cache load included) against a steady-state call (its enqueue alone, and a cached choice's
// lookup), or with a thread count, the time until that many
// threads have each made the first call of a shape of its own through one handle. Run it with a
// fresh and with a used GEMMTUNE_CACHE_DIR.
// Usage: dispatch_first_call [size [threads]]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <latch>
#include <thread>
#include <vector>

#include "dispatch/binary_cache.hpp"
#include "dispatch/device.hpp"
#include "gemmtune/gemmtune.hpp"

namespace {

using namespace gemmtune;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

cl::Buffer filled_buffer(const cl::Context& context, std::size_t elements) {
  const std::vector<float> host(elements, 0.5f);
  return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float),
                    const_cast<float*>(host.data()));
}

// One call of a square row-major GEMM, waited for; `event` is left for the caller to read and release.
void call(Handle& handle, const cl::CommandQueue& queue, std::size_t size, Transpose trans_a, Transpose trans_b,
          const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, cl_event& event) {
  handle.gemm(Layout::RowMajor, trans_a, trans_b, size, size, size, 1.0f, a(), 0, size, b(), 0, size, 0.0f, c(), 0,
              size, queue(), &event);
  clWaitForEvents(1, &event);
}

std::size_t files_in(const std::filesystem::path& directory) {
  std::error_code error;
  std::size_t count = 0;
  for (std::filesystem::directory_iterator file(directory, error), end; !error && file != end; file.increment(error))
    ++count;
  return count;
}

// `threads` threads, released together, each make the first call of its own shape (the four
// transpositions of `size` and of `size - 1`, which needs bounds checks: each is another program).
int first_calls_in_parallel(const DeviceEntry& entry, std::size_t size, std::size_t threads) {
  const cl::Context context(entry.device);
  const cl::Buffer a = filled_buffer(context, size * size), b = filled_buffer(context, size * size);
  std::vector<cl::Buffer> c;
  for (std::size_t t = 0; t < threads; ++t) c.push_back(filled_buffer(context, size * size));
  Handle handle(context(), entry.device());

  std::latch start(static_cast<std::ptrdiff_t>(threads) + 1);
  std::vector<double> done_after(threads);
  std::vector<std::thread> workers;
  const auto released = [&] {
    start.arrive_and_wait();
    return std::chrono::steady_clock::now();
  };
  for (std::size_t t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      const cl::CommandQueue queue(context, entry.device);
      const Transpose trans_a = t & 1 ? Transpose::Yes : Transpose::No, trans_b = t & 2 ? Transpose::Yes : Transpose::No;
      const std::size_t shape_size = size - (t / 4) % 2;
      cl_event event = nullptr;
      const auto began = released();
      call(handle, queue, shape_size, trans_a, trans_b, a, b, c[t], event);
      done_after[t] = seconds_since(began);
      clReleaseEvent(event);
    });
  const auto began = released();
  for (auto& worker : workers) worker.join();
  const double all_seconds = seconds_since(began);
  std::sort(done_after.begin(), done_after.end());
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"threads\": %zu, \"all_first_calls_s\": %.6f, "
              "\"fastest_first_call_s\": %.6f, \"median_first_call_s\": %.6f, \"cached_programs\": %zu}\n",
              entry.fingerprint.name.c_str(), size, threads, all_seconds, done_after.front(),
              done_after[done_after.size() / 2], files_in(BinaryCache::default_directory()));
  return 0;
}

int first_and_steady_call(const DeviceEntry& entry, std::size_t size) {
  const cl::Context context(entry.device);
  const cl::CommandQueue queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE);
  const cl::Buffer a = filled_buffer(context, size * size), b = filled_buffer(context, size * size),
                   c = filled_buffer(context, size * size);

  auto start = std::chrono::steady_clock::now();
  Handle handle(context(), entry.device());
  const double handle_seconds = seconds_since(start);
  cl_event event = nullptr;
  start = std::chrono::steady_clock::now();
  call(handle, queue, size, Transpose::No, Transpose::No, a, b, c, event);
  const double first_seconds = seconds_since(start);
  clReleaseEvent(event);

  std::vector<double> wall, kernel, enqueue;
  for (int i = 0; i < 10; ++i) {
    start = std::chrono::steady_clock::now();
    handle.gemm(Layout::RowMajor, Transpose::No, Transpose::No, size, size, size, 1.0f, a(), 0, size, b(), 0, size,
                0.0f, c(), 0, size, queue(), &event);
    enqueue.push_back(seconds_since(start));  // the library's work and the driver's enqueue, no waiting
    clWaitForEvents(1, &event);
    wall.push_back(seconds_since(start));
    cl_ulong begin = 0, end = 0;
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof(begin), &begin, nullptr);
    clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
    kernel.push_back(static_cast<double>(end - begin) * 1e-9);
    clReleaseEvent(event);
  }
  std::sort(wall.begin(), wall.end());
  std::sort(kernel.begin(), kernel.end());
  std::sort(enqueue.begin(), enqueue.end());
  // The choice is made once per shape and handle; later calls only look it up.
  const GemmShape shape{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, size, size, size};
  const ConfigChoice choice = handle.choose(shape);
  constexpr int lookups = 100000;
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < lookups; ++i) handle.choose(shape);
  const double choose_seconds = seconds_since(start) / lookups;
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"handle_s\": %.6f, \"first_call_s\": %.6f, "
              "\"steady_call_s\": %.6f, \"steady_enqueue_s\": %.6f, \"steady_choose_s\": %.9f, "
              "\"steady_kernel_s\": %.6f, \"config_source\": \"%s\"}\n",
              entry.fingerprint.name.c_str(), size, handle_seconds, first_seconds, wall[wall.size() / 2],
              enqueue[enqueue.size() / 2], choose_seconds, kernel[kernel.size() / 2], to_string(choice.source).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t size = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 512;
  const std::size_t threads = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1;
  if (size < 2 || threads == 0) {
    std::fprintf(stderr, "usage: dispatch_first_call [size >= 2 [threads >= 1]]\n");
    return 2;
  }
  const DeviceEntry entry = select_device("");
  return threads > 1 ? first_calls_in_parallel(entry, size, threads) : first_and_steady_call(entry, size);
}
