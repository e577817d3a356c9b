// Chooses the configuration for one problem on one device: exact, nearest, fallback, default.
#pragma once

#include <filesystem>

#include "dispatch/device.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune {

// Reads the tuning database (read-only) and walks the chain
//   exact:    this device key, kernel hash, precision, layout, transpositions and M, N, K;
//   nearest:  this device's tuned problem of the same kind closest in log-space of (M, N, K);
//   fallback: the same device model under another driver, then the best of this vendor and type;
//   default:  the first family serving the problem whose default for this device runs here.
// Every database entry is checked against the device's limits first and skipped when it breaks a
// rule; entries of another kernel source are never seen (the queries filter by the hash).
// Never throws for the database: a missing file means defaults, an unusable one means defaults
// with the reason in ConfigChoice::detail. Thread-safe: each choose() opens its own connection,
// because a SQLite connection must not be shared between threads.
class ConfigSelector {
 public:
  ConfigSelector(DeviceFingerprint device, DeviceLimits limits, std::filesystem::path database);

  ConfigChoice choose(const GemmShape& shape) const;

  const std::filesystem::path& database() const { return database_; }

 private:
  DeviceFingerprint device_;
  DeviceLimits limits_;
  std::filesystem::path database_;
};

}  // namespace gemmtune
