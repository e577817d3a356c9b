// Chooses the configuration for one problem on one device: exact, nearest, fallback, default.
#pragma once

#include <filesystem>

#include "dispatch/device.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune {

class ConfigSelector {
 public:
  // database: read-only; a missing file means every choice is the kernel's default.
  ConfigSelector(DeviceFingerprint device, DeviceLimits limits, std::filesystem::path database);

  ConfigChoice choose(const GemmShape& shape) const;

  const std::filesystem::path& database() const { return database_; }

 private:
  DeviceFingerprint device_;
  DeviceLimits limits_;
  std::filesystem::path database_;
};

}  // namespace gemmtune
