// Times a plain outer-product kernel on the default OpenCL device (PoCL here): one element, or one
// row, of C = alpha a b^T + beta C per work-item. Usage: outer-probe M N [BETA]
// Build: g++ -O2 -std=c++17 outer-probe.cpp -o outer-probe -lOpenCL
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <chrono>
#include <cstdio>
#include <vector>
#include <algorithm>
const char* source = R"(
__kernel void outer(int M, int N, float alpha, float beta, __global const float* a, __global const float* b, __global float* c) {
  int n = get_global_id(0), m = get_global_id(1);
  if (m < M && n < N) { float v = alpha * a[m] * b[n]; c[m * N + n] = beta == 0.0f ? v : v + beta * c[m * N + n]; }
}
__kernel void outer_rows(int M, int N, float alpha, float beta, __global const float* a, __global const float* b, __global float* c) {
  int m = get_global_id(0);
  if (m >= M) return;
  float am = alpha * a[m];
  for (int n = 0; n < N; ++n) { float v = am * b[n]; c[m * N + n] = beta == 0.0f ? v : v + beta * c[m * N + n]; }
}
)";
int main(int argc, char** argv) {
  int M = atoi(argv[1]), N = atoi(argv[2]); float beta = argc > 3 ? atof(argv[3]) : 0.0f;
  cl::Platform platform = cl::Platform::getDefault();
  std::vector<cl::Device> devices; platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
  cl::Context context(devices[0]); cl::CommandQueue queue(context, devices[0]);
  cl::Program program(context, source); program.build("-cl-fast-relaxed-math");
  std::vector<float> a(M, 1.5f), b(N, 2.0f), c(size_t(M) * N, 0.0f);
  cl::Buffer A(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, size_t(M) * 4, static_cast<void*>(a.data()));
  cl::Buffer B(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, size_t(N) * 4, static_cast<void*>(b.data()));
  cl::Buffer C(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size_t(M) * N * 4, static_cast<void*>(c.data()));
  for (const char* name : {"outer", "outer_rows"}) {
    cl::Kernel k(program, name);
    k.setArg(0, M); k.setArg(1, N); k.setArg(2, 1.0f); k.setArg(3, beta); k.setArg(4, A); k.setArg(5, B); k.setArg(6, C);
    for (int local : {0, 16, 64, 256}) {
      std::vector<double> t;
      for (int i = 0; i < 40; ++i) {
        auto s = std::chrono::steady_clock::now();
        if (std::string(name) == "outer") {
          cl::NDRange g((N + 63) / 64 * 64, M);
          if (local) queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange((N + local - 1) / local * local, M), cl::NDRange(local, 1));
          else queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(N, M));
        } else {
          if (local) queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange((M + local - 1) / local * local), cl::NDRange(std::min(local, 64)));
          else queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(M));
        }
        queue.finish();
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
      }
      std::sort(t.begin(), t.end());
      std::printf("%s local %d: median %.1f us, best %.1f us\n", name, local, t[t.size() / 2] * 1e6, t[0] * 1e6);
    }
  }
}
