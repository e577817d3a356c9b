// What identifies a device in the tuning database: its keys, computed from the fingerprint's fields.
#pragma once

#include "db/records.hpp"

namespace gemmtune::db {

// "vendor|name|Ncu": the device model, whatever driver runs it. Memory sizes, clock, type and
// work-group limits are information only (SCHEMA.md says why, field by field).
std::string device_model_key(const DeviceRecord& device);

// device_model_key() plus "|platform|driver_version|opencl_c_version": one key per device and
// software stack. Results are stored under it.
std::string device_key(const DeviceRecord& device);

// "vendor|architecture|Ncu|L KiB local": devices the same kernels run alike on, whose tuning is the
// best start for each other (the same multiprocessors, counted alike, with the same local memory);
// "" where the architecture is unknown.
std::string architecture_key(const DeviceRecord& device);

// `device` with model_key and key computed from its fields, whatever they held before.
DeviceRecord with_computed_keys(DeviceRecord device);

}  // namespace gemmtune::db
