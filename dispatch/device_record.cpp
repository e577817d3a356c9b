// A device's fingerprint as the tuning database stores it (db/ knows nothing of OpenCL).
#include "dispatch/device_record.hpp"

#include "db/device_keys.hpp"

namespace gemmtune {

db::DeviceRecord device_record(const DeviceFingerprint& f) {
  return db::with_computed_keys({f.platform, f.vendor, f.name, f.driver_version, f.opencl_c_version, f.type,
                                 f.compute_units, f.clock_mhz, f.global_mem_bytes, f.local_mem_bytes,
                                 f.max_work_group_size, "", "", f.architecture});
}

DeviceFingerprint recorded_fingerprint(const db::DeviceRecord& d) {
  return {d.platform,         d.vendor,          d.name,
          d.driver_version,   d.opencl_c_version, d.type,
          d.compute_units,    d.clock_mhz,        d.global_mem_bytes,
          d.local_mem_bytes,  d.max_work_group_size, d.architecture};
}

DeviceLimits recorded_limits(const db::DeviceRecord& device) {
  DeviceLimits limits;
  limits.max_work_group_size = device.max_work_group_size;
  limits.max_work_item_sizes = {device.max_work_group_size, device.max_work_group_size, device.max_work_group_size};
  limits.local_mem_bytes = device.local_mem_bytes;
  limits.global_mem_bytes = limits.max_alloc_bytes = device.global_mem_bytes;
  limits.fp64 = true;
  limits.cpu = device.type == "cpu";
  limits.nv_compiler_options = device.vendor.find("NVIDIA") != std::string::npos;
  limits.nv_compute_capability = compute_capability_of(device.architecture);
  return limits;
}

}  // namespace gemmtune
