// Carries a configuration's measured time to another GEMM shape, and learns from the measurements
// how far such a prediction may be trusted.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/kernel_family.hpp"

namespace gemmtune {

// What the model reads of a measured launch: its load, the product of its vector widths, whether
// it scales C first (KernelFamily::load, ::aligned, ::scale_first).
struct MeasuredLaunch {
  std::optional<KernelFamily::Load> load;
  std::size_t lda = 0, ldb = 0;  // the dense leading dimensions the widths are for
  double vector_width = 1;
  bool scales_first = false;
};

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
  // The family packs its operands itself at this precision (KernelFamily::packs): transposing them
  // first would only add a copy. It packs both whatever the transpositions, unless it reads
  // K-contiguous ones in place ("pack.in_place"), where the packing it does follows them.
  bool packs_operands = false;
  // Where the family reads K-contiguous operands in place and packs the others
  // (KernelFamily::packs_in_place), the precision it packs them at: its packing pass then differs
  // between transpositions, and the model carries it apart from the tile's work.
  std::optional<Precision> packs_in_place = std::nullopt;
  // Where not empty, the configuration that ran: this observation is a variant of that measurement
  // (core/configuration_variants.hpp), `config` being the measured one with parameters that adapt
  // to the shape changed, and the model carries the time measured with this one to `config`.
  KernelConfig measured_config = {};
  bool is_variant() const { return !measured_config.empty(); }
  // The configuration the time was measured with.
  const KernelConfig& ran() const { return is_variant() ? measured_config : config; }
  // That launch as the model reads it, read once where observations are learned
  // (remember_measured_launches) instead of at every prediction from them; a variant shares its
  // measurement's. Empty: read when asked.
  std::shared_ptr<const MeasuredLaunch> measured_launch = nullptr;
};

// Fills each observation's measured_launch, under the device's `limits` at the precision.
void remember_measured_launches(std::vector<Observation>& observations, const NamedValues& limits);

// The problem a prediction is for.
struct Target {
  ProblemSize problem;
  std::string trans;
};

// Which operands, stored under `trans`, lie in memory otherwise than under the target's
// transpositions: those whose transposition differs and that are no vector (op(A) of one row or
// column, op(B) likewise), which lies alike either way. The transposition pre-pass copies these.
struct OperandsReadDifferently {
  bool a = false, b = false;
};
OperandsReadDifferently operands_read_differently(const std::string& trans, const Target& target);

// The model's free terms: what the fit chooses (fit_terms) from held-out measurements.
struct ModelTerms {
  double call_seconds = 0;           // a call's fixed cost (launch, host work), not scaled with work
  // What one atomic addition into C costs (KernelFamily::Load::c_additions): a split K adds each
  // element of C once per part, and the additions queue at the memory that carries them out
  // whatever the work-groups do, so their cost scales with C and the split, not with the work.
  // Per family (by name) where fitted, else `addition_seconds`: families add in other patterns
  // (a split K's few parts into a large C, a stream of many parts into a small one), and one
  // family's many measurements must not move what another's additions are taken to cost.
  double addition_seconds = 0;
  std::map<std::string, double> family_addition_seconds;
  double addition_seconds_of(const KernelFamily& family) const;
  // What a store into C costs per memory sector it writes beyond a coalesced store's
  // (KernelFamily::Load::c_store_stride): where consecutive work-items write elements apart (a
  // configuration whose vector stores C's rows are not aligned for), one store of a warp writes up
  // to a sector per element instead of one per store_sector_bytes, which a flat K cannot hide (on
  // the H200, 3194x2731x10 TT took 55 us against 35 at 3194x2732x10 with one configuration).
  // Not fitted: the held-out predictions it changes are few and noisy (63 over the H200's shipped
  // fp32 tuning, median error 35%, against 49% without the term; twice the term would take them
  // to 21% and the held-out choices from 0.899 to 0.909 of the fastest, but only the derived value
  // was measured on the GPU). dispatch/learned_model.cpp derives it from the streaming rate
  // (scattered_sector_cost_bytes).
  double scattered_store_seconds = 0;
  // What a compute unit gains from running several work-groups at once: c of them together finish
  // in c^(1 - gain) times one's time. 1: each runs as fast as it would alone (only whole waves
  // cost); 0: they only take turns. Small tiles rarely fill a unit alone, so a problem with a few
  // work-groups per unit, carried to one with many, is slower per work-group than its waves say;
  // a family that streams its operands gains more. Per family (by name) where fitted, else
  // `residency_gain`.
  double residency_gain = 1;
  std::map<std::string, double> family_residency_gain;
  double residency_gain_of(const KernelFamily& family) const;
  double distance_weight = 0.1;      // mistrust per unit of shape_distance() from the measured shape
  // Mistrust of a measurement under other transpositions, times the share of the call that the
  // operands read otherwise stand for (their elements against C's, at most 1): a flat product's
  // time is mostly its stores into C, alike under every transposition. On the H200, the four flat
  // products of the coverage set with unaligned rows of C, one per transposition, all ran fastest
  // with one configuration (CSTAGE 1), which the full weight kept from each of the others.
  double transposition_weight = 0.1;
  // Mistrust per unit of log(work-groups asked / work-groups measured), squared, where a
  // configuration is carried to more work-groups than it was measured with: how co-resident
  // work-groups share a unit is the least certain part of the model.
  double crowding_weight = 0;
  double device_weight = 0.25;       // mistrust per unit of device distance (a sibling's measurement)
  // Mistrust of a variant's prediction (Observation::measured_config), per octave that its adapted
  // parameters moved from the values that ran (KSPLIT 8 to 32: two): another split of K, say, was
  // not measured, only predicted from the configuration that was, and the further it is carried the
  // less the measurement says of it (the per-work-group costs a split multiplies are not in the
  // model: on the H200, 2048x64x2048 split 32 ways ran at 68 us where 8 ways ran at 45). Not fitted:
  // a tuning measures few configurations that differ only in such a parameter. Over the H200's fp32
  // tuning, 44 such pairs of one problem were predicted one from the other within 16% (mean |log|
  // of predicted over measured; fp64: 164 pairs, 23%), about the held-out error of a carried shape.
  double variant_weight = 0.15;
  // Mistrust of any prediction against a measurement of the very problem on this device: another
  // configuration replaces a measured one only when predicted clearly faster (a problem tuned
  // briefly keeps its winner unless a well-measured neighbour promises more than this margin).
  double prediction_weight = 0.1;
  // The fastest rate measured (2MNK per second, fastest_rate()): no prediction beats it, so that a
  // small problem's time, carried to a large one, cannot promise more than the device ever did.
  // 0: no bound.
  double peak_flops = 0;
  // The fastest rate at which a measured call, this device's or a sibling's, moved its operands
  // (traffic_bytes() per second, fastest_streaming()): no prediction beats moving a call's
  // operands at it, so that a deep problem's split K, carried to a large C, pays for its passes
  // over C. 0: no bound.
  double streaming_bytes_per_second = 0;
  // The same over this device's own calls (a sibling's where it has none): what a pre-pass that
  // transposes an operand (reading and writing it once) is predicted to reach. 0: no pre-pass is
  // considered.
  double copy_bytes_per_second = 0;
  // What each further kernel of a call costs at least, whatever it does (a transposition pre-pass,
  // split K's scaling of C first; dispatch/learned_model.cpp derives it from the fastest call
  // measured), where call_seconds, fitted to carry times, may be less.
  double further_kernel_seconds = 0;
};

// The bytes of one memory sector, the least a store writes (NVIDIA's L2 sectors, taken for every
// GPU): a warp's store of consecutive elements writes a sector per store_sector_bytes, a scattered
// one up to one per element.
constexpr double store_sector_bytes = 32;
// What a sector written by a scattered store costs, in bytes moved at the fastest streaming rate
// measured: on the H200 (3.5 TB/s at fp32), xgemm with 4 x 4 a work-item in runs of 4
// (`STRN` 0) took 20 us longer at 3194x2731x10 TT than at 3194x2732x10 and 5000x2001x5 than at
// 5000x2000x5, 5.4 to 6.1 ps per sector that the unaligned rows scattered
// (bench/results/2026-11-30_h200-unaligned-c/).
constexpr double scattered_sector_cost_bytes = 20;

// The highest 2MNK / time among `observations`.
double fastest_rate(const std::vector<Observation>& observations);

// The least time among `observations`.
double fastest_call(const std::vector<Observation>& observations);

// The bytes a call of `seen`'s configuration moves at least on `problem`: A and B read once, C
// crossed as many times as its family's model says (KernelFamily::Load::c_passes), each of
// `limits`' element_bytes.
double traffic_bytes(const Observation& seen, const ProblemSize& problem, const NamedValues& limits);

// The highest traffic_bytes() / time among `observations`.
double fastest_streaming(const std::vector<Observation>& observations, const NamedValues& limits);

// What the model reads of a configuration's launches, kept across models of other terms (the fit
// tries many on the same observations, which must outlive it): an observation's load on a problem
// and the vector widths it loads with under given leading dimensions. One thread at a time.
// Each is read of the configuration that ran (`as_measured`, Observation::ran()) or of the one asked
// about (Observation::config); they differ for a variant only.
class LaunchFacts {
 public:
  std::optional<KernelFamily::Load> load(const Observation& seen, bool as_measured, const NamedValues& limits,
                                         const ProblemSize& problem);
  double vector_width(const Observation& seen, bool as_measured, std::size_t lda, std::size_t ldb);
  bool scales_first(const Observation& seen, bool as_measured);  // KernelFamily::scale_first()

 private:
  // An observation, which of its configurations, and up to three numbers: a problem's M, N and K,
  // or leading dimensions.
  using Key = std::array<std::uintptr_t, 5>;
  struct KeyHash {
    std::size_t operator()(const Key& key) const noexcept;
  };
  std::unordered_map<Key, std::optional<KernelFamily::Load>, KeyHash> loads_;
  std::unordered_map<Key, double, KeyHash> widths_;
  std::unordered_map<Key, bool, KeyHash> scales_first_;
};

// Time = call_seconds (and further_kernel_seconds for each further kernel) + the atomic additions
// into C at their family's cost each (ModelTerms::addition_seconds_of) + the sectors of C that
// scattered stores write beyond coalesced ones (ModelTerms::scattered_store_seconds) + the busiest
// compute unit's turns x the work of one work-group. A unit runs up to `resident` work-groups at
// once (KernelFamily::Load), each round of c of them taking c^(1 - residency_gain) times one
// work-group's time: a configuration's measured time fixes its rate, which is then carried to
// another shape. Tile edges, split K, too few work-groups for the device and the last, partial
// round are all in the ratio of the two. No prediction beats the fastest rates measured, of
// multiply-adds (peak_flops) or of bytes moved (streaming_bytes_per_second).
class PerformanceModel {
 public:
  // `limits`: the device's named limits for the precision (element_bytes included). `facts`, where
  // given, remembers what is read of the launches (it must outlive the model).
  PerformanceModel(NamedValues limits, double compute_units, ModelTerms terms, LaunchFacts* facts = nullptr);

  // The same model remembering what it reads of the launches in `facts` (which must outlive it).
  PerformanceModel remembering(LaunchFacts* facts) const;

  // The time `seen` predicts for its configuration on `target`; nothing where the family cannot
  // launch that configuration for it. Beyond the waves: a family that scales C first (split K)
  // pays for a further kernel, and where the target's leading dimensions allow narrower vector
  // loads than the measured problem's, the work slows by the square root of the lost width.
  std::optional<double> predict(const Observation& seen, const Target& target) const;

  // The time `seen` predicts for `target` when a pre-pass first transposes each operand whose
  // transposition differs from `seen`'s, so that its configuration runs as it was measured: the
  // prediction for the target's shape under `seen`'s transpositions (a transposed operand's rows
  // padded for full vector loads), plus, per operand transposed, a further kernel's cost and the
  // operand read and written at copy_bytes_per_second.
  // Nothing where `seen`'s transpositions differ from the target's for vectors only (or not at
  // all), where it packs its operands itself, or where the model has no copy rate.
  std::optional<double> predict_transposed(const Observation& seen, const Target& target) const;

  // How much less a prediction from `seen` is trusted than a measurement of `target` itself: 1 for
  // that very problem, more with the distance of the shapes, other transpositions (of an operand
  // that is not a vector, which lies in memory alike either way), another device.
  double mistrust(const Observation& seen, const Target& target) const;

  // What that mistrust is made of, whatever the weights (the fit weighs the same pairs many times).
  struct MistrustFeatures {
    bool measures = false;  // `seen` is a measurement of `target` itself on this device
    double shape_distance = 0;
    double crowding = 0;  // log(work-groups asked / work-groups measured)^2 where more are asked
    double read_difference = 0;  // the share of the call whose operands are read otherwise, 0 to 1
    double device_distance = 0;
    double variant_octaves = 0;  // how far a variant's adapted parameters moved; 0 for one that ran
  };
  MistrustFeatures mistrust_features(const Observation& seen, const Target& target) const;
  double mistrust(const MistrustFeatures& features) const;

  // What a prediction from `seen` for `target` is ranked by: the prediction times its mistrust,
  // which for a prediction by predict_transposed() (`transposed`) is that of a run under `seen`'s
  // own transpositions.
  double score(const Observation& seen, const Target& target, double predicted, bool transposed = false) const;

  // Whether `seen` is a measurement of `target` itself on this device.
  static bool measures(const Observation& seen, const Target& target);

  // Whether `seen`'s configuration adds into C atomically (KernelFamily::Load::c_additions), so
  // that its predictions pay for the additions at its family's cost (ModelTerms::addition_seconds_of).
  bool adds_into_c(const Observation& seen) const;

  // Whether `seen`'s configuration scatters its stores into C (KernelFamily::Load::c_store_stride)
  // on its measured problem or on `target`, so that ModelTerms::scattered_store_seconds changes
  // the prediction.
  bool scatters_c(const Observation& seen, const Target& target) const;

  const ModelTerms& terms() const { return terms_; }
  // The device's limits as the families' rules name them.
  const NamedValues& limits() const { return limits_; }

 private:
  // predict() where A's and B's leading dimensions are `lda` and `ldb`.
  std::optional<double> predict(const Observation& seen, const Target& target, std::size_t lda, std::size_t ldb) const;
  std::optional<KernelFamily::Load> load_of(const Observation& seen, bool as_measured, const ProblemSize& problem) const;
  double vector_width_of(const Observation& seen, bool as_measured, std::size_t lda, std::size_t ldb) const;
  std::optional<double> wave_work(const Observation& seen, const KernelFamily::Load& load) const;
  double fixed_seconds(const Observation& seen, bool as_measured) const;
  double packing_seconds(const Observation& seen, bool as_measured, const Target& target) const;
  double additions_seconds(const KernelFamily& family, const ProblemSize& problem, const KernelFamily::Load& load) const;
  double scattered_seconds(const ProblemSize& problem, const KernelFamily::Load& load) const;
  double further_kernel_seconds() const { return std::max(terms_.call_seconds, terms_.further_kernel_seconds); }

  NamedValues limits_;
  double compute_units_ = 1;
  ModelTerms terms_;
  LaunchFacts* facts_ = nullptr;
};

// A configuration ranked for a target: its best-scored observation, the time predicted from it
// and the score it is ranked by (the prediction times the mistrust). `transposed`: it runs under
// `seen`'s transpositions after a pre-pass (PerformanceModel::predict_transposed).
struct RankedConfig {
  const Observation* seen = nullptr;
  double predicted_seconds = 0;
  double score = 0;
  bool transposed = false;
  // Where `seen` is a variant made for this ranking (a finer value of a parameter that adapts to
  // the shape), the ranking's own copy, which `seen` points to.
  std::shared_ptr<const Observation> made_for_target = nullptr;
};

// Every distinct configuration (family and key) of `observations` that can run `target`, best
// score first. A configuration this device measured on `target` itself is scored by that
// measurement alone; where this device or a sibling measured the target, only measurements of the
// target (this device's and its siblings') compete. A configuration measured under other
// transpositions is scored both ways, run as the target is (trusted less: its reads change) and
// run as measured after a transposition pre-pass (paying for the copies), and ranked by the better.
// Where nobody measured the target, the `refined_candidates` best are scored again at the finer
// values of their parameters that adapt to the shape (core/configuration_variants.hpp,
// finer_variants), and each gives way to the best of these where it scores better. Such an entry's
// `seen` lives as long as its RankedConfig (`made_for_target`).
std::vector<RankedConfig> rank_configs(const PerformanceModel& model, const std::vector<Observation>& observations,
                                       const Target& target);
// The same over the observations pointed to (a selection of them, which must outlive the ranking).
std::vector<RankedConfig> rank_configs(const PerformanceModel& model, const std::vector<const Observation*>& observations,
                                       const Target& target);

// How many of the model's best candidates for a shape it predicts (not one it measured) a
// handle's first calls time before keeping the fastest, unless GEMMTUNE_TRIALS says otherwise
// (dispatch/candidate_trials.hpp): over the H200's fp32 tuning, the held-out choices reached 0.91
// of the fastest measured with the model's first alone, 0.94 with two, 0.98 with four, 0.985 with
// eight (fp64: 0.87, 0.99, 0.995, 1.0).
constexpr std::size_t default_trial_candidates = 4;

// How many of a ranking's best candidates are carried to the finer values of their parameters that
// adapt to the shape (FamilyParameter::shape_values): on the H200, a split of K between the powers
// of two fills the device where the tuned ones leave a round of work-groups nearly empty
// (466x317x46206 NN ran 532 us split 11 ways, 558 us 16 ways), and made for every tuned problem's
// configurations instead, the finer splits more than doubled a handle's first choice for a shape
// (bench/results/2026-11-30_h200-finer-splits/). Twice the trial calls' candidates.
constexpr std::size_t refined_candidates = 2 * default_trial_candidates;

// Which entries of a ranking (best first, each named by its family) trial calls time: the first
// `count`, and where there are two or more and all of one family while the ranking holds another,
// the best-ranked of another family after them. One family's measurements, carried to a shape,
// can mislead alike: on the H200, 141x30x311429 TT and 509x13x186494 TN were given four
// xgemm_outer candidates, which all ran slower than xgemm, and trial calls had no way back
// (bench/results/2026-11-30_h200-outer-and-coverage/). Indices into `families`, in order.
std::vector<std::size_t> trial_picks(const std::vector<std::string_view>& families, std::size_t count);

// How well the model does on measurements it did not see: each measured problem in turn is held
// out, and its configurations are predicted, and one chosen, from the other problems' measurements.
struct ModelQuality {
  std::size_t predictions = 0;                  // configurations of held-out problems predicted
  double median_error = 0, p90_error = 0;       // |predicted / measured - 1|
  std::map<std::string, double> median_error_by_family;
  // The same over the predictions of configurations that add into C (PerformanceModel::adds_into_c),
  // which alone the cost of an addition changes.
  std::size_t adding_predictions = 0;
  double median_error_adding = 0;
  std::map<std::string, double> median_error_adding_by_family;
  std::map<std::string, std::size_t> adding_predictions_by_family;
  // The same over the predictions whose configuration scatters its stores into C on the measured
  // or the held-out problem (PerformanceModel::scatters_c), which alone the cost of a scattered
  // store changes.
  std::size_t scattering_predictions = 0;
  double median_error_scattering = 0;
  std::size_t choices = 0;                      // held-out problems with a choice scored
  double choice_geomean = 0, choice_worst = 0;  // fastest measured there / the choice's measured time
  // The same for the fastest of the candidates trial calls time there (trial_picks() of
  // default_trial_candidates), as trial calls keep.
  double trials_geomean = 0, trials_worst = 0;
  std::size_t nearest_choices = 0;              // the same for the nearest tuned problem's best
  double nearest_geomean = 0, nearest_worst = 0;
};
// What is held out with each problem: the problem alone (its shape under other transpositions
// predicts it), or its shape under every transposition, as for a shape nobody tuned.
enum class HeldOut { Problem, Shape };
ModelQuality held_out_quality(const std::vector<Observation>& observations, const NamedValues& limits,
                              double compute_units, const ModelTerms& terms, LaunchFacts* facts = nullptr,
                              HeldOut held_out = HeldOut::Problem);

// The terms that predict the held-out measurements best (call_seconds and each family's residency
// gain by the median error, the mistrust weights by the quality of the choices with each shape
// held out under every transposition, where it beats the initial weights' by
// held_out_choice_margin), starting from `initial`, which is returned as it is
// where fewer than `least_predictions` held-out predictions can be made. The mistrust of
// other transpositions keeps its initial value unless at least
// `least_shapes_under_several_transpositions` shapes were measured under more than one: with
// fewer, too few configurations were measured under several transpositions for the held-out
// choices to tell it.
constexpr std::ptrdiff_t least_shapes_under_several_transpositions = 10;
// How much better (the held-out choices' geometric mean, fastest measured / chosen) other mistrust
// weights must choose to replace the initial ones. On the H200's fp32 tuning, neighbouring weights
// scored up to 0.01 apart, and the best of the grid moved from (distance 0.02, transposition 2,
// crowding 0) to (0.5, 4, 0.5) when 36 problems were added, at 0.909 against 0.901: a choice among
// noise that changed 47 of random_100.txt's choices and ran them 11% slower
// (bench/results/2026-11-25_h200-skinny-lane-order/).
constexpr double held_out_choice_margin = 0.01;
// How many held-out predictions that add into C a family needs before its own cost of an addition
// is fitted: fewer keep the shared one.
constexpr std::size_t least_adding_predictions_of_a_family = 10;
ModelTerms fit_terms(const std::vector<Observation>& observations, const NamedValues& limits, double compute_units,
                     const ModelTerms& initial, std::size_t least_predictions = 20);

}  // namespace gemmtune
