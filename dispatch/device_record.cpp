// A device's fingerprint as the tuning database stores it (db/ knows nothing of OpenCL).
#include "dispatch/device_record.hpp"

#include "db/device_keys.hpp"

namespace gemmtune {

db::DeviceRecord device_record(const DeviceFingerprint& f) {
  return db::with_computed_keys({f.platform, f.vendor, f.name, f.driver_version, f.opencl_c_version, f.type,
                                 f.compute_units, f.clock_mhz, f.global_mem_bytes, f.local_mem_bytes,
                                 f.max_work_group_size, "", ""});
}

}  // namespace gemmtune
