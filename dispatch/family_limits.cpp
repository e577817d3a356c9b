// A device as a kernel family's rules see it: its limits by name, and whether it can run a family.
#include "dispatch/family_limits.hpp"

#include "core/precision.hpp"

namespace gemmtune {

NamedValues named_limits(const DeviceLimits& limits, Precision precision) {
  const auto value = [](std::uint64_t v) { return static_cast<std::int64_t>(std::min<std::uint64_t>(v, INT64_MAX)); };
  return {{"max_work_group_size", value(limits.max_work_group_size)},
          {"max_work_item_size_0", value(limits.max_work_item_sizes[0])},
          {"max_work_item_size_1", value(limits.max_work_item_sizes[1])},
          {"max_work_item_size_2", value(limits.max_work_item_sizes[2])},
          {"local_mem_size", value(limits.local_mem_bytes)},
          {"element_bytes", precision_info(precision).storage_bytes},
          {"product_terms", precision_info(precision).product_terms},
          {"nv_compiler_options", limits.nv_compiler_options ? 1 : 0},
          {"cpu_device", limits.cpu ? 1 : 0},
          {"nv_compute_capability", limits.nv_compute_capability}};
}

std::optional<std::string> violation_on_device(const KernelFamily& family, const KernelConfig& config,
                                               const DeviceLimits& limits, Precision precision,
                                               const std::string& trans) {
  const PrecisionInfo& info = precision_info(precision);
  if (!family.serves(precision, trans))
    return family.name() + " does not serve " + std::string(info.code) + " " + trans + " problems";
  return violation_on_device(family, config, limits, precision);
}

namespace {

// unavailable_on_device() with the device's limits already named, which the rules read too.
std::optional<std::string> unavailable(const KernelFamily& family, const DeviceLimits& limits, Precision precision,
                                       const NamedValues& named) {
  const PrecisionInfo& info = precision_info(precision);
  if (info.extension == "cl_khr_fp64" && !limits.fp64)
    return std::string(info.code) + " needs " + std::string(info.extension) + ", which this device lacks";
  return family.device_violation(named);
}

}  // namespace

std::optional<std::string> violation_on_device(const KernelFamily& family, const KernelConfig& config,
                                               const DeviceLimits& limits, Precision precision) {
  const NamedValues named = named_limits(limits, precision);
  if (auto why = unavailable(family, limits, precision, named)) return why;
  return family.rule_violation(config, named);
}

std::optional<std::string> unavailable_on_device(const KernelFamily& family, const DeviceLimits& limits,
                                                 Precision precision) {
  return unavailable(family, limits, precision, named_limits(limits, precision));
}

KernelConfig default_on_device(const KernelFamily& family, const DeviceLimits& limits, Precision precision) {
  return family.default_for(named_limits(limits, precision));
}

}  // namespace gemmtune
