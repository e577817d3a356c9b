// The device the library runs on: $GEMMTUNE_DEVICE, else the dispatcher's rule, selected once.
#pragma once

#include <optional>
#include <string>

#include "dispatch/device.hpp"

namespace gemmtune::blas {

struct ChosenDevice {
  std::optional<DeviceEntry> entry;  // none when no device matches (or OpenCL fails)
  std::string failure;               // why not, one line
};

// Selected at the first call that needs it (the threshold or the device path) and kept for the
// life of the process.
const ChosenDevice& chosen_device();

}  // namespace gemmtune::blas
