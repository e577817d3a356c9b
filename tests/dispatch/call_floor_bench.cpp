// What a tiny GEMM costs beyond its arithmetic: a GEMM through the handle against an empty kernel
// (and one taking a GEMM's arguments), timed the way `gemmtune bench --timing per-call` times every
// peer (a marker before the call, the call's last event after), with the host's share of each
// enqueue and the driver's timestamps in between; then by the host's clock without events, on a
// queue that times its commands and on one that does not, and what making an event costs on each
// (the first two lines printed).
// Usage: dispatch_call_floor [size [repeat]]   (prints three JSON objects, times in microseconds)
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "dispatch/device.hpp"
#include "gemmtune/gemmtune.hpp"

namespace {

using namespace gemmtune;
using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

double microseconds(cl_ulong from, cl_ulong to) { return static_cast<double>(to - from) * 1e-3; }

// Medians over `repeat` calls of one enqueue: host time of the enqueue, marker end to the last
// event's end (the bench's figure), and the last event's queued-to-start and start-to-end.
struct Floor {
  double host_us, marker_to_end_us, queued_to_start_us, start_to_end_us;
};

Floor measure(const cl::CommandQueue& queue, int repeat, const std::function<cl_event()>& enqueue) {
  for (int i = 0; i < 20; ++i) clReleaseEvent(enqueue());
  queue.finish();
  std::vector<double> host, marker_to_end, queued_to_start, start_to_end;
  for (int i = 0; i < repeat; ++i) {
    cl::Event marker;
    queue.enqueueMarkerWithWaitList(nullptr, &marker);
    const auto began = Clock::now();
    cl_event done = enqueue();
    host.push_back(std::chrono::duration<double, std::micro>(Clock::now() - began).count());
    clWaitForEvents(1, &done);
    cl_ulong queued = 0, start = 0, end = 0;
    clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_QUEUED, sizeof(queued), &queued, nullptr);
    clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr);
    clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
    const auto marker_end = marker.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    marker_to_end.push_back(microseconds(marker_end, end));
    queued_to_start.push_back(microseconds(queued, start));
    start_to_end.push_back(microseconds(start, end));
    clReleaseEvent(done);
  }
  return {median(host), median(marker_to_end), median(queued_to_start), median(start_to_end)};
}

// On a queue that does not time its commands, as most programs make them: medians of the host's
// time for one enqueue without an event and of one enqueue followed by clFinish, and the mean per
// call of `burst` enqueues followed by one clFinish (how fast a program can issue tiny GEMMs).
struct PlainFloor {
  double host_us, wall_us, burst_us;
};

PlainFloor measure_plain(const cl::CommandQueue& queue, int repeat, const std::function<void()>& enqueue) {
  for (int i = 0; i < 20; ++i) enqueue();
  queue.finish();
  std::vector<double> host, wall;
  for (int i = 0; i < repeat; ++i) {
    const auto began = Clock::now();
    enqueue();
    host.push_back(std::chrono::duration<double, std::micro>(Clock::now() - began).count());
    queue.finish();
    wall.push_back(std::chrono::duration<double, std::micro>(Clock::now() - began).count());
  }
  constexpr int burst = 200;
  const auto began = Clock::now();
  for (int i = 0; i < burst; ++i) enqueue();
  queue.finish();
  const double burst_us = std::chrono::duration<double, std::micro>(Clock::now() - began).count() / burst;
  return {median(host), median(wall), burst_us};
}

std::string json(const char* name, const PlainFloor& f) {
  char text[256];
  std::snprintf(text, sizeof(text), "\"%s\": {\"host_us\": %.2f, \"wall_us\": %.2f, \"burst_us\": %.2f}", name,
                f.host_us, f.wall_us, f.burst_us);
  return text;
}

std::string json(const char* name, const Floor& f) {
  char text[256];
  std::snprintf(text, sizeof(text),
                "\"%s\": {\"host_us\": %.2f, \"marker_to_end_us\": %.2f, \"queued_to_start_us\": %.2f, "
                "\"start_to_end_us\": %.2f}",
                name, f.host_us, f.marker_to_end_us, f.queued_to_start_us, f.start_to_end_us);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t size = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 8;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 200;
  if (size == 0 || repeat <= 0) {
    std::fprintf(stderr, "usage: dispatch_call_floor [size >= 1 [repeat >= 1]]\n");
    return 2;
  }
  const DeviceEntry entry = select_device("");
  const cl::Context context(entry.device);
  const cl::CommandQueue queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE);
  const std::vector<float> host(size * size, 0.5f);
  const auto buffer = [&] {
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float),
                      const_cast<float*>(host.data()));
  };
  const cl::Buffer a = buffer(), b = buffer(), c = buffer();

  cl::Program empty_program(context, "__kernel void empty(__global float* c) { if (get_global_id(0) == 1u << 30) c[0] = 0; }");
  empty_program.build();
  cl::Kernel empty(empty_program, "empty");
  empty.setArg(0, c);
  // One work-group of the empty kernel on `on`, with an event where `event` is given.
  const auto enqueue_empty = [&](const cl::CommandQueue& on, cl_event* event) {
    clEnqueueNDRangeKernel(on(), empty(), 1, nullptr, std::array<std::size_t, 1>{64}.data(),
                           std::array<std::size_t, 1>{64}.data(), 0, nullptr, event);
  };
  const Floor empty_floor = measure(queue, repeat, [&] {
    cl_event event = nullptr;
    enqueue_empty(queue, &event);
    return event;
  });
  // The same with a GEMM kernel's 14 arguments, set before every launch as the handle sets them.
  cl::Program arguments_program(
      context,
      "__kernel void arguments(int M, int N, int K, float alpha, float beta, __global const float* A, ulong a_offset,"
      " int lda, __global const float* B, ulong b_offset, int ldb, __global float* C, ulong c_offset, int ldc) {"
      " if (get_global_id(0) == 1u << 30) C[c_offset] = alpha * A[a_offset] * B[b_offset] + beta; }");
  arguments_program.build();
  cl::Kernel arguments(arguments_program, "arguments");
  for (cl_uint i : {0u, 1u, 2u, 7u, 10u, 13u}) arguments.setArg(i, cl_int{8});
  for (cl_uint i : {3u, 4u}) arguments.setArg(i, 1.0f);
  for (cl_uint i : {6u, 9u, 12u}) arguments.setArg(i, cl_ulong{0});
  const Floor arguments_floor = measure(queue, repeat, [&] {
    arguments.setArg(5, a);
    arguments.setArg(8, b);
    arguments.setArg(11, c);
    cl_event event = nullptr;
    clEnqueueNDRangeKernel(queue(), arguments(), 1, nullptr, std::array<std::size_t, 1>{64}.data(),
                           std::array<std::size_t, 1>{64}.data(), 0, nullptr, &event);
    return event;
  });

  // The driver calls a checked launch makes besides the enqueue, each timed alone (mean of many).
  const auto per_call_us = [](const std::function<void()>& call) {
    constexpr int calls = 20000;
    const auto began = Clock::now();
    for (int i = 0; i < calls; ++i) call();
    return std::chrono::duration<double, std::micro>(Clock::now() - began).count() / calls;
  };
  cl_context queue_context = nullptr;
  std::size_t bytes = 0;
  const cl_mem c_handle = c();
  char driver_calls[512];
  std::snprintf(driver_calls, sizeof(driver_calls),
                "\"driver_calls_us\": {\"get_queue_info\": %.3f, \"get_mem_info\": %.3f, \"set_buffer_arg\": %.3f, "
                "\"retain_release_queue\": %.3f}",
                per_call_us([&] { clGetCommandQueueInfo(queue(), CL_QUEUE_CONTEXT, sizeof(queue_context), &queue_context, nullptr); }),
                per_call_us([&] { clGetMemObjectInfo(c(), CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr); }),
                per_call_us([&] { clSetKernelArg(empty(), 0, sizeof(cl_mem), &c_handle); }),
                per_call_us([&] {
                  clRetainCommandQueue(queue());
                  clReleaseCommandQueue(queue());
                }));

  Handle handle(context(), entry.device());
  const auto gemm = [&](Transpose trans_a, Transpose trans_b) {
    return measure(queue, repeat, [&] {
      cl_event event = nullptr;
      handle.gemm(Layout::RowMajor, trans_a, trans_b, size, size, size, 1.0f, a(), 0, size, b(), 0, size, 0.0f, c(),
                  0, size, queue(), &event);
      return event;
    });
  };
  const Floor nn = gemm(Transpose::No, Transpose::No), tt = gemm(Transpose::Yes, Transpose::Yes);
  // The same calls on a queue without timing and, for comparison, on the timing queue without an
  // event; both run the plan the timing queue's calls above settled on (plans are the shape's, not
  // the queue's).
  const cl::CommandQueue plain_queue(context, entry.device);
  const auto launch_empty = [&](const cl::CommandQueue& on) {
    return [&] { enqueue_empty(on, nullptr); };
  };
  const auto launch_gemm = [&](const cl::CommandQueue& on) {
    return [&] {
      handle.gemm(Layout::RowMajor, Transpose::No, Transpose::No, size, size, size, 1.0f, a(), 0, size, b(), 0, size,
                  0.0f, c(), 0, size, on(), nullptr);
    };
  };
  // Where an event's cost lies: made on a queue that does not time its commands, and a marker's
  // event after an empty kernel without one on the timing queue.
  const auto empty_with_event = [&](const cl::CommandQueue& on) {
    return [&] {
      cl_event event = nullptr;
      enqueue_empty(on, &event);
      clReleaseEvent(event);
    };
  };
  const auto empty_then_marker = [&] {
    enqueue_empty(queue, nullptr);
    cl_event event = nullptr;
    clEnqueueMarkerWithWaitList(queue(), 0, nullptr, &event);
    clReleaseEvent(event);
  };
  const PlainFloor plain_event = measure_plain(plain_queue, repeat, empty_with_event(plain_queue));
  const PlainFloor timing_event = measure_plain(queue, repeat, empty_with_event(queue));
  const PlainFloor timing_marker = measure_plain(queue, repeat, empty_then_marker);
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"events\": {%s, %s, %s}}\n", entry.fingerprint.name.c_str(), size,
              json("plain_queue_empty_with_event", plain_event).c_str(),
              json("timing_queue_empty_with_event", timing_event).c_str(),
              json("timing_queue_empty_then_marker_with_event", timing_marker).c_str());
  const PlainFloor plain_empty = measure_plain(plain_queue, repeat, launch_empty(plain_queue));
  const PlainFloor plain_gemm = measure_plain(plain_queue, repeat, launch_gemm(plain_queue));
  const PlainFloor timing_empty = measure_plain(queue, repeat, launch_empty(queue));
  const PlainFloor timing_gemm = measure_plain(queue, repeat, launch_gemm(queue));
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"plain_queue\": {%s, %s}, \"timing_queue_no_event\": {%s, %s}}\n",
              entry.fingerprint.name.c_str(), size, json("empty_kernel", plain_empty).c_str(),
              json("gemm_nn", plain_gemm).c_str(), json("empty_kernel", timing_empty).c_str(),
              json("gemm_nn", timing_gemm).c_str());

  const ConfigChoice choice =
      handle.choose(GemmShape{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, size, size, size});
  std::printf("{\"device\": \"%s\", \"size\": %zu, \"repeat\": %d, %s, %s, %s, %s, %s, \"family\": \"%s\"}\n",
              entry.fingerprint.name.c_str(), size, repeat, json("empty_kernel", empty_floor).c_str(),
              json("fourteen_arguments", arguments_floor).c_str(),
              json("gemm_nn", nn).c_str(), json("gemm_tt", tt).c_str(), driver_calls, choice.family.c_str());
  return 0;
}
