// Test support: whether NVIDIA's CUDA driver, which tensor maps need (dispatch/tensor_map.hpp), is
// installed on this machine.
#pragma once

#include <dlfcn.h>

namespace gemmtune::testing {

inline bool nvidia_driver_installed() {
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (driver) dlclose(driver);
  return driver != nullptr;
}

}  // namespace gemmtune::testing
