// The OpenCL C sources embedded at build time (kernels/*.cl), with the hash that keys results.
#pragma once

#include <string>

namespace gemmtune::detail {

struct KernelSource {
  std::string name;  // "xgemm"
  std::string text;  // the OpenCL C source
  std::string hash;  // first 16 hex digits of the source's SHA-256
};

const KernelSource& xgemm_kernel_source();

}  // namespace gemmtune::detail
