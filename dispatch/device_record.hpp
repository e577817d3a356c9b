// A device's fingerprint as the tuning database stores it (db/ knows nothing of OpenCL).
#pragma once

#include "db/records.hpp"
#include "dispatch/device.hpp"

namespace gemmtune {

// Every fingerprint field, with the keys computed from the fingerprint itself.
db::DeviceRecord device_record(const DeviceFingerprint& fingerprint);

}  // namespace gemmtune
