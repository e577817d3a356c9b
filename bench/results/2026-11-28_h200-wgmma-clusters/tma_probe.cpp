// Can a kernel built by NVIDIA's OpenCL use the tensor memory accelerator? The tensor map is made on
// the host by libcuda's cuTensorMapEncodeTiled (loaded with dlopen) for a buffer whose device address
// a kernel reports, passed by value as the kernel's first argument, and the copy's result is
// checked against the 128-byte swizzle, at a tile inside the matrix and at one that crosses its edge
// (zeros expected there).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using Encode = int (*)(void*, int, uint32_t, void*, const uint64_t*, const uint64_t*, const uint32_t*,
                       const uint32_t*, int, int, int, int);

static std::string read(const char* path) { std::ifstream f(path); std::stringstream s; s << f.rdbuf(); return s.str(); }

int main(int argc, char** argv) {
  void* cuda = dlopen("libcuda.so.1", RTLD_NOW);
  if (!cuda) return std::printf("no libcuda: %s\n", dlerror()), 1;
  auto init = reinterpret_cast<int (*)(unsigned)>(dlsym(cuda, "cuInit"));
  auto encode = reinterpret_cast<Encode>(dlsym(cuda, "cuTensorMapEncodeTiled"));
  std::printf("cuInit %d, encode %p\n", init ? init(0) : -1, (void*)encode);
  // cuTensorMapEncodeTiled wants a current context (201, CUDA_ERROR_INVALID_CONTEXT, without one):
  // the primary context of device 0, which nothing else uses.
  auto get = reinterpret_cast<int (*)(int*, int)>(dlsym(cuda, "cuDeviceGet"));
  auto retain = reinterpret_cast<int (*)(void**, int)>(dlsym(cuda, "cuDevicePrimaryCtxRetain"));
  auto make_current = reinterpret_cast<int (*)(void*)>(dlsym(cuda, "cuCtxSetCurrent"));
  int cuda_device = 0; void* cuda_context = nullptr;
  std::printf("context: %d %d %d\n", get(&cuda_device, 0), retain(&cuda_context, cuda_device), make_current(cuda_context));
  cl_platform_id platforms[8]; cl_uint count = 0; clGetPlatformIDs(8, platforms, &count);
  cl_device_id device = nullptr;
  for (cl_uint i = 0; i < count && !device; ++i) {
    char name[256]; clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (std::string(name).find("NVIDIA") != std::string::npos) clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, nullptr);
  }
  cl_int error = 0;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &error);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, nullptr, &error);
  const std::string source = read(argc > 1 ? argv[1] : "tma_probe.cl");
  const char* text = source.c_str();
  cl_program first = clCreateProgramWithSource(context, 1, &text, nullptr, &error);
  error = clBuildProgram(first, 1, &device, "-cl-nv-arch sm_90", nullptr, nullptr);
  char log[8192] = {};
  clGetProgramBuildInfo(first, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
  std::printf("first build %d %s\n", error, log);
  size_t size = 0; clGetProgramInfo(first, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr);
  std::vector<char> binary(size); char* pointer = binary.data();
  clGetProgramInfo(first, CL_PROGRAM_BINARIES, sizeof pointer, &pointer, nullptr);
  std::string ptx(binary.data(), strnlen(binary.data(), size));
  ptx = std::regex_replace(ptx, std::regex(R"(\.target sm_90\b)"), ".target sm_90a");
  ptx = std::regex_replace(ptx, std::regex(R"([^\n]*// SM90A: )"), "");
  ptx = std::regex_replace(ptx, std::regex("TENSOR_MAP_0"), "tma_probe_param_0");
  std::smatch param; std::regex_search(ptx, param, std::regex(R"(\.param[^\n]*tma_probe_param_0[^\n]*)"));
  std::printf("param: %s\n", param.str().c_str());
  std::ofstream(std::string(getenv("OUT") ? getenv("OUT") : "/tmp") + "/tma_probe.ptx") << ptx;
  const size_t length = ptx.size() + 1; const unsigned char* bytes = reinterpret_cast<const unsigned char*>(ptx.c_str());
  cl_int status = 0;
  cl_program program = clCreateProgramWithBinary(context, 1, &device, &length, &bytes, &status, &error);
  error = clBuildProgram(program, 1, &device, "", nullptr, nullptr);
  clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
  std::printf("second build %d %s\n", error, log);
  const int rows = 300, cols = 200;  // 400-byte rows: a multiple of 16
  std::vector<uint16_t> a(rows * cols);
  for (int i = 0; i < rows * cols; ++i) a[i] = (uint16_t)(i % 65521 + 1);
  cl_mem matrix = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * 2, a.data(), &error);
  cl_mem address = clCreateBuffer(context, CL_MEM_READ_WRITE, 8, nullptr, &error);
  cl_kernel address_of = clCreateKernel(program, "address_of", &error);
  clSetKernelArg(address_of, 0, sizeof address, &address); clSetKernelArg(address_of, 1, sizeof matrix, &matrix);
  size_t one = 1; clEnqueueNDRangeKernel(queue, address_of, 1, nullptr, &one, &one, 0, nullptr, nullptr);
  uint64_t device_address = 0; clEnqueueReadBuffer(queue, address, CL_TRUE, 0, 8, &device_address, 0, nullptr, nullptr);
  std::printf("device address %#llx\n", (unsigned long long)device_address);
  alignas(64) uint64_t map[16] = {};
  const uint64_t dims[2] = {(uint64_t)cols, (uint64_t)rows}, strides[1] = {(uint64_t)cols * 2};
  const uint32_t box[2] = {64, 128}, element_strides[2] = {1, 1};
  auto current = reinterpret_cast<int (*)(void**)>(dlsym(cuda, "cuCtxGetCurrent"));
  void* now = nullptr;
  std::printf("current before encoding: %d %p (primary %p); made current again: %d\n", current(&now), now,
              cuda_context, make_current(cuda_context));
  int encoded = encode(map, 1 /*UINT16*/, 2, (void*)device_address, dims, strides, box, element_strides, 0, 3 /*128B*/, 3 /*L2 256B*/, 0);
  std::printf("encode %d\n", encoded);
  if (encoded != 0) {  // the same map of a made-up aligned address: does encoding check the address?
    std::printf("encode at 0x10000000: %d\n", encode(map, 1, 2, (void*)0x10000000, dims, strides, box, element_strides, 0, 3, 3, 0));
    std::printf("encode again at the buffer: %d\n", encode(map, 1, 2, (void*)device_address, dims, strides, box, element_strides, 0, 3, 3, 0));
  }
  cl_kernel kernel = clCreateKernel(program, "tma_probe", &error);
  cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, 64 * 128 * 2, nullptr, &error);
  for (auto [x0, y0] : {std::pair{64, 32}, std::pair{160, 250}}) {
    clSetKernelArg(kernel, 0, sizeof map, map); clSetKernelArg(kernel, 1, sizeof out, &out);
    clSetKernelArg(kernel, 2, 4, &x0); clSetKernelArg(kernel, 3, 4, &y0);
    size_t global = 128, local = 128;
    error = clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr);
    const cl_int finished = clFinish(queue);
    std::vector<uint16_t> tile(64 * 128, 0xffff);
    clEnqueueReadBuffer(queue, out, CL_TRUE, 0, tile.size() * 2, tile.data(), 0, nullptr, nullptr);
    int wrong = 0;
    for (int r = 0; r < 128; ++r)
      for (int c = 0; c < 64; ++c) {
        const int y = y0 + r, x = x0 + c;
        const uint16_t expected = (y < rows && x < cols) ? a[y * cols + x] : 0;
        const uint16_t got = tile[r * 64 + ((c / 8) ^ (r % 8)) * 8 + c % 8];
        wrong += got != expected;
      }
    std::printf("tile at (%d, %d): enqueue %d finish %d, %d of 8192 elements wrong\n", x0, y0, error, finished, wrong);
  }
  return 0;
}
