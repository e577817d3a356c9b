// The devices a tune command runs on: one selector, a comma-separated list, or every GPU.
#pragma once

#include <string>
#include <vector>

#include "dispatch/device.hpp"

namespace gemmtune::cli {

// "" (the default device), "all" (every GPU of the host, else the default device), or selectors
// separated by commas ("nvidia:0,nvidia:1"). A device named twice is a UsageError.
std::vector<DeviceEntry> select_devices(const std::string& text);

// Indices of `devices` grouped by model (DeviceFingerprint::model_key()), in order of first
// appearance: devices of one model share a command's problems.
std::vector<std::vector<std::size_t>> same_model_groups(const std::vector<DeviceEntry>& devices);

}  // namespace gemmtune::cli
