// A device's performance model for one precision and layout, learned from its tuning database.
#include "dispatch/learned_model.hpp"

#include <cmath>

#include "core/configuration_variants.hpp"
#include "core/kernel_config.hpp"
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

Observation observation_of(const KernelFamily& family, const db::TunedBest& row, Precision precision, Layout layout,
                           double device_distance, std::string origin) {
  KernelConfig config = family.complete(row.config);
  const bool packs = family.packs(config, precision);
  const auto in_place = family.packs_in_place(config, precision) ? std::optional(precision) : std::nullopt;
  // Keyed by the complete configuration: a row written before a parameter existed names it
  // without that parameter, and must not count as a second configuration beside the same one
  // measured since (two of a handle's four trial candidates were one program).
  std::string key = config_key(config);
  return {&family, std::move(config), std::move(key), kernel_view(row.problem.m, row.problem.n, row.problem.k, layout),
          kernel_trans(row.problem.trans, layout), row.median_seconds, device_distance, std::move(origin), packs,
          in_place};
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
          observations.push_back(observation_of(family, row, precision, layout, device_distance, origin));
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

namespace {

// What one more kernel in a call costs a caller who waits for the result: about twice the fastest
// call measured, whose time the tuner takes on the device alone. On the H200 an empty kernel took
// 10.5 us from its enqueue to its end (4.4 us on the device), against a fastest call of 7.5 us, and
// a transposition pre-pass of one operand added 12 to 14 us to a small GEMM
// (bench/results/2026-11-24_h200-operand-transposition/), as split K's scaling of C did (the
// smallest calls of random_100.txt took 27 to 31 us split, 15 us whole).
double launch_seconds(const std::vector<Observation>& observations) { return 2 * fastest_call(observations); }

}  // namespace

ModelTerms initial_terms(const std::vector<Observation>& own, const NamedValues& limits) {
  ModelTerms initial;
  // A GPU kernel launch costs a few microseconds; PoCL's host-side work per call is larger.
  initial.call_seconds = limits.at("cpu_device") != 0 ? 20e-6 : 5e-6;
  initial.peak_flops = fastest_rate(own);
  // Where the measurements cannot tell (fit_terms): one gain for all families, fitted to the
  // H200's fp32 and fp64 tunings, was 0.5 for both, the held-out error falling from 18.4% to 16.0%
  // (fp32) and from 9.0% to 7.6% (fp64) against a gain of 1
  // (bench/results/2026-11-24_h200-residency-gain/).
  initial.residency_gain = 0.5;
  // Run under other transpositions than measured, a configuration reads its operands otherwise:
  // on the H200 the same configurations ran 1.4 to 3.8 times slower that way than after a transposition
  // pre-pass at 509x13x186494, 7883x355x7218, 7615x6165x961 and 3639x6793x491
  // (bench/results/2026-11-24_h200-operand-transposition/). A tuning of fewer than 10 shapes
  // under several transpositions cannot fit this (fit_terms). The weight multiplies the share of
  // the call that the operands read otherwise stand for (PerformanceModel::MistrustFeatures).
  initial.transposition_weight = 2.0;
  // Both as fitted to the H200's fp32 tuning of 2026-11-25, whose choices ran the validation sets
  // at 0.80x cuBLAS (bench/results/2026-11-25_h200-split-k-variants/); other weights replace them
  // only where they choose the held-out problems clearly better (held_out_choice_margin).
  initial.distance_weight = 0.02;
  initial.streaming_bytes_per_second = initial.copy_bytes_per_second = fastest_streaming(own, limits);
  initial.further_kernel_seconds = launch_seconds(own);
  if (initial.streaming_bytes_per_second > 0)
    initial.scattered_store_seconds = scattered_sector_cost_bytes / initial.streaming_bytes_per_second;
  return initial;
}

ModelTerms fitted_terms(const std::vector<Observation>& own, const NamedValues& limits, double compute_units) {
  return fit_terms(own, limits, compute_units, initial_terms(own, limits));
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

namespace {

// Both layouts' observations of one device: each is the row-major problem its kernel ran, so a
// column-major call learns from row-major tuning and the other way round.
std::vector<Observation> read_either_layout(const db::Database& database, const std::string& device_key,
                                            Precision precision, int per_problem, double device_distance,
                                            const std::string& origin, std::set<std::string>& unsound) {
  std::vector<Observation> observations;
  for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
    for (auto& seen : read_observations(database, device_key, precision, layout, per_problem, device_distance, origin,
                                        &unsound))
      observations.push_back(std::move(seen));
  return observations;
}

}  // namespace

LearnedModel learn_model(const db::Database& database, const DeviceFingerprint& device, const DeviceLimits& limits,
                         Precision precision, int per_problem) {
  std::set<std::string> unsound;
  std::vector<Observation> observations =
      read_either_layout(database, device.key(), precision, per_problem, 0, "this device", unsound);
  const NamedValues named = named_limits(limits, precision);
  remember_measured_launches(observations, named);
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
    for (auto& seen : read_either_layout(database, stored.key, precision, per_problem, *distance, origin, unsound))
      observations.push_back(std::move(seen));
  }
  // A sibling's fastest rates bound this device's predictions too, so that no measurement of the
  // problem asked for, of whichever device, is predicted slower than it ran.
  terms.peak_flops = fastest_rate(observations);
  terms.streaming_bytes_per_second = fastest_streaming(observations, named);
  // A copy runs at this device's rate; a sibling's only where it has none of its own.
  if (!(terms.copy_bytes_per_second > 0)) {
    terms.copy_bytes_per_second = terms.streaming_bytes_per_second;
    terms.further_kernel_seconds = launch_seconds(observations);
  }
  remember_measured_launches(observations, named);  // the siblings' (a variant shares its measurement's)
  // Other splits of K (and whatever else adapts to the shape) of each tuned problem's fastest
  // configurations, predicted from their measurements: after the fit, which measurements alone
  // inform. Two of each family: all eight took the H200's first choice for a new shape from 11 to
  // 92 ms, and the best two carry what the problem's tuning found.
  for (auto& variant : configuration_variants(observations, named, variants_per_problem))
    observations.push_back(std::move(variant));
  std::vector<bool> runs;
  runs.reserve(observations.size());
  for (const auto& seen : observations) runs.push_back(!violation_on_device(*seen.family, seen.config, limits, precision));
  return {std::move(observations), std::move(runs), PerformanceModel(named, device.compute_units, terms), unsound};
}

}  // namespace gemmtune
