// OpenCL devices: enumeration, stable selectors, fingerprints and the limits kernels must respect.
#include "dispatch/device.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <sstream>

#include "dispatch/cl_error.hpp"
#include "dispatch/device_record.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// Info strings from some drivers end with NUL characters or blanks.
std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\0' || std::isspace(static_cast<unsigned char>(text.back()))))
    text.pop_back();
  const auto first = text.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : text.substr(first);
}

std::string type_name(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "gpu";
  if (type & CL_DEVICE_TYPE_CPU) return "cpu";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

// A platform's selector prefix: its name, lowercase, first word ("nvidia", "portable", ...).
std::string platform_prefix(const std::string& platform_name) {
  std::string word = lowercase(platform_name);
  const auto space = word.find(' ');
  return space == std::string::npos ? word : word.substr(0, space);
}

std::optional<std::size_t> parse_index(const std::string& text) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// NVIDIA's compute capability (cl_nv_device_attribute_query), as "sm_90"; "" on other devices.
std::string architecture_of(const cl::Device& device) {
  constexpr cl_device_info compute_capability_major = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
  constexpr cl_device_info compute_capability_minor = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV
  if (device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_nv_device_attribute_query") == std::string::npos) return "";
  cl_uint major = 0, minor = 0;
  if (clGetDeviceInfo(device(), compute_capability_major, sizeof major, &major, nullptr) != CL_SUCCESS ||
      clGetDeviceInfo(device(), compute_capability_minor, sizeof minor, &minor, nullptr) != CL_SUCCESS)
    return "";
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

}  // namespace

std::string DeviceFingerprint::model_key() const { return device_record(*this).model_key; }

std::string DeviceFingerprint::key() const { return device_record(*this).key; }

DeviceFingerprint fingerprint_of(const cl::Device& device) {
  try {
    DeviceFingerprint print;
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    print.platform = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
    print.vendor = trimmed(device.getInfo<CL_DEVICE_VENDOR>());
    print.name = trimmed(device.getInfo<CL_DEVICE_NAME>());
    print.driver_version = trimmed(device.getInfo<CL_DRIVER_VERSION>());
    print.opencl_c_version = trimmed(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
    print.type = type_name(device.getInfo<CL_DEVICE_TYPE>());
    print.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    print.clock_mhz = device.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
    print.global_mem_bytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    print.local_mem_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    print.max_work_group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    print.architecture = architecture_of(device);
    return print;
  } catch (const cl::Error& error) {
    throw device_error("reading device information", error);
  }
}

DeviceLimits limits_of(const cl::Device& device) {
  try {
    DeviceLimits limits;
    limits.max_work_group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const auto sizes = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    for (std::size_t i = 0; i < 3 && i < sizes.size(); ++i) limits.max_work_item_sizes[i] = sizes[i];
    limits.local_mem_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    limits.max_alloc_bytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    limits.global_mem_bytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    const std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
    limits.fp64 = extensions.find("cl_khr_fp64") != std::string::npos;
    limits.nv_compiler_options = extensions.find("cl_nv_compiler_options") != std::string::npos;
    limits.cpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    limits.nv_compute_capability = compute_capability_of(architecture_of(device));
    return limits;
  } catch (const cl::Error& error) {
    throw device_error("reading device limits", error);
  }
}

int compute_capability_of(const std::string& architecture) {
  constexpr std::string_view prefix = "sm_";
  if (!architecture.starts_with(prefix) || architecture.size() == prefix.size() || architecture.size() > prefix.size() + 4)
    return 0;
  int value = 0;
  for (const char digit : architecture.substr(prefix.size())) {
    if (digit < '0' || digit > '9') return 0;
    value = value * 10 + (digit - '0');
  }
  return value;
}

std::vector<DeviceEntry> list_devices() {
  std::vector<DeviceEntry> entries;
  std::vector<cl::Platform> platforms;
  // No installed ICD makes clGetPlatformIDs fail with CL_PLATFORM_NOT_FOUND_KHR: that is "no devices".
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error&) {
    return entries;
  }
  for (const auto& platform : platforms) {
    std::vector<cl::Device> devices;
    try {
      platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error&) {
      continue;  // a platform with no devices
    }
    const std::string prefix = platform_prefix(platform.getInfo<CL_PLATFORM_NAME>());
    for (std::size_t i = 0; i < devices.size(); ++i) {
      entries.push_back({entries.size(), prefix + ':' + std::to_string(i), devices[i],
                         fingerprint_of(devices[i])});
    }
  }
  return entries;
}

DeviceEntry select_device(const std::string& selector) {
  const auto devices = list_devices();
  if (devices.empty()) throw InvalidArgument("no OpenCL device found (is an OpenCL driver such as PoCL installed?)");
  if (selector.empty()) {
    for (const char* type : {"gpu", "cpu"}) {
      for (const auto& entry : devices)
        if (entry.fingerprint.type == type) return entry;
    }
    return devices.front();
  }
  if (const auto index = parse_index(selector)) {
    if (*index < devices.size()) return devices[*index];
  } else if (const auto colon = selector.rfind(':'); colon != std::string::npos) {
    const std::string wanted = lowercase(selector.substr(0, colon));
    if (const auto position = parse_index(selector.substr(colon + 1))) {
      std::size_t seen = 0;
      std::string platform_seen;
      for (const auto& entry : devices) {
        if (lowercase(entry.fingerprint.platform).find(wanted) == std::string::npos) continue;
        // The index counts devices within the first matching platform only.
        if (platform_seen.empty()) platform_seen = entry.fingerprint.platform;
        if (entry.fingerprint.platform != platform_seen) continue;
        if (seen++ == *position) return entry;
      }
    }
  }
  std::string listing = describe_devices(devices);
  if (!listing.empty() && listing.back() == '\n') listing.pop_back();  // the message's last line is the last device
  throw InvalidArgument("unknown device '" + selector + "'; the devices are:\n" + listing);
}

std::string describe_devices(const std::vector<DeviceEntry>& devices) {
  std::ostringstream text;
  for (const auto& entry : devices) {
    text << "  [" << entry.index << "] " << entry.selector << "  " << entry.fingerprint.name << " ("
         << entry.fingerprint.platform << ", " << entry.fingerprint.type << ")\n";
  }
  return text.str();
}

}  // namespace gemmtune
