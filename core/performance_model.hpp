// Carries a configuration's measured time to another GEMM shape, and learns from the measurements
// how far such a prediction may be trusted.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/kernel_family.hpp"

namespace gemmtune {

// One measured configuration: what ran, on which problem and transpositions, for how long.
struct Observation {
  const KernelFamily* family = nullptr;
  KernelConfig config;
  std::string config_key;
  ProblemSize problem;
  std::string trans;
  double seconds = 0;  // median of the timed runs
  // 0 for a measurement on the device asked about; more for a sibling device's (its distance).
  double device_distance = 0;
  std::string origin;  // where it was measured, as a choice's detail names it
};

// The problem a prediction is for.
struct Target {
  ProblemSize problem;
  std::string trans;
};

// The model's free terms: what the fit chooses (fit_terms) from held-out measurements.
struct ModelTerms {
  double call_seconds = 0;           // a call's fixed cost (launch, host work), not scaled with work
  double distance_weight = 0.1;      // mistrust per unit of shape_distance() from the measured shape
  double transposition_weight = 0.1;  // mistrust of a measurement under other transpositions
  double device_weight = 0.25;       // mistrust per unit of device distance (a sibling's measurement)
  // Mistrust of any prediction against a measurement of the very problem on this device: another
  // configuration replaces a measured one only when predicted clearly faster (a problem tuned
  // briefly keeps its winner unless a well-measured neighbour promises more than this margin).
  double prediction_weight = 0.1;
  // The fastest rate measured (2MNK per second, fastest_rate()): no prediction beats it, so that a
  // small problem's time, carried to a large one, cannot promise more than the device ever did.
  // 0: no bound.
  double peak_flops = 0;
};

// The highest 2MNK / time among `observations`.
double fastest_rate(const std::vector<Observation>& observations);

// Time = call_seconds per kernel launched + waves x the work of one work-group, where a wave is as many work-groups as
// the compute units run at once (KernelFamily::Load): a configuration's measured time fixes its
// rate, which is then carried to another shape. Tile edges, split K, too few work-groups for the
// device and the last, partial wave are all in the ratio of the two waves' work.
class PerformanceModel {
 public:
  // `limits`: the device's named limits for the precision (element_bytes included).
  PerformanceModel(NamedValues limits, double compute_units, ModelTerms terms);

  // The time `seen` predicts for its configuration on `target`; nothing where the family cannot
  // launch that configuration for it. Beyond the waves: a family that scales C first (split K)
  // pays the fixed cost twice, and where the target's leading dimensions allow narrower vector
  // loads than the measured problem's, the work slows by the square root of the lost width.
  std::optional<double> predict(const Observation& seen, const Target& target) const;

  // How much less a prediction from `seen` is trusted than a measurement of `target` itself: 1 for
  // that very problem, more with the distance of the shapes, other transpositions, another device.
  double mistrust(const Observation& seen, const Target& target) const;

  // Whether `seen` is a measurement of `target` itself on this device.
  static bool measures(const Observation& seen, const Target& target);

  const ModelTerms& terms() const { return terms_; }

 private:
  std::optional<double> wave_work(const Observation& seen, const ProblemSize& problem) const;
  double fixed_seconds(const Observation& seen) const;

  NamedValues limits_;
  double compute_units_ = 1;
  ModelTerms terms_;
};

// A configuration ranked for a target: its most trusted observation, the time predicted from it
// and the score it is ranked by (the prediction times the mistrust).
struct RankedConfig {
  const Observation* seen = nullptr;
  double predicted_seconds = 0;
  double score = 0;
};

// Every distinct configuration (family and key) of `observations` that can run `target`, best
// score first. A configuration this device measured on `target` itself is scored by that
// measurement alone; where this device or a sibling measured the target, only measurements of the
// target (this device's and its siblings') compete.
std::vector<RankedConfig> rank_configs(const PerformanceModel& model, const std::vector<Observation>& observations,
                                       const Target& target);

// How well the model does on measurements it did not see: each measured problem in turn is held
// out, and its configurations are predicted, and one chosen, from the other problems' measurements.
struct ModelQuality {
  std::size_t predictions = 0;                  // configurations of held-out problems predicted
  double median_error = 0, p90_error = 0;       // |predicted / measured - 1|
  std::size_t choices = 0;                      // held-out problems with a choice scored
  double choice_geomean = 0, choice_worst = 0;  // fastest measured there / the choice's measured time
  std::size_t nearest_choices = 0;              // the same for the nearest tuned problem's best
  double nearest_geomean = 0, nearest_worst = 0;
};
ModelQuality held_out_quality(const std::vector<Observation>& observations, const NamedValues& limits,
                              double compute_units, const ModelTerms& terms);

// The terms that predict the held-out measurements best (call_seconds by the median error, the
// mistrust weights by the quality of the choices), starting from `initial`, which is returned as
// it is where fewer than `least_predictions` held-out predictions can be made.
ModelTerms fit_terms(const std::vector<Observation>& observations, const NamedValues& limits, double compute_units,
                     const ModelTerms& initial, std::size_t least_predictions = 20);

}  // namespace gemmtune
