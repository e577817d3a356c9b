// What identifies a device in the tuning database: its keys, computed from the fingerprint's fields.
#include "db/device_keys.hpp"

namespace gemmtune::db {

// The SQL of the schema step that re-keyed stored devices (db/migration_device_keys.hpp) builds
// the same text; tests/db/device_keys_test.cpp holds the two together.
std::string device_model_key(const DeviceRecord& device) {
  return device.vendor + '|' + device.name + '|' + std::to_string(device.compute_units) + "cu";
}

std::string device_key(const DeviceRecord& device) {
  return device_model_key(device) + '|' + device.platform + '|' + device.driver_version + '|' +
         device.opencl_c_version;
}

std::string architecture_key(const DeviceRecord& device) {
  if (device.architecture.empty()) return "";
  return device.vendor + '|' + device.architecture + '|' + std::to_string(device.compute_units) + "cu|" +
         std::to_string(device.local_mem_bytes / 1024) + "KiB";
}

DeviceRecord with_computed_keys(DeviceRecord device) {
  device.model_key = device_model_key(device);
  device.key = device_key(device);
  return device;
}

}  // namespace gemmtune::db
