// Builds a PTX file (POOL_MB: operands in one buffer) of xgemm_wgmma through the OpenCL driver and times it at n^3 (fp16, 128 x 256
// tiles, 384 work-items) with OpenCL events, operands in device buffers.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#include <chrono>
#include <cstdlib>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]); std::stringstream ss; ss << in.rdbuf(); std::string ptx = ss.str();
  const int n = argc > 2 ? std::atoi(argv[2]) : 4096, bm = argc > 3 ? std::atoi(argv[3]) : 128, bn = argc > 4 ? std::atoi(argv[4]) : 256, threads = argc > 5 ? std::atoi(argv[5]) : 384;
  cl_uint np = 0; clGetPlatformIDs(0, nullptr, &np); std::vector<cl_platform_id> ps(np); clGetPlatformIDs(np, ps.data(), nullptr);
  cl_device_id dev = nullptr;
  for (auto p : ps) { char name[256]; clGetPlatformInfo(p, CL_PLATFORM_NAME, 256, name, nullptr);
    if (std::string(name).find("NVIDIA") != std::string::npos) clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &dev, nullptr); }
  cl_int err; cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  size_t len = ptx.size() + 1; const unsigned char* bin = reinterpret_cast<const unsigned char*>(ptx.c_str()); cl_int status;
  cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, &bin, &status, &err);
  err = clBuildProgram(prog, 1, &dev, "", nullptr, nullptr); if (err) { std::printf("build %d\n", err); return 1; }
  cl_kernel k = clCreateKernel(prog, "xgemm_wgmma", &err);
  const int kk = std::getenv("K") ? std::atoi(std::getenv("K")) : n;  // depth (A n x K, B K x n)
  const size_t count = size_t(n) * std::max(n, kk);
  std::vector<uint16_t> host(count); std::mt19937 gen(1); std::uniform_int_distribution<int> mant(0, 1023), sgn(0, 1), ex(11, 14);
  const bool zeros = std::getenv("ZEROS") != nullptr;
  for (auto& h : host) h = zeros ? 0 : uint16_t(sgn(gen) << 15 | ex(gen) << 10 | mant(gen));  // fp16 of magnitude 2^-4 to 1
  if (const char* dump = std::getenv("DUMP")) { std::FILE* f = std::fopen(dump, "wb"); std::fwrite(host.data(), 2, count, f); std::fclose(f); }
  // POOL_MB: A, B and C placed in one buffer of at least that many MiB, each at a multiple of 2 MiB.
  const size_t bytes = count * 2, slot = (bytes + (2u << 20) - 1) / (2u << 20) * (2u << 20);
  const size_t pool = std::max<size_t>(3 * slot, size_t(std::getenv("POOL_MB") ? std::atol(std::getenv("POOL_MB")) : 0) << 20);
  cl_mem A, B, C; cl_ulong offa = 0, offb = 0, offc = 0;
  if (std::getenv("POOL_MB")) {
    A = B = C = clCreateBuffer(ctx, CL_MEM_READ_WRITE, pool, nullptr, &err);
    offb = slot / 2; offc = 2 * slot / 2;
    clEnqueueWriteBuffer(q, A, CL_TRUE, 0, bytes, host.data(), 0, nullptr, nullptr);
    clEnqueueWriteBuffer(q, A, CL_TRUE, slot, bytes, host.data(), 0, nullptr, nullptr);
    std::printf("pool %zu MiB err %d ", pool >> 20, err);
  } else {
    A = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host.data(), &err);
    B = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host.data(), &err);
    C = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    std::printf("three buffers ");
  }
  cl_int ni = n, ki = kk; cl_float one = 1, zero = 0;
  clSetKernelArg(k, 0, 4, &ni); clSetKernelArg(k, 1, 4, &ni); clSetKernelArg(k, 2, 4, &ki);
  clSetKernelArg(k, 3, 4, &one); clSetKernelArg(k, 4, 4, &zero);
  clSetKernelArg(k, 5, sizeof(cl_mem), &A); clSetKernelArg(k, 6, 8, &offa); clSetKernelArg(k, 7, 4, &ki);
  clSetKernelArg(k, 8, sizeof(cl_mem), &B); clSetKernelArg(k, 9, 8, &offb); clSetKernelArg(k, 10, 4, &ni);
  clSetKernelArg(k, 11, sizeof(cl_mem), &C); clSetKernelArg(k, 12, 8, &offc); clSetKernelArg(k, 13, 4, &ni);
  const size_t local = threads, global = size_t(n / bm) * (n / bn) * threads;
  std::vector<double> t;
  for (int r = 0; r < 22; ++r) {
    cl_event e; err = clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, &local, 0, nullptr, &e); clWaitForEvents(1, &e);
    cl_ulong s, f; clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &s, nullptr); clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &f, nullptr);
    if (r >= 2) t.push_back((f - s) * 1e-6); clReleaseEvent(e);
  }
  std::sort(t.begin(), t.end()); const double ms = t[t.size() / 2];
  clFinish(q);
  const auto begin = std::chrono::steady_clock::now();
  const int loops = std::getenv("LOOPS") ? std::atoi(std::getenv("LOOPS")) : 50;
  for (int r = 0; r < loops; ++r) clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, &local, 0, nullptr, nullptr);
  clFinish(q);
  const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count() / loops;
  std::printf("opencl-minimal wall per launch (50 back to back) ms %.4f TFLOP/s %.1f\n", wall, 2.0 * n * n * double(kk) / wall / 1e9);
  std::printf("opencl-minimal err %d ms %.4f TFLOP/s %.1f\n", err, ms, 2.0 * n * n * double(kk) / ms / 1e9);
  return 0;
}
