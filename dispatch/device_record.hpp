// A device's fingerprint as the tuning database stores it (db/ knows nothing of OpenCL).
#pragma once

#include "db/records.hpp"
#include "dispatch/device.hpp"

namespace gemmtune {

// Every fingerprint field, with the keys computed from the fingerprint itself.
db::DeviceRecord device_record(const DeviceFingerprint& fingerprint);

// The fingerprint a stored device was recorded from (its keys are computed from it again).
DeviceFingerprint recorded_fingerprint(const db::DeviceRecord& device);

// A stored device as the performance model sees it: what its record says of its limits (the
// work-item sizes taken as the work-group size, which the record does not keep).
DeviceLimits recorded_limits(const db::DeviceRecord& device);

}  // namespace gemmtune
