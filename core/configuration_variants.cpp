// Measured configurations with the parameters that follow the shape changed, for the model to predict.
#include "core/configuration_variants.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "core/kernel_config.hpp"

namespace gemmtune {
namespace {

// A measurement's identity: its family, configuration, problem and transpositions.
using MeasurementKey = std::tuple<const KernelFamily*, std::string, std::int64_t, std::int64_t, std::int64_t, std::string>;

MeasurementKey measurement_key(const Observation& seen, const std::string& key) {
  return {seen.family, key, seen.problem.m, seen.problem.n, seen.problem.k, seen.trans};
}

// The `per_problem` fastest of `measured` for each problem, transpositions, family and origin.
std::vector<const Observation*> fastest_per_problem(const std::vector<Observation>& measured, std::size_t per_problem) {
  std::map<std::tuple<const KernelFamily*, std::int64_t, std::int64_t, std::int64_t, std::string, std::string>,
           std::vector<const Observation*>>
      groups;
  for (const auto& seen : measured)
    groups[{seen.family, seen.problem.m, seen.problem.n, seen.problem.k, seen.trans, seen.origin}].push_back(&seen);
  std::vector<const Observation*> fastest;
  for (auto& [problem, members] : groups) {
    std::stable_sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->seconds < b->seconds; });
    members.resize(std::min(members.size(), per_problem));
    fastest.insert(fastest.end(), members.begin(), members.end());
  }
  return fastest;
}

// `seen` with `parameter` set to `value`, predicted from the configuration that ran, where that is
// another configuration within the family's rules and choices under `limits`.
std::optional<Observation> variant_of(const Observation& seen, const FamilyParameter& parameter, std::int64_t value,
                                      const NamedValues& limits) {
  const auto current = seen.config.find(parameter.name);
  if (current != seen.config.end() && current->second == value) return std::nullopt;
  KernelConfig config = seen.config;
  config[parameter.name] = value;
  if (seen.family->rule_violation(config, limits) || seen.family->choice_violation(config, limits)) return std::nullopt;
  Observation variant = seen;
  variant.measured_config = seen.ran();
  variant.config_key = config_key(config);
  variant.config = std::move(config);
  return variant;
}

}  // namespace

std::vector<Observation> configuration_variants(const std::vector<Observation>& measured, const NamedValues& limits,
                                               std::size_t per_problem) {
  // By the configurations' canonical keys: a row recorded before its family gained a parameter
  // is keyed without it.
  std::set<MeasurementKey> known;
  for (const auto& seen : measured) known.insert(measurement_key(seen, config_key(seen.config)));
  std::vector<Observation> variants;
  for (const Observation* source : fastest_per_problem(measured, per_problem)) {
    const Observation& seen = *source;
    for (const auto& parameter : seen.family->parameters()) {
      if (!parameter.adapts_to_shape) continue;
      for (const std::int64_t value : parameter.values)
        if (auto variant = variant_of(seen, parameter, value, limits);
            variant && !known.contains(measurement_key(seen, variant->config_key)))
          variants.push_back(std::move(*variant));
    }
  }
  return variants;
}

std::vector<Observation> finer_variants(const Observation& seen, const NamedValues& limits) {
  std::vector<Observation> variants;
  for (const auto& parameter : seen.family->parameters())
    for (const std::int64_t value : parameter.shape_values)
      if (auto variant = variant_of(seen, parameter, value, limits)) variants.push_back(std::move(*variant));
  return variants;
}

}  // namespace gemmtune
