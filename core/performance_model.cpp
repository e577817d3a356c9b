// Carries a configuration's measured time to another shape; held-out quality and the fit of the
// model's terms.
#include "core/performance_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <utility>

#include "core/configuration_variants.hpp"
#include "core/shape_distance.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string config_identity(const Observation& seen) { return seen.family->name() + '|' + seen.config_key; }

std::string problem_identity(const ProblemSize& problem, const std::string& trans) {
  return std::to_string(problem.m) + 'x' + std::to_string(problem.n) + 'x' + std::to_string(problem.k) + ' ' + trans;
}

double flops(const ProblemSize& problem) {
  return 2.0 * static_cast<double>(problem.m) * static_cast<double>(problem.n) * static_cast<double>(problem.k);
}

double geomean(const std::vector<double>& ratios) {
  if (ratios.empty()) return 0;
  double logs = 0;
  for (double ratio : ratios) logs += std::log(ratio);
  return std::exp(logs / static_cast<double>(ratios.size()));
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  const auto at = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(at), values.end());
  return values[at];
}

// Whether `seen` was measured on the target's problem and transpositions, on whichever device, as
// it runs (a variant of such a measurement was not).
bool of_target(const Observation& seen, const Target& target) {
  return seen.trans == target.trans && seen.problem == target.problem && !seen.is_variant();
}

bool reads_differently(const std::string& trans, const Target& target) {
  const OperandsReadDifferently differ = operands_read_differently(trans, target);
  return differ.a || differ.b;
}

// How much of the target's call the operands read otherwise than under `trans` stand for: their
// elements against C's, at most 1. Where K is short, a call is mostly C's stores, which no
// transposition changes (6001x2003x24: 1.6%). Each operand is read again for every tile of C across
// it, which this leaves out: K of a few hundred under a C of thousands gets a share well below 1
// (7615x6165x961, whose configurations ran 1.4 to 3.8 times slower under other transpositions on
// the H200, 0.28). A share of K over a tile's edge would keep those at 1, but changes choices the
// validation sets have not measured (bench/results/2026-11-30_h200-scattered-stores/).
double read_difference(const std::string& trans, const Target& target) {
  const OperandsReadDifferently differ = operands_read_differently(trans, target);
  const auto m = static_cast<double>(target.problem.m), n = static_cast<double>(target.problem.n),
             k = static_cast<double>(target.problem.k);
  const double read = (differ.a ? m * k : 0) + (differ.b ? k * n : 0);
  return read > 0 ? std::min(1.0, read / std::max(1.0, m * n)) : 0;
}

// The observations grouped by problem and by configuration, as indices, each observation's groups
// numbered (the held-out loops compare numbers, not names), and each problem's fastest.
struct Groups {
  std::map<std::string, std::vector<std::size_t>> by_problem;
  std::vector<std::size_t> problem_of, config_of;  // per observation: its problem's and configuration's number
  std::vector<std::vector<std::size_t>> config_members;  // per configuration number
  std::vector<std::size_t> fastest_of_problem;            // per problem number: an observation
  explicit Groups(const std::vector<Observation>& observations)
      : problem_of(observations.size()), config_of(observations.size()) {
    std::map<std::string, std::vector<std::size_t>> by_config;
    for (std::size_t i = 0; i < observations.size(); ++i) {
      by_problem[problem_identity(observations[i].problem, observations[i].trans)].push_back(i);
      by_config[config_identity(observations[i])].push_back(i);
    }
    for (const auto& [identity, members] : by_problem) {
      std::size_t fastest = members.front();
      for (std::size_t i : members) {
        problem_of[i] = fastest_of_problem.size();
        if (observations[i].seconds < observations[fastest].seconds) fastest = i;
      }
      fastest_of_problem.push_back(fastest);
    }
    for (auto& [identity, members] : by_config) {
      for (std::size_t i : members) config_of[i] = config_members.size();
      config_members.push_back(std::move(members));
    }
  }
};

// The leading dimensions of a dense row-major problem: A's and B's stored rows.
std::pair<std::size_t, std::size_t> dense_leading_dimensions(const ProblemSize& problem, const std::string& trans) {
  const bool trans_a = trans.size() == 2 && trans[0] == 'T', trans_b = trans.size() == 2 && trans[1] == 'T';
  return {static_cast<std::size_t>(trans_a ? problem.m : problem.k), static_cast<std::size_t>(trans_b ? problem.k : problem.n)};
}

// The configuration that ran (`as_measured`) or the one asked about: they differ for a variant only.
const KernelConfig& configuration(const Observation& seen, bool as_measured) {
  return as_measured ? seen.ran() : seen.config;
}

// How far a variant's adapted parameters moved from the values that ran, in octaves: the sum over
// them of |log2(asked / measured)|; 0 for a configuration that ran.
double variant_octaves(const Observation& seen) {
  double octaves = 0;
  if (!seen.is_variant()) return octaves;
  for (const auto& [name, value] : seen.config)
    if (const auto ran = seen.measured_config.find(name); ran != seen.measured_config.end() && ran->second != value)
      octaves += std::abs(std::log2(static_cast<double>(std::max<std::int64_t>(value, 1)) /
                                    static_cast<double>(std::max<std::int64_t>(ran->second, 1))));
  return octaves;
}

// The product of the vector widths `seen`'s configuration loads with where A's and B's leading
// dimensions are `lda` and `ldb` (offsets 0): the widths they allow (KernelFamily::aligned).
double vector_width(const Observation& seen, bool as_measured, std::size_t lda, std::size_t ldb) {
  double product = 1;
  const KernelConfig aligned = seen.family->aligned(configuration(seen, as_measured), std::max<std::size_t>(lda, 1), 0,
                                                    std::max<std::size_t>(ldb, 1), 0);
  for (const auto& parameter : seen.family->parameters())
    if (!parameter.aligned_to.empty()) product *= static_cast<double>(std::max<std::int64_t>(1, aligned.at(parameter.name)));
  return product;
}

// `seen`'s launch on `problem`; nothing where an expression fails for it (overflows or divides by zero).
std::optional<KernelFamily::Load> launch_load(const Observation& seen, bool as_measured, const NamedValues& limits,
                                              const ProblemSize& problem) {
  try {
    return seen.family->load(configuration(seen, as_measured), limits, problem);
  } catch (const ConfigError&) {
    return std::nullopt;
  }
}

// A and B read once, C crossed `c_passes` times.
double bytes_moved(const ProblemSize& problem, double c_passes, double element_bytes) {
  const auto m = static_cast<double>(problem.m), n = static_cast<double>(problem.n), k = static_cast<double>(problem.k);
  return (m * k + k * n + c_passes * m * n) * element_bytes;
}

}  // namespace

std::size_t LaunchFacts::KeyHash::operator()(const Key& key) const noexcept {
  std::size_t hash = 0;
  for (const std::uintptr_t part : key) hash = hash * 1'000'003 ^ std::hash<std::uintptr_t>{}(part);
  return hash;
}

std::optional<KernelFamily::Load> LaunchFacts::load(const Observation& seen, bool as_measured, const NamedValues& limits,
                                                    const ProblemSize& problem) {
  const Key key{reinterpret_cast<std::uintptr_t>(&seen), as_measured, static_cast<std::uintptr_t>(problem.m),
                static_cast<std::uintptr_t>(problem.n), static_cast<std::uintptr_t>(problem.k)};
  if (const auto known = loads_.find(key); known != loads_.end()) return known->second;
  return loads_[key] = launch_load(seen, as_measured, limits, problem);
}

double LaunchFacts::vector_width(const Observation& seen, bool as_measured, std::size_t lda, std::size_t ldb) {
  const Key key{reinterpret_cast<std::uintptr_t>(&seen), as_measured, lda, ldb, 0};
  if (const auto known = widths_.find(key); known != widths_.end()) return known->second;
  return widths_[key] = gemmtune::vector_width(seen, as_measured, lda, ldb);
}

bool LaunchFacts::scales_first(const Observation& seen, bool as_measured) {
  const Key key{reinterpret_cast<std::uintptr_t>(&seen), as_measured, 0, 0, 0};
  if (const auto known = scales_first_.find(key); known != scales_first_.end()) return known->second;
  return scales_first_[key] = seen.family->scale_first(configuration(seen, as_measured));
}

double ModelTerms::addition_seconds_of(const KernelFamily& family) const {
  const auto fitted = family_addition_seconds.find(family.name());
  return fitted != family_addition_seconds.end() ? fitted->second : addition_seconds;
}

double ModelTerms::residency_gain_of(const KernelFamily& family) const {
  const auto fitted = family_residency_gain.find(family.name());
  return fitted != family_residency_gain.end() ? fitted->second : residency_gain;
}

PerformanceModel::PerformanceModel(NamedValues limits, double compute_units, ModelTerms terms, LaunchFacts* facts)
    : limits_(std::move(limits)), compute_units_(std::max(1.0, compute_units)), terms_(terms), facts_(facts) {}

PerformanceModel PerformanceModel::remembering(LaunchFacts* facts) const {
  PerformanceModel copy = *this;
  copy.facts_ = facts;
  return copy;
}

void remember_measured_launches(std::vector<Observation>& observations, const NamedValues& limits) {
  for (Observation& seen : observations) {
    if (seen.measured_launch) continue;
    MeasuredLaunch launch;
    launch.load = launch_load(seen, true, limits, seen.problem);
    std::tie(launch.lda, launch.ldb) = dense_leading_dimensions(seen.problem, seen.trans);
    launch.vector_width = vector_width(seen, true, launch.lda, launch.ldb);
    launch.scales_first = seen.family->scale_first(seen.ran());
    seen.measured_launch = std::make_shared<const MeasuredLaunch>(std::move(launch));
  }
}

std::optional<KernelFamily::Load> PerformanceModel::load_of(const Observation& seen, bool as_measured,
                                                            const ProblemSize& problem) const {
  if (as_measured && seen.measured_launch && problem == seen.problem) return seen.measured_launch->load;
  return facts_ ? facts_->load(seen, as_measured, limits_, problem) : launch_load(seen, as_measured, limits_, problem);
}

double PerformanceModel::vector_width_of(const Observation& seen, bool as_measured, std::size_t lda,
                                         std::size_t ldb) const {
  if (as_measured && seen.measured_launch && lda == seen.measured_launch->lda && ldb == seen.measured_launch->ldb)
    return seen.measured_launch->vector_width;
  return facts_ ? facts_->vector_width(seen, as_measured, lda, ldb) : vector_width(seen, as_measured, lda, ldb);
}

std::optional<double> PerformanceModel::wave_work(const Observation& seen, const KernelFamily::Load& load) const {
  if (!(load.work_groups > 0) || !(load.work_per_group > 0)) return std::nullopt;
  // The busiest unit's work-groups, run in rounds of `resident` and a last, partial round.
  const double per_unit = std::ceil(load.work_groups / compute_units_);
  const double resident = std::max(1.0, load.resident);
  const double full_rounds = std::floor(per_unit / resident), last_round = per_unit - full_rounds * resident;
  const double shared = 1 - terms_.residency_gain_of(*seen.family);
  return (full_rounds * std::pow(resident, shared) + (last_round > 0 ? std::pow(last_round, shared) : 0)) *
         load.work_per_group;
}

double PerformanceModel::additions_seconds(const KernelFamily& family, const ProblemSize& problem,
                                           const KernelFamily::Load& load) const {
  return terms_.addition_seconds_of(family) * load.c_additions * static_cast<double>(problem.m) *
         static_cast<double>(problem.n);
}

double PerformanceModel::scattered_seconds(const ProblemSize& problem, const KernelFamily::Load& load) const {
  if (!(terms_.scattered_store_seconds > 0) || !(load.c_store_stride > 1)) return 0;
  // Sectors written per element of C, scattered and coalesced.
  const double element_bytes = static_cast<double>(limits_.at("element_bytes"));
  const double scattered = std::min(1.0, load.c_store_stride * element_bytes / store_sector_bytes),
               coalesced = std::min(1.0, element_bytes / store_sector_bytes);
  return terms_.scattered_store_seconds * (scattered - coalesced) * static_cast<double>(problem.m) *
         static_cast<double>(problem.n);
}

double PerformanceModel::fixed_seconds(const Observation& seen, bool as_measured) const {
  if (as_measured && seen.measured_launch)
    return terms_.call_seconds + (seen.measured_launch->scales_first ? further_kernel_seconds() : 0);
  const bool scales_first =
      facts_ ? facts_->scales_first(seen, as_measured) : seen.family->scale_first(configuration(seen, as_measured));
  return terms_.call_seconds + (scales_first ? further_kernel_seconds() : 0);
}

// A family that reads K-contiguous operands in place packs the others before each call, a pass per
// operand that reads and writes it: its time follows the transpositions and the operands' size,
// not the tile's work. Nothing for other families, whose packing of both operands is the same
// under every transposition (part of what was measured), or without a copy rate.
double PerformanceModel::packing_seconds(const Observation& seen, bool as_measured, const Target& target) const {
  if (!seen.packs_in_place || !(terms_.copy_bytes_per_second > 0) || target.trans.size() != 2) return 0;
  const auto packing = seen.family->packing(configuration(seen, as_measured), *seen.packs_in_place, target.problem,
                                            target.trans[0] == 'T', target.trans[1] == 'T');
  if (!packing) return 0;
  const double k = static_cast<double>(target.problem.k),
               element_bytes = static_cast<double>(limits_.at("element_bytes"));
  double seconds = 0;
  for (const auto& [packed, rows] : {std::pair{packing->pack_a, target.problem.m}, std::pair{packing->pack_b, target.problem.n}})
    if (packed)
      seconds += further_kernel_seconds() + 2 * static_cast<double>(rows) * k * element_bytes / terms_.copy_bytes_per_second;
  return seconds;
}

std::optional<double> PerformanceModel::predict(const Observation& seen, const Target& target) const {
  const auto [lda, ldb] = dense_leading_dimensions(target.problem, target.trans);
  return predict(seen, target, lda, ldb);
}

std::optional<double> PerformanceModel::predict(const Observation& seen, const Target& target, std::size_t lda,
                                                std::size_t ldb) const {
  const auto measured_load = load_of(seen, true, seen.problem), asked_load = load_of(seen, false, target.problem);
  if (!measured_load || !asked_load) return std::nullopt;
  const auto measured = wave_work(seen, *measured_load), asked = wave_work(seen, *asked_load);
  if (!measured || !asked) return std::nullopt;
  // A call never takes less than its fixed cost; what it took beyond that scales with the work.
  // The fixed part of a measured call is at most 95% of it, so that a measurement carried to its
  // own problem predicts what it measured. A variant pays its own fixed cost (split K's scaling of C
  // first, or none).
  const double fixed = std::min(fixed_seconds(seen, true), 0.95 * seen.seconds);
  // What the measured call spent apart from its work (atomic additions, packing, scattered stores),
  // each part at most what the parts before it left of those 95%; the rest scales with the work.
  double busy = seen.seconds - fixed, room = 0.95 * seen.seconds - fixed;
  for (const double apart : {additions_seconds(*seen.family, seen.problem, *measured_load),
                             packing_seconds(seen, true, {seen.problem, seen.trans}),
                             scattered_seconds(seen.problem, *measured_load)}) {
    const double taken = std::min(apart, room);
    room -= taken, busy -= taken;
  }
  const auto [seen_lda, seen_ldb] = dense_leading_dimensions(seen.problem, seen.trans);
  const double widths = vector_width_of(seen, true, seen_lda, seen_ldb) / vector_width_of(seen, false, lda, ldb);
  const double asked_fixed = seen.is_variant() ? fixed_seconds(seen, false) : fixed;
  const double predicted = asked_fixed + additions_seconds(*seen.family, target.problem, *asked_load) +
                           packing_seconds(seen, false, target) + scattered_seconds(target.problem, *asked_load) +
                           busy * (*asked / *measured) * std::sqrt(std::max(1.0, widths));
  double least = terms_.peak_flops > 0 ? flops(target.problem) / terms_.peak_flops : 0;
  if (terms_.streaming_bytes_per_second > 0)
    least = std::max(least, bytes_moved(target.problem, asked_load->c_passes, static_cast<double>(limits_.at("element_bytes"))) /
                                terms_.streaming_bytes_per_second);
  return std::max(predicted, least);
}

std::optional<double> PerformanceModel::predict_transposed(const Observation& seen, const Target& target) const {
  // Nothing to gain where only vectors differ: they lie in memory alike either way.
  if (!reads_differently(seen.trans, target) || seen.packs_operands || !(terms_.copy_bytes_per_second > 0))
    return std::nullopt;
  // Vectors are read where they lie; the other operands that differ are copied.
  const auto [copy_a, copy_b] = operands_read_differently(seen.trans, target);
  // A transposed operand's rows are padded to a multiple of 8 elements (dispatch/operand_transposition.hpp).
  const auto padded = [](std::size_t ld) { return (ld + 7) / 8 * 8; };
  const Target run_target{target.problem, seen.trans};
  const auto [lda, ldb] = dense_leading_dimensions(target.problem, seen.trans);
  const auto run = predict(seen, run_target, copy_a ? padded(lda) : lda, copy_b ? padded(ldb) : ldb);
  if (!run) return std::nullopt;
  const double element_bytes = static_cast<double>(limits_.at("element_bytes"));
  const auto m = static_cast<double>(target.problem.m), n = static_cast<double>(target.problem.n),
             k = static_cast<double>(target.problem.k);
  double copies = 0;
  if (copy_a) copies += further_kernel_seconds() + 2 * m * k * element_bytes / terms_.copy_bytes_per_second;
  if (copy_b) copies += further_kernel_seconds() + 2 * k * n * element_bytes / terms_.copy_bytes_per_second;
  return *run + copies;
}

double PerformanceModel::score(const Observation& seen, const Target& target, double predicted, bool transposed) const {
  // Run as measured after the pre-pass: no mistrust of other transpositions.
  return predicted * mistrust(seen, transposed ? Target{target.problem, seen.trans} : target);
}

OperandsReadDifferently operands_read_differently(const std::string& trans, const Target& target) {
  return {trans[0] != target.trans[0] && target.problem.m > 1 && target.problem.k > 1,
          trans[1] != target.trans[1] && target.problem.n > 1 && target.problem.k > 1};
}

double fastest_call(const std::vector<Observation>& observations) {
  double fastest = 0;
  for (const auto& seen : observations)
    if (fastest == 0 || seen.seconds < fastest) fastest = seen.seconds;
  return fastest;
}

double traffic_bytes(const Observation& seen, const ProblemSize& problem, const NamedValues& limits) {
  const auto load = launch_load(seen, true, limits, problem);
  return bytes_moved(problem, load ? load->c_passes : 1, static_cast<double>(limits.at("element_bytes")));
}

double fastest_streaming(const std::vector<Observation>& observations, const NamedValues& limits) {
  double fastest = 0;
  for (const auto& seen : observations) fastest = std::max(fastest, traffic_bytes(seen, seen.problem, limits) / seen.seconds);
  return fastest;
}

double fastest_rate(const std::vector<Observation>& observations) {
  double fastest = 0;
  for (const auto& seen : observations) fastest = std::max(fastest, flops(seen.problem) / seen.seconds);
  return fastest;
}

bool PerformanceModel::adds_into_c(const Observation& seen) const {
  const auto load = load_of(seen, false, seen.problem);
  return load && load->c_additions > 0;
}

bool PerformanceModel::scatters_c(const Observation& seen, const Target& target) const {
  const auto measured = load_of(seen, true, seen.problem), asked = load_of(seen, false, target.problem);
  return (measured && measured->c_store_stride > 1) || (asked && asked->c_store_stride > 1);
}

bool PerformanceModel::measures(const Observation& seen, const Target& target) {
  return seen.device_distance == 0 && of_target(seen, target);  // never a variant
}

double PerformanceModel::mistrust(const Observation& seen, const Target& target) const {
  return mistrust(mistrust_features(seen, target));
}

PerformanceModel::MistrustFeatures PerformanceModel::mistrust_features(const Observation& seen,
                                                                       const Target& target) const {
  MistrustFeatures features;
  features.measures = measures(seen, target);
  if (features.measures) return features;
  features.shape_distance = shape_distance(seen.problem.m, seen.problem.n, seen.problem.k, target.problem.m,
                                           target.problem.n, target.problem.k);
  const auto measured = load_of(seen, true, seen.problem), asked = load_of(seen, false, target.problem);
  if (measured && asked && measured->work_groups > 0 && asked->work_groups > measured->work_groups)
    features.crowding = std::pow(std::log(asked->work_groups / measured->work_groups), 2);
  features.read_difference = read_difference(seen.trans, target);
  features.device_distance = seen.device_distance;
  features.variant_octaves = variant_octaves(seen);
  return features;
}

double PerformanceModel::mistrust(const MistrustFeatures& features) const {
  if (features.measures) return 1;
  return 1 + terms_.prediction_weight + terms_.distance_weight * features.shape_distance +
         terms_.crowding_weight * features.crowding + terms_.transposition_weight * features.read_difference +
         terms_.device_weight * features.device_distance + terms_.variant_weight * features.variant_octaves;
}

std::vector<RankedConfig> rank_configs(const PerformanceModel& shared_model, const std::vector<const Observation*>& observations,
                                       const Target& target) {
  // Each launch is read once for the ranking: a prediction, the pre-pass's and the mistrust of
  // carrying it to more work-groups all read the measured and the asked launch.
  LaunchFacts facts;
  const PerformanceModel model = shared_model.remembering(&facts);
  std::map<std::string, RankedConfig> best;  // per configuration, its best-scored observation
  std::set<std::string> measured;            // configurations this device measured on the target itself
  for (const Observation* candidate : observations)
    if (const Observation& seen = *candidate; PerformanceModel::measures(seen, target)) {
      measured.insert(config_identity(seen));
      best[config_identity(seen)] = {&seen, seen.seconds, seen.seconds};
    }
  const auto offer = [&](const RankedConfig& ranked) {
    auto [entry, inserted] = best.try_emplace(config_identity(*ranked.seen), ranked);
    if (!inserted && ranked.score < entry->second.score) entry->second = ranked;
  };
  // `seen` scored the better of its two ways, where it can run the target. `made`: the ranking's own
  // copy of `seen`, where it made it.
  const auto scored = [&](const Observation& seen, const std::shared_ptr<const Observation>& made = nullptr) {
    std::optional<RankedConfig> better;
    if (const auto predicted = model.predict(seen, target))
      better = RankedConfig{&seen, *predicted, model.score(seen, target, *predicted), false, made};
    // Run as measured after the pre-pass: no mistrust of other transpositions, the copies paid.
    if (const auto transposed = model.predict_transposed(seen, target)) {
      const RankedConfig copied{&seen, *transposed, model.score(seen, target, *transposed, true), true, made};
      if (!better || copied.score < better->score) better = copied;
    }
    return better;
  };
  const auto consider = [&](const Observation& seen) {
    const auto ranked = scored(seen);
    if (ranked) offer(*ranked);
    return ranked.has_value();
  };
  const auto best_first = [&] {
    std::vector<RankedConfig> ranked;
    ranked.reserve(best.size());
    for (auto& [identity, entry] : best) ranked.push_back(entry);
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.score < b.score; });
    return ranked;
  };
  // Where this device or a sibling measured the problem, only measurements of the problem itself
  // compete: carried up from a small problem, a time promises too much (on the H200, 512^3's
  // winner predicted 43 us at 1024^3 and ran 100 us, against the tuned 36 us; on the H100 given the
  // H200's tuning, 256^3's winner predicted 43 us at 1024^3 in double and ran 215 us, against the
  // 85 us of the H200's own 1024^3 entry).
  bool problem_measured = !measured.empty();
  for (const Observation* seen : observations)
    if (!measured.contains(config_identity(*seen)) && of_target(*seen, target) && consider(*seen)) problem_measured = true;
  if (problem_measured) return best_first();
  for (const Observation* seen : observations)
    if (!of_target(*seen, target)) consider(*seen);
  // The best candidates at the finer values of what adapts to the shape, predicted from the same
  // measurements (a variant's time carried from the configuration that ran): each in place of its
  // candidate where one scores better, the best of them, so that the trial calls still time other
  // tiles rather than the splits of one (on the H200 a third of real_applications.txt's problems
  // had two tiles or fewer among their four best with every finer split ranked).
  const std::vector<RankedConfig> ranked = best_first();
  std::vector<std::shared_ptr<const Observation>> made;  // alive while `facts` keys launches by address
  std::vector<std::pair<const RankedConfig*, RankedConfig>> finer;  // a candidate and its best finer split
  for (std::size_t i = 0; i < std::min(ranked.size(), refined_candidates); ++i) {
    std::optional<RankedConfig> finest;
    for (auto& variant : finer_variants(*ranked[i].seen, model.limits())) {
      made.push_back(std::make_shared<const Observation>(std::move(variant)));
      const auto candidate = scored(*made.back(), made.back());
      if (candidate && (!finest || candidate->score < finest->score)) finest = candidate;
    }
    if (finest && finest->score < ranked[i].score) finer.emplace_back(&ranked[i], *finest);
  }
  if (finer.empty()) return ranked;
  for (const auto& [candidate, finest] : finer) {
    best.erase(config_identity(*candidate->seen));
    offer(finest);
  }
  return best_first();
}

std::vector<RankedConfig> rank_configs(const PerformanceModel& model, const std::vector<Observation>& observations,
                                       const Target& target) {
  std::vector<const Observation*> all;
  all.reserve(observations.size());
  for (const auto& seen : observations) all.push_back(&seen);
  return rank_configs(model, all, target);
}

std::vector<std::size_t> trial_picks(const std::vector<std::string_view>& families, std::size_t count) {
  std::vector<std::size_t> picks;
  for (std::size_t i = 0; i < families.size() && i < count; ++i) picks.push_back(i);
  if (picks.size() < 2 || std::any_of(picks.begin(), picks.end(), [&](std::size_t i) { return families[i] != families[0]; }))
    return picks;
  for (std::size_t i = picks.size(); i < families.size(); ++i)
    if (families[i] != families[0]) {
      picks.push_back(i);
      break;
    }
  return picks;
}

namespace {

// What held_out_quality() reads of the observations whatever the terms, read once for all the
// fit's trials: the groups, and for each observation the measurements of its configuration on
// other problems, each with what its mistrust for the observation's problem is made of.
class HeldOutSources {
 public:
  struct Source {
    const Observation* seen;
    PerformanceModel::MistrustFeatures features;
  };

  HeldOutSources(const std::vector<Observation>& observations, const PerformanceModel& model)
      : groups_(observations), sources_(observations.size()) {
    for (std::size_t i = 0; i < observations.size(); ++i) {
      const Target target{observations[i].problem, observations[i].trans};
      for (std::size_t j : groups_.config_members[groups_.config_of[i]])
        if (groups_.problem_of[j] != groups_.problem_of[i])
          sources_[i].push_back({&observations[j], model.mistrust_features(observations[j], target)});
    }
  }

  // These sources with each held-out problem's shape under other transpositions held out too, as
  // for a shape nobody tuned: a subset, so their features are not computed again.
  HeldOutSources with_shapes_held_out(const std::vector<Observation>& observations) const {
    HeldOutSources kept = *this;
    for (std::size_t i = 0; i < observations.size(); ++i) {
      const std::string shape = problem_identity(observations[i].problem, "");
      std::erase_if(kept.sources_[i],
                    [&](const Source& source) { return problem_identity(source.seen->problem, "") == shape; });
    }
    return kept;
  }

  const Groups& groups() const { return groups_; }
  const std::vector<Source>& of(std::size_t observation) const { return sources_[observation]; }

 private:
  Groups groups_;
  std::vector<std::vector<Source>> sources_;
};

ModelQuality held_out_quality(const std::vector<Observation>& observations, const HeldOutSources& sources,
                              const PerformanceModel& model) {
  const Groups& groups = sources.groups();
  std::vector<double> errors, adding_errors, scattering_errors, choices, trial_choices, nearest;
  std::map<std::string, std::vector<double>> errors_by_family, adding_errors_by_family;
  for (const auto& [held_out, members] : groups.by_problem) {
    const Observation& first = observations[members.front()];
    const std::size_t held_out_problem = groups.problem_of[members.front()];
    const Target target{first.problem, first.trans};
    const double fastest = observations[groups.fastest_of_problem[held_out_problem]].seconds;
    std::map<std::size_t, double> measured_here;  // configuration number -> its time on the held-out problem
    for (std::size_t i : members) measured_here[groups.config_of[i]] = observations[i].seconds;

    // Each configuration measured here, predicted from its most trusted measurement elsewhere.
    struct Scored {
      double score, measured_here;
      std::string_view family;
    };
    std::vector<Scored> scored_times;
    for (std::size_t i : members) {
      const Observation* source = nullptr;
      double least = std::numeric_limits<double>::infinity();
      for (const auto& candidate : sources.of(i))
        if (const double trust = model.mistrust(candidate.features); trust < least) least = trust, source = candidate.seen;
      if (!source) continue;
      const auto predicted = model.predict(*source, target);
      if (!predicted) continue;
      errors.push_back(std::abs(*predicted / observations[i].seconds - 1));
      errors_by_family[source->family->name()].push_back(errors.back());
      if (model.adds_into_c(*source)) {
        adding_errors.push_back(errors.back());
        adding_errors_by_family[source->family->name()].push_back(errors.back());
      }
      if (model.scatters_c(*source, target)) scattering_errors.push_back(errors.back());
      scored_times.push_back({model.score(*source, target, *predicted), observations[i].seconds, source->family->name()});
    }
    if (!scored_times.empty()) {
      std::stable_sort(scored_times.begin(), scored_times.end(),
                       [](const auto& a, const auto& b) { return a.score < b.score; });
      choices.push_back(fastest / scored_times.front().measured_here);
      std::vector<std::string_view> families;
      for (const auto& scored : scored_times) families.push_back(scored.family);
      double tried = scored_times.front().measured_here;
      for (std::size_t j : trial_picks(families, default_trial_candidates))
        tried = std::min(tried, scored_times[j].measured_here);
      trial_choices.push_back(fastest / tried);
    }

    // The old way: the best configuration of the nearest other tuned problem, where it was timed here.
    std::size_t nearest_winner = observations.size();
    double nearest_distance = std::numeric_limits<double>::infinity();
    for (std::size_t problem = 0; problem < groups.fastest_of_problem.size(); ++problem) {
      if (problem == held_out_problem) continue;
      const std::size_t winner = groups.fastest_of_problem[problem];
      if (!measured_here.contains(groups.config_of[winner])) continue;
      const Observation& other = observations[winner];
      const double distance = shape_distance(other.problem.m, other.problem.n, other.problem.k, target.problem.m,
                                             target.problem.n, target.problem.k) +
                              (other.trans != target.trans ? 1000 : 0);  // the same transpositions first
      if (distance < nearest_distance) nearest_distance = distance, nearest_winner = winner;
    }
    if (nearest_winner < observations.size())
      nearest.push_back(fastest / measured_here.at(groups.config_of[nearest_winner]));
  }
  ModelQuality quality;
  quality.predictions = errors.size();
  quality.median_error = quantile(errors, 0.5);
  quality.p90_error = quantile(errors, 0.9);
  for (const auto& [family, its_errors] : errors_by_family) quality.median_error_by_family[family] = quantile(its_errors, 0.5);
  for (const auto& [family, its_errors] : adding_errors_by_family) {
    quality.median_error_adding_by_family[family] = quantile(its_errors, 0.5);
    quality.adding_predictions_by_family[family] = its_errors.size();
  }
  quality.adding_predictions = adding_errors.size();
  quality.median_error_adding = quantile(adding_errors, 0.5);
  quality.scattering_predictions = scattering_errors.size();
  quality.median_error_scattering = quantile(scattering_errors, 0.5);
  quality.choices = choices.size();
  quality.choice_geomean = geomean(choices);
  quality.choice_worst = choices.empty() ? 0 : *std::min_element(choices.begin(), choices.end());
  quality.trials_geomean = geomean(trial_choices);
  quality.trials_worst = trial_choices.empty() ? 0 : *std::min_element(trial_choices.begin(), trial_choices.end());
  quality.nearest_choices = nearest.size();
  quality.nearest_geomean = geomean(nearest);
  quality.nearest_worst = nearest.empty() ? 0 : *std::min_element(nearest.begin(), nearest.end());
  return quality;
}

}  // namespace

ModelQuality held_out_quality(const std::vector<Observation>& observations, const NamedValues& limits,
                              double compute_units, const ModelTerms& terms, LaunchFacts* facts, HeldOut held_out) {
  const PerformanceModel model(limits, compute_units, terms, facts);
  const HeldOutSources by_problem(observations, model);
  if (held_out == HeldOut::Problem) return held_out_quality(observations, by_problem, model);
  return held_out_quality(observations, by_problem.with_shapes_held_out(observations), model);
}

ModelTerms fit_terms(const std::vector<Observation>& observations, const NamedValues& limits, double compute_units,
                     const ModelTerms& initial, std::size_t least_predictions) {
  LaunchFacts facts;  // the same launches under every trial's terms
  const PerformanceModel starting(limits, compute_units, initial, &facts);
  const HeldOutSources sources(observations, starting), shape_sources = sources.with_shapes_held_out(observations);
  const auto quality = [&](const ModelTerms& terms) {
    return held_out_quality(observations, sources, PerformanceModel(limits, compute_units, terms, &facts));
  };
  ModelQuality start = quality(initial);
  if (start.predictions < least_predictions) return initial;

  // The fixed cost of a call and the gain of co-resident work-groups, together: whatever predicts
  // held-out times best, the cost never above the fastest call. Then each family's own gain, in
  // turn.
  double fastest = std::numeric_limits<double>::infinity();
  for (const auto& seen : observations) fastest = std::min(fastest, seen.seconds);
  ModelTerms fitted = initial;
  double least_error = start.median_error;
  const auto keep_if_better = [&](const ModelTerms& trial) {
    if (const double error = quality(trial).median_error; error < least_error)
      least_error = error, fitted = trial;
  };
  constexpr std::array gains = {1.0, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0};
  for (double gain : gains)
    for (double call : {0.0, 1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3}) {
      if (call >= fastest) break;
      ModelTerms trial = initial;
      trial.call_seconds = call;
      trial.residency_gain = gain;
      keep_if_better(trial);
    }
  for (const auto& entry : start.median_error_by_family) {
    const std::string& family = entry.first;
    const ModelTerms before_family = fitted;
    for (double gain : gains) {
      ModelTerms trial = before_family;
      trial.family_residency_gain[family] = gain;
      keep_if_better(trial);
    }
  }
  // The mistrust weights: whatever chooses best for the held-out problems. That of other
  // transpositions only where the measurements can tell: shapes tuned under several of them.
  std::map<std::string, std::set<std::string>> transpositions_of_shape;
  for (const auto& seen : observations) transpositions_of_shape[problem_identity(seen.problem, "")].insert(seen.trans);
  const auto shapes_to_tell = std::count_if(transpositions_of_shape.begin(), transpositions_of_shape.end(),
                                            [](const auto& shape) { return shape.second.size() > 1; });
  std::vector<double> transpositions{initial.transposition_weight};
  if (shapes_to_tell >= least_shapes_under_several_transpositions) transpositions = {0.0, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 4.0};
  // The initial weights stand unless others choose clearly better: the held-out choices are few,
  // and the score moves by up to a percent between neighbouring weights (held_out_choice_margin).
  // Each choice is made with the problem's shape held out under every transposition: the weights
  // decide for shapes nobody tuned, and a shape tuned under four transpositions, held out one at a
  // time, lets its other three predict it, which rewards trusting other transpositions (on the
  // H200, 446 rows of two such shapes moved the fp32 weights from 0.02, 2, 0 to 0.1, 0.2, 0.2 held
  // out by problem; the moved weights ran 12 of real_applications.txt's products, 11 of them
  // skinny, 10% or more slower, bench/results/2026-11-30_h200-big-tile-splits/).
  const auto choice_quality = [&](const ModelTerms& terms) {
    return held_out_quality(observations, shape_sources, PerformanceModel(limits, compute_units, terms, &facts))
        .choice_geomean;
  };
  double fitted_choice = choice_quality(fitted);
  double best_choice = fitted_choice + held_out_choice_margin;
  const auto keep_if_it_chooses_better = [&](const ModelTerms& trial) {
    if (const double choice = choice_quality(trial);
        choice > best_choice + 1e-9)
      best_choice = fitted_choice = choice, fitted = trial;
  };
  const ModelTerms base = fitted;
  for (double distance : {0.0, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0})
    for (double transposition : transpositions) {
      ModelTerms trial = base;
      trial.distance_weight = distance;
      trial.transposition_weight = transposition;
      keep_if_it_chooses_better(trial);
    }
  // The mistrust of carrying a configuration to more work-groups, on top of those (a third
  // dimension of the grid would take five times as long, at a handle's first call).
  const ModelTerms weighted = fitted;
  best_choice = fitted_choice + held_out_choice_margin;
  for (double crowding : {0.02, 0.05, 0.1, 0.2, 0.5}) {
    ModelTerms trial = weighted;
    trial.crowding_weight = crowding;
    keep_if_it_chooses_better(trial);
  }
  // Last, the cost of an atomic addition into C, by the error of the predictions it changes: those
  // of configurations that add into C, carried to a larger or a smaller C. After the weights, which
  // it would otherwise sway through the held-out choices (on the H200's fp32 tuning it took the
  // transposition weight from 2 to 0.2, and TN skinny problems ran up to 3.2 times slower).
  // Each family's own cost then, by the error of its own predictions that add, where it has enough
  // of them to tell (a cost fitted to a few would follow their noise): the others' stay.
  constexpr std::array additions = {0.0, 1e-12, 2e-12, 5e-12, 1e-11, 2e-11, 5e-11};
  const ModelTerms before_additions = fitted;
  double least_adding_error = quality(fitted).median_error_adding;
  for (double addition : additions) {
    if (addition == 0) continue;  // the shared cost starts from none
    ModelTerms trial = before_additions;
    trial.addition_seconds = addition;
    if (const ModelQuality trial_quality = quality(trial);
        trial_quality.adding_predictions > 0 && trial_quality.median_error_adding < least_adding_error)
      least_adding_error = trial_quality.median_error_adding, fitted = trial;
  }
  const ModelQuality shared = quality(fitted);
  for (const auto& [family, error] : shared.median_error_adding_by_family) {
    if (shared.adding_predictions_by_family.at(family) < least_adding_predictions_of_a_family) continue;
    const ModelTerms before_family = fitted;
    double least_family_error = error;
    for (double addition : additions) {
      ModelTerms trial = before_family;
      trial.family_addition_seconds[family] = addition;
      const auto& by_family = quality(trial).median_error_adding_by_family;
      if (const auto found = by_family.find(family); found != by_family.end() && found->second < least_family_error)
        least_family_error = found->second, fitted = trial;
    }
  }
  return fitted;
}

}  // namespace gemmtune
