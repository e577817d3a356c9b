// A device as a kernel family's rules see it: its limits by name, and whether it can run a family.
#pragma once

#include <optional>
#include <string>

#include "core/kernel_family.hpp"
#include "dispatch/device.hpp"

namespace gemmtune {

// The values of device_limit_names() for this device and precision (element_bytes from the
// precision table).
NamedValues named_limits(const DeviceLimits& limits, Precision precision);

// Why `family` cannot run `config` on this device at this precision and these transpositions
// ("NN".."TT"), or nothing: a precision or transposition the family does not serve, an
// extension the device lacks, or the first rule broken. Throws ConfigError on an unknown parameter.
std::optional<std::string> violation_on_device(const KernelFamily& family, const KernelConfig& config,
                                               const DeviceLimits& limits, Precision precision,
                                               const std::string& trans);
// The same whatever the transpositions: an extension the device lacks, or the first rule broken.
std::optional<std::string> violation_on_device(const KernelFamily& family, const KernelConfig& config,
                                               const DeviceLimits& limits, Precision precision);

// Why no configuration of `family` can run on this device at this precision, or nothing: an
// extension the device lacks, or a rule over the device's limits alone that fails (a family of
// NVIDIA's matrix-unit instructions on another device, say).
std::optional<std::string> unavailable_on_device(const KernelFamily& family, const DeviceLimits& limits,
                                                 Precision precision);

// The family's default configuration for this device and precision.
KernelConfig default_on_device(const KernelFamily& family, const DeviceLimits& limits, Precision precision);

}  // namespace gemmtune
