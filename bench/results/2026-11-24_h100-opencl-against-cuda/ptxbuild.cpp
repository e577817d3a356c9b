// Builds a PTX file through the OpenCL driver with given options and prints the build log.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::ifstream in(argv[1]); std::stringstream ss; ss << in.rdbuf(); std::string ptx = ss.str();
  std::string options = argc > 2 ? argv[2] : "";
  cl_uint np = 0; clGetPlatformIDs(0, nullptr, &np); std::vector<cl_platform_id> ps(np); clGetPlatformIDs(np, ps.data(), nullptr);
  cl_device_id dev = nullptr;
  for (auto p : ps) { char name[256]; clGetPlatformInfo(p, CL_PLATFORM_NAME, 256, name, nullptr);
    if (std::string(name).find("NVIDIA") != std::string::npos) clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &dev, nullptr); }
  if (!dev) { std::puts("no NVIDIA device"); return 1; }
  cl_int err; cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  size_t len = ptx.size() + 1; const unsigned char* bin = reinterpret_cast<const unsigned char*>(ptx.c_str()); cl_int status;
  cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, &bin, &status, &err);
  std::printf("create %d %d\n", err, status);
  err = clBuildProgram(prog, 1, &dev, options.c_str(), nullptr, nullptr);
  size_t n = 0; clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  std::vector<char> log(n + 1); clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
  std::printf("build %d options '%s'\n%s\n", err, options.c_str(), log.data());
  return 0;
}
