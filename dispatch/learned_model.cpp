// A device's performance model for one precision and layout, learned from its tuning database.
#include "dispatch/learned_model.hpp"

#include "db/record_validation.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {

ProblemSize kernel_view(std::int64_t m, std::int64_t n, std::int64_t k, Layout layout) {
  return layout == Layout::RowMajor ? ProblemSize{m, n, k} : ProblemSize{n, m, k};
}

std::vector<Observation> read_observations(const db::Database& database, const std::string& device_key,
                                           Precision precision, Layout layout, int per_problem,
                                           double device_distance, std::set<std::string>* unsound) {
  std::vector<Observation> observations;
  for (const auto& family : kernel_families()) {
    if (std::find(family.precisions().begin(), family.precisions().end(), precision) == family.precisions().end())
      continue;
    for (auto& row : database.leading_configs(device_key, {family.name(), family.source().hash}, to_string(precision),
                                              to_string(layout), per_problem)) {
      try {
        if (db::invalid_best(row)) throw ConfigError("unsound row");
        // A column-major problem runs as the row-major one with A and B exchanged.
        std::string trans = row.problem.trans;
        if (layout == Layout::ColMajor) trans = {trans[1], trans[0]};
        observations.push_back({&family, family.complete(row.config), row.config_key,
                                kernel_view(row.problem.m, row.problem.n, row.problem.k, layout), trans,
                                row.median_seconds, device_distance});
      } catch (const ConfigError&) {
        if (unsound) unsound->insert(row.kernel_name + '|' + row.config_key);
      }
    }
  }
  return observations;
}

ModelTerms initial_terms(const DeviceLimits& limits) {
  ModelTerms terms;
  // A GPU kernel launch costs a few microseconds; PoCL's host-side work per call is larger.
  terms.call_seconds = limits.cpu ? 20e-6 : 5e-6;
  return terms;
}

LearnedModel learn_model(const db::Database& database, const DeviceFingerprint& device, const DeviceLimits& limits,
                         Precision precision, Layout layout, int per_problem) {
  std::set<std::string> unsound;
  std::vector<Observation> observations =
      read_observations(database, device.key(), precision, layout, per_problem, 0, &unsound);
  const NamedValues named = named_limits(limits, precision);
  const ModelTerms terms = fit_terms(observations, named, device.compute_units, initial_terms(limits));
  return {std::move(observations), PerformanceModel(named, device.compute_units, terms), unsound};
}

}  // namespace gemmtune
