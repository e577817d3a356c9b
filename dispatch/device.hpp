// OpenCL devices: enumeration, stable selectors, fingerprints and the limits kernels must respect.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dispatch/opencl.hpp"

namespace gemmtune {

// What PoCL calls its platform (CL_PLATFORM_NAME): its kernel cache and its worker threads'
// placement are its own, and the library and the bench check for them by this name.
inline constexpr std::string_view pocl_platform_name = "Portable Computing Language";

// A device and its software stack as OpenCL describes it. Tuning results are keyed by the fields
// that identify it (db/device_keys.hpp; SCHEMA.md says which, and why), with the kernel's source
// hash, so a new driver never silently reuses old timings; the others are information only.
struct DeviceFingerprint {
  std::string platform;  // CL_PLATFORM_NAME: pocl_platform_name for PoCL's devices
  std::string vendor;
  std::string name;
  std::string driver_version;
  std::string opencl_c_version;
  std::string type;  // "gpu", "cpu", "accelerator" or "other"
  std::uint32_t compute_units = 0;
  std::uint32_t clock_mhz = 0;
  std::uint64_t global_mem_bytes = 0;
  std::uint64_t local_mem_bytes = 0;
  std::uint64_t max_work_group_size = 0;
  // What the driver calls the architecture: "sm_90" (compute capability 9.0) on NVIDIA, from
  // cl_nv_device_attribute_query; "" where the driver does not say.
  std::string architecture;

  // The device model without its driver: vendor, name, compute units.
  std::string model_key() const;
  // model_key() plus platform, driver and OpenCL C version: one key per device and software stack.
  std::string key() const;
};

// What a kernel configuration must fit into on one device.
struct DeviceLimits {
  std::uint64_t max_work_group_size = 0;
  std::array<std::uint64_t, 3> max_work_item_sizes{};
  std::uint64_t local_mem_bytes = 0;
  std::uint64_t max_alloc_bytes = 0;
  std::uint64_t global_mem_bytes = 0;
  bool fp64 = false;
  bool nv_compiler_options = false;  // cl_nv_compiler_options: -cl-nv-maxrregcount and others
  bool cpu = false;                  // CL_DEVICE_TYPE_CPU: registers are many vector lanes, not one
  // NVIDIA's compute capability as major * 10 + minor (90 for sm_90), 0 elsewhere: which
  // matrix-unit instructions inline PTX may use.
  int nv_compute_capability = 0;
};

struct DeviceEntry {
  std::size_t index = 0;   // position over all platforms, in enumeration order
  std::string selector;    // "platform-substring:index", stable while drivers stay the same
  cl::Device device;
  DeviceFingerprint fingerprint;
};

DeviceFingerprint fingerprint_of(const cl::Device& device);
DeviceLimits limits_of(const cl::Device& device);
// 90 for "sm_90", 0 for "" or any text that is not an NVIDIA architecture name.
int compute_capability_of(const std::string& architecture);

// Every device of every platform; an empty list when there is no OpenCL platform.
std::vector<DeviceEntry> list_devices();

// Resolves "3" (an index), "nvidia:0" or "portable computing language:0" (a case-insensitive
// platform-name substring and the device's index within that platform). An empty selector picks
// the first GPU, else the first CPU device, else the first device. Throws InvalidArgument with the
// list of devices when nothing matches.
DeviceEntry select_device(const std::string& selector);

// One line per device: "[index] selector  name (platform, type)".
std::string describe_devices(const std::vector<DeviceEntry>& devices);

}  // namespace gemmtune
