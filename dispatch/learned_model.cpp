// A device's performance model for one precision and layout, learned from its tuning database.
#include "dispatch/learned_model.hpp"

#include <cmath>

#include "db/device_keys.hpp"
#include "db/record_validation.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {

ProblemSize kernel_view(std::int64_t m, std::int64_t n, std::int64_t k, Layout layout) {
  return layout == Layout::RowMajor ? ProblemSize{m, n, k} : ProblemSize{n, m, k};
}

std::string kernel_trans(const std::string& trans, Layout layout) {
  return layout == Layout::RowMajor ? trans : std::string{trans[1], trans[0]};
}

std::vector<Observation> read_observations(const db::Database& database, const std::string& device_key,
                                           Precision precision, Layout layout, int per_problem,
                                           double device_distance, const std::string& origin,
                                           std::set<std::string>* unsound) {
  std::vector<Observation> observations;
  for (const auto& family : kernel_families()) {
    if (std::find(family.precisions().begin(), family.precisions().end(), precision) == family.precisions().end())
      continue;
    for (auto& row : database.leading_configs(device_key, {family.name(), family.source().hash}, to_string(precision),
                                              to_string(layout), per_problem)) {
      if (!db::invalid_best(row)) {
        try {
          observations.push_back({&family, family.complete(row.config), row.config_key,
                                  kernel_view(row.problem.m, row.problem.n, row.problem.k, layout),
                                  kernel_trans(row.problem.trans, layout), row.median_seconds, device_distance, origin});
          continue;
        } catch (const ConfigError&) {
          // An unknown parameter: written by another version.
        }
      }
      // Damaged or of another version: not trusted.
      if (unsound) unsound->insert(row.kernel_name + '|' + row.config_key);
    }
  }
  return observations;
}

ModelTerms fitted_terms(const std::vector<Observation>& own, const NamedValues& limits, double compute_units) {
  ModelTerms initial;
  // A GPU kernel launch costs a few microseconds; PoCL's host-side work per call is larger.
  initial.call_seconds = limits.at("cpu_device") != 0 ? 20e-6 : 5e-6;
  initial.peak_flops = fastest_rate(own);
  return fit_terms(own, limits, compute_units, initial);
}

std::optional<double> sibling_distance(const db::DeviceRecord& device, const db::DeviceRecord& stored) {
  if (stored.key == device.key) return std::nullopt;
  if (stored.model_key == device.model_key) return 0.5;
  const std::string architecture = db::architecture_key(device);
  if (architecture.empty() || db::architecture_key(stored) != architecture) return std::nullopt;
  const double clocks = std::log(std::max(1.0, static_cast<double>(stored.clock_mhz)) /
                                 std::max(1.0, static_cast<double>(device.clock_mhz)));
  return 1 + std::abs(clocks);
}

LearnedModel learn_model(const db::Database& database, const DeviceFingerprint& device, const DeviceLimits& limits,
                         Precision precision, Layout layout, int per_problem) {
  std::set<std::string> unsound;
  std::vector<Observation> observations =
      read_observations(database, device.key(), precision, layout, per_problem, 0, "this device", &unsound);
  const NamedValues named = named_limits(limits, precision);
  // Fitted to this device's own measurements only: a sibling's times are not this device's.
  ModelTerms terms = fitted_terms(observations, named, device.compute_units);

  const db::DeviceRecord me = device_record(device);
  for (const auto& stored : database.devices()) {
    const auto distance = sibling_distance(me, stored);
    if (!distance) continue;
    const std::string origin = stored.model_key == me.model_key
                                   ? "this device model under driver " + stored.driver_version
                                   : "sibling " + stored.name + " (" + stored.architecture + ", driver " +
                                         stored.driver_version + ")";
    for (auto& seen : read_observations(database, stored.key, precision, layout, per_problem, *distance, origin, &unsound))
      observations.push_back(std::move(seen));
  }
  // A sibling's fastest rate bounds this device's predictions where it has none of its own.
  terms.peak_flops = fastest_rate(observations);
  return {std::move(observations), PerformanceModel(named, device.compute_units, terms), unsound};
}

}  // namespace gemmtune
