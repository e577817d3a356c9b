// Loads probe.ptx through NVIDIA's OpenCL (clCreateProgramWithBinary), launches it on 4 and on 3
// work-groups of 32, and prints what each work-group reported (cluster rank, cluster id, cluster
// size, what its partner stored into its local memory) or the launch's error.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::ifstream file(argc > 1 ? argv[1] : "probe.ptx");
  std::stringstream text;
  text << file.rdbuf();
  const std::string ptx = text.str();
  cl_platform_id platforms[8];
  cl_uint count = 0;
  clGetPlatformIDs(8, platforms, &count);
  cl_device_id device = nullptr;
  for (cl_uint i = 0; i < count && !device; ++i) {
    char name[256];
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name).find("NVIDIA") != std::string::npos)
      clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, nullptr);
  }
  if (!device) return std::puts("no NVIDIA device"), 1;
  cl_int error = 0;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &error);
  const size_t length = ptx.size() + 1;
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(ptx.c_str());
  cl_int status = 0;
  cl_program program = clCreateProgramWithBinary(context, 1, &device, &length, &bytes, &status, &error);
  std::printf("create: %d %d\n", error, status);
  error = clBuildProgram(program, 1, &device, "", nullptr, nullptr);
  char log[4096] = {};
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
  std::printf("build: %d %s\n", error, log);
  cl_kernel kernel = clCreateKernel(program, "probe", &error);
  std::printf("kernel: %d\n", error);
  for (size_t groups : {4, 3, 8}) {
    std::vector<cl_uint> out(4 * groups, 0xdeadbeef);
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out.size() * 4, out.data(), &error);
    clSetKernelArg(kernel, 0, sizeof buffer, &buffer);
    const size_t global = 32 * groups, local = 32;
    error = clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr);
    const cl_int finished = clFinish(queue);
    std::printf("%zu groups: enqueue %d, finish %d\n", groups, error, finished);
    if (error == CL_SUCCESS && finished == CL_SUCCESS) {
      clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, out.size() * 4, out.data(), 0, nullptr, nullptr);
      for (size_t g = 0; g < groups; ++g)
        std::printf("  group %zu: rank %u cluster %u size %u received %u\n", g, out[4 * g], out[4 * g + 1],
                    out[4 * g + 2], out[4 * g + 3]);
    }
    clReleaseMemObject(buffer);
  }
  return 0;
}
