// A device's performance model for one precision, learned from its tuning database.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/performance_model.hpp"
#include "db/database.hpp"
#include "dispatch/device.hpp"

namespace gemmtune {

struct LearnedModel {
  // What the model chooses among: the measurements it was fitted to, then their variants
  // (core/configuration_variants.hpp), which it predicts from them.
  std::vector<Observation> observations;
  // Per observation, whether the device the model was learned for can run its configuration at
  // this precision (family_limits.hpp: the device offers what the family needs, and the
  // configuration keeps its rules there): checked once, not at every choice.
  std::vector<bool> runs_on_device;
  PerformanceModel model;
  // "family|config_key" of each database row passed over (db::invalid_best, an unknown family or
  // parameter): written by another version or damaged, not trusted.
  std::set<std::string> unsound;
};

// The problem as the kernels see it: C = op(A) op(B) row-major, so a column-major problem swaps
// M and N (and the operands).
ProblemSize kernel_view(std::int64_t m, std::int64_t n, std::int64_t k, Layout layout);
// The transpositions ("NN".."TT") as the kernel runs them: exchanged for a column-major problem.
std::string kernel_trans(const std::string& trans, Layout layout);

// A stored configuration of `family` as the model reads it: its measurement at `precision` on
// its problem, in `layout`'s kernel view, at `device_distance`, named `origin`. Throws ConfigError
// where it names a parameter this build does not know (a row of another version).
Observation observation_of(const KernelFamily& family, const db::TunedBest& row, Precision precision, Layout layout,
                           double device_distance, std::string origin);

// The `per_problem` fastest configurations of every problem this device key has tuned at this
// precision and layout, every family serving the precision, each as an observation at
// `device_distance`, named `origin`.
std::vector<Observation> read_observations(const db::Database& database, const std::string& device_key,
                                           Precision precision, Layout layout, int per_problem,
                                           double device_distance, const std::string& origin,
                                           std::set<std::string>* unsound = nullptr);

// How far a stored device is from `device` for the model's mistrust, or nothing where it is no
// sibling: 0.5 for the same model under another driver or platform, 1 (plus the log of their
// clocks' ratio) for another model of the same db::architecture_key().
std::optional<double> sibling_distance(const db::DeviceRecord& device, const db::DeviceRecord& stored);

// The model's terms before any fit, from a device's own measurements (`limits`: its named limits
// at the precision): a fixed cost per kind of device, one residency gain for every family, the
// fastest rates among them as bounds. What a prediction that cannot wait for the fit starts from
// (a tuning session's seeds, tuner/seed_sources.hpp).
ModelTerms initial_terms(const std::vector<Observation>& own, const NamedValues& limits);

// The model's terms fitted to a device's own measurements, from initial_terms().
ModelTerms fitted_terms(const std::vector<Observation>& own, const NamedValues& limits, double compute_units);

// The observations of `device` in `database` at `precision`, of both layouts (each as the
// row-major problem its kernel ran), with the model's terms fitted to them, followed by those of
// its siblings (sibling_distance()), then the variants of all of them.
// How many of each tuned problem's fastest configurations of a family learn_model() adds variants of.
constexpr std::size_t variants_per_problem = 2;

LearnedModel learn_model(const db::Database& database, const DeviceFingerprint& device, const DeviceLimits& limits,
                         Precision precision, int per_problem);

}  // namespace gemmtune
