// The xgemm kernel's parameters: their defaults, the rules a configuration must obey, its defines.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

struct KernelParameter {
  std::string name;
  std::int64_t default_value;
  std::string meaning;
};

// Every tuning parameter of kernels/xgemm.cl, with the default the source itself uses.
const std::vector<KernelParameter>& xgemm_parameters();

// The kernel's own defaults (the #ifndef values of kernels/xgemm.cl).
KernelConfig xgemm_default_config();

// The kernel's defaults (on a CPU device, a configuration shaped for its vector registers) where
// they fit this device and precision, else the first of a short list of smaller, always-safe
// configurations that does (the defaults need 32 KiB of local memory in single precision, 64 KiB
// in double).
KernelConfig xgemm_default_config(const DeviceLimits& limits, Precision precision);

// One parameter of `config`, or its default where `config` leaves it out, without copying the
// configuration (launches ask for a few per call). Throws ConfigError on an unknown name.
std::int64_t xgemm_parameter(const KernelConfig& config, const std::string& name);

// `config` with every missing parameter set to its default. Throws ConfigError on an unknown
// parameter name.
KernelConfig complete_xgemm_config(const KernelConfig& config);

// The first rule `config` breaks on a device with these limits, as a message naming the rule and
// the values ("TSM % WPTM == 0 fails: TSM=64, WPTM=6"), or nothing when it is valid.
std::optional<std::string> xgemm_rule_violation(const KernelConfig& config,
                                                const DeviceLimits& limits, Precision precision);

// Throws ConfigError with xgemm_rule_violation's message when the configuration is invalid.
void check_xgemm_config(const KernelConfig& config, const DeviceLimits& limits,
                        Precision precision);

// Whether the kernel needs its bounds checks for this problem: unless UNCHECKED is set and M, N
// and K are whole multiples of the tile (split K divides K in whole tiles, so it needs none).
bool xgemm_needs_checks(const KernelConfig& config, const RowMajorGemm& problem);

// The compiler options for one configuration and problem: "-DTSM=64 ... -DTRANSA=0 ... -DCHECKS=1".
std::string xgemm_defines(const KernelConfig& config, Precision precision, const RowMajorGemm& problem);

// "TSM=64 TSN=64 ..." for messages and logs.
std::string describe_config(const KernelConfig& config);

}  // namespace gemmtune
