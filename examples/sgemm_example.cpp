// Runs one SGEMM through gemmtune on the first OpenCL device and checks a few elements of C.
#include <CL/cl.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "gemmtune/gemmtune.hpp"

namespace {

// Exits with a message when an OpenCL call fails; an example has no recovery to offer.
void check(cl_int status, const char* what) {
  if (status == CL_SUCCESS) return;
  std::fprintf(stderr, "%s failed with OpenCL error %d\n", what, status);
  std::exit(1);
}

}  // namespace

int main() {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
  cl_int status = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
  check(status, "clCreateContext");
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &status);
  check(status, "clCreateCommandQueueWithProperties");

  // C (m x n) = A (m x k) * B (k x n), row-major, with values whose products are exact in float.
  const std::size_t m = 300, n = 200, k = 100;
  std::vector<float> a(m * k), b(k * n), c(m * n, 0.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 7) - 3;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i % 5) - 2;
  const auto buffer = [&](std::vector<float>& host) {
    cl_mem memory = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float),
                                   host.data(), &status);
    check(status, "clCreateBuffer");
    return memory;
  };
  cl_mem a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);

  int failures = 0;
  try {
    gemmtune::Handle handle(context, device);
    handle.gemm(gemmtune::Layout::RowMajor, gemmtune::Transpose::No, gemmtune::Transpose::No, m, n, k, 1.0f,
                a_buffer, 0, k, b_buffer, 0, n, 0.0f, c_buffer, 0, n, queue);
    check(clEnqueueReadBuffer(queue, c_buffer, CL_TRUE, 0, c.size() * sizeof(float), c.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");

    for (const auto [i, j] : {std::pair<std::size_t, std::size_t>{0, 0}, {1, 2}, {m / 2, n / 3}, {m - 1, n - 1}}) {
      float expected = 0;
      for (std::size_t p = 0; p < k; ++p) expected += a[i * k + p] * b[p * n + j];
      if (std::fabs(c[i * n + j] - expected) > 1e-3f * (1 + std::fabs(expected))) {
        std::fprintf(stderr, "C(%zu, %zu) = %g, expected %g\n", i, j, c[i * n + j], expected);
        ++failures;
      }
    }
    const gemmtune::ConfigChoice choice = handle.choose(
        {gemmtune::Precision::Single, gemmtune::Layout::RowMajor, gemmtune::Transpose::No, gemmtune::Transpose::No, m, n, k});
    std::printf("sgemm %zux%zux%zu %s; config source: %s (%s)\n", m, n, k, failures ? "WRONG" : "ok",
                gemmtune::to_string(choice.source).c_str(), choice.detail.c_str());
  } catch (const gemmtune::Error& error) {
    std::fprintf(stderr, "gemmtune: %s\n", error.what());
    failures = 1;
  }

  clReleaseMemObject(a_buffer);
  clReleaseMemObject(b_buffer);
  clReleaseMemObject(c_buffer);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return failures ? 1 : 0;
}
