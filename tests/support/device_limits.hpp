// Test support: the limits of the two kinds of device the families are written for, as a test
// builds them without the device: an NVIDIA Hopper GPU (48 KiB of local memory a work-group, as
// NVIDIA's OpenCL reports it) and a CPU device like PoCL's.
#pragma once

#include "dispatch/device.hpp"

namespace gemmtune::testing {

inline DeviceLimits nvidia_like() {
  DeviceLimits limits;
  limits.max_work_group_size = 1024;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.local_mem_bytes = 49152;
  limits.fp64 = true;
  limits.nv_compiler_options = true;
  limits.nv_compute_capability = 90;
  return limits;
}

inline DeviceLimits cpu_like() {
  DeviceLimits limits = nvidia_like();
  limits.max_work_group_size = 4096;
  limits.max_work_item_sizes = {4096, 4096, 4096};
  limits.local_mem_bytes = 4194304;
  limits.nv_compiler_options = false;
  limits.nv_compute_capability = 0;
  limits.cpu = true;
  return limits;
}

}  // namespace gemmtune::testing
