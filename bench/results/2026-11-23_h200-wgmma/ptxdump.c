/* Builds an OpenCL C file for the first NVIDIA GPU with given options and writes its PTX. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  if (argc != 4) return 2;
  FILE* f = fopen(argv[1], "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
  char* text = malloc(n + 1); fread(text, 1, n, f); text[n] = 0; fclose(f);
  cl_platform_id platforms[8]; cl_uint np; clGetPlatformIDs(8, platforms, &np);
  cl_device_id device = 0;
  for (cl_uint i = 0; i < np && !device; ++i) clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, NULL);
  if (!device) { fprintf(stderr, "no GPU\n"); return 1; }
  cl_int err; cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  const char* t = text; cl_program p = clCreateProgramWithSource(ctx, 1, &t, NULL, &err);
  err = clBuildProgram(p, 1, &device, argv[2], NULL, NULL);
  if (err) { char log[65536]; clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "build %d: %s\n", err, log); return 1; }
  size_t size; clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
  unsigned char* bin = malloc(size); clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  FILE* o = fopen(argv[3], "wb"); fwrite(bin, 1, size, o); fclose(o);
  return 0;
}
