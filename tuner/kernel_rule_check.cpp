// The kernel's rules applied to evaluations that enter the database from outside (import, merge).
#include "tuner/kernel_rule_check.hpp"

#include "core/precision.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::cli {
namespace {

// What a device record tells of the limits a configuration must fit. It keeps no work-item sizes
// (each is at most the work-group size) nor extensions: double precision and the NVIDIA compiler
// options are taken as present, since the device ran the configuration; the dispatcher checks
// every configuration against the live device before it runs one.
DeviceLimits recorded_limits(const db::DeviceRecord& device) {
  DeviceLimits limits;
  limits.max_work_group_size = device.max_work_group_size;
  limits.max_work_item_sizes = {device.max_work_group_size, device.max_work_group_size, device.max_work_group_size};
  limits.local_mem_bytes = device.local_mem_bytes;
  limits.global_mem_bytes = device.global_mem_bytes;
  limits.max_alloc_bytes = device.global_mem_bytes;
  limits.fp64 = true;
  limits.nv_compiler_options = true;
  limits.cpu = device.type == "cpu";
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
  if (auto violation = violation_on_device(*family, stored.evaluation.config, recorded_limits(stored.device),
                                           *precision, stored.problem.trans))
    return "config: " + *violation;
  return std::nullopt;
}

}  // namespace gemmtune::cli
