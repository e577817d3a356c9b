// The kernel's rules applied to evaluations that enter the database from outside (import, merge).
#include "tuner/kernel_rule_check.hpp"

#include "core/precision.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::cli {
namespace {

// What a device record tells of the limits a configuration must fit (dispatch/device_record.hpp),
// with the NVIDIA compiler options taken as present, since the device ran the configuration; the
// dispatcher checks every configuration against the live device before it runs one.
DeviceLimits limits_for_import(const db::DeviceRecord& device) {
  DeviceLimits limits = recorded_limits(device);
  limits.nv_compiler_options = true;
  return limits;
}

}  // namespace

std::optional<std::string> kernel_rule_violation(const db::StoredEvaluation& stored) {
  const KernelFamily* family = nullptr;
  try {
    family = &kernel_family(stored.kernel_name);
    family->complete(stored.evaluation.config);  // unknown parameters, whatever the status
  } catch (const ConfigError& unknown) {
    return (family ? "config: " : "kernel: ") + std::string(unknown.what());
  }
  if (stored.evaluation.status != "ok") return std::nullopt;
  const auto precision = precision_from_code(stored.problem.precision);
  if (!precision) return "precision: '" + stored.problem.precision + "' is not a precision of this build";
  if (auto violation = violation_on_device(*family, stored.evaluation.config, limits_for_import(stored.device),
                                           *precision, stored.problem.trans))
    return "config: " + *violation;
  return std::nullopt;
}

}  // namespace gemmtune::cli
