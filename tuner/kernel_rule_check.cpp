// The kernel's rules applied to evaluations that enter the database from outside (import, merge).
#include "tuner/kernel_rule_check.hpp"

#include "core/precision.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/learned_model.hpp"
#include "gemmtune/error.hpp"
#include "tuner/cli.hpp"

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
  Layout layout = Layout::RowMajor;
  try {
    layout = parse_layout(stored.problem.layout);
  } catch (const UsageError& unknown) {
    return "layout: " + std::string(unknown.what());
  }
  // The family must serve the transpositions its kernel runs: a column-major problem's, exchanged.
  if (auto violation = violation_on_device(*family, stored.evaluation.config, limits_for_import(stored.device),
                                           *precision, kernel_trans(stored.problem.trans, layout)))
    return "config: " + *violation;
  return std::nullopt;
}

}  // namespace gemmtune::cli
