// Where a tuning session's seeds come from: configurations measured before its strategy proposes any.
#include "tuner/seed_sources.hpp"

#include <algorithm>
#include <optional>

#include "core/configuration_variants.hpp"
#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "core/shape_distance.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/learned_model.hpp"
#include "tuner/family_space.hpp"

namespace gemmtune {
namespace {

// A recorded problem as its kernel runs it: a column-major problem's kernel runs N x M.
Layout layout_of(const db::ProblemRecord& problem) {
  return problem.layout == "col" ? Layout::ColMajor : Layout::RowMajor;
}
ProblemSize kernel_shape(const db::ProblemRecord& problem) {
  return kernel_view(problem.m, problem.n, problem.k, layout_of(problem));
}

bool recorded_by_this_session(const SeedQuery& query, const db::TunedBest& best) {
  return best.kernel_name == query.family.name() && best.kernel_hash == query.family.source().hash &&
         best.problem == query.problem;
}

// `bests` without what this session recorded for the problem itself (a source of the database
// never offers that, so that a resumed session gets the seeds the first one got).
std::vector<db::TunedBest> not_recorded_by_this_session(const SeedQuery& query, std::vector<db::TunedBest> bests) {
  std::erase_if(bests, [&](const db::TunedBest& best) { return recorded_by_this_session(query, best); });
  return bests;
}

std::vector<KernelConfig> configs_of(std::vector<db::TunedBest> bests) {
  std::vector<KernelConfig> configs;
  for (auto& best : bests) configs.push_back(std::move(best.config));
  return configs;
}

constexpr std::size_t per_older_source = 4;

std::vector<KernelConfig> older_kernel_sources(const SeedQuery& query) {
  // top_configs() covers every source hash; asking for as many more as the current source
  // recorded keeps per_older_source of the others once those are passed over.
  const auto limit = static_cast<int>(std::min<std::size_t>(per_older_source + query.recorded, 1 << 30));
  return configs_of(not_recorded_by_this_session(
      query, query.database.top_configs(query.device.key, query.family.name(), query.problem, limit)));
}

constexpr std::size_t per_sibling_problem = 4;

// The fastest configurations of this very problem on the device's siblings (the same model under
// another driver, the same architecture: dispatch/learned_model.hpp), the nearest sibling first: a
// new card tuned after its sibling starts where the sibling ended.
std::vector<KernelConfig> sibling_winners(const SeedQuery& query) {
  std::vector<std::pair<double, db::DeviceRecord>> siblings;
  for (const auto& stored : query.database.devices())
    if (const auto distance = sibling_distance(query.device, stored)) siblings.emplace_back(*distance, stored);
  std::stable_sort(siblings.begin(), siblings.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<KernelConfig> configs;
  for (const auto& [distance, sibling] : siblings)
    for (auto& best : query.database.top_configs(sibling.key, query.family.name(), query.problem,
                                                 static_cast<int>(per_sibling_problem)))
      configs.push_back(std::move(best.config));
  return configs;
}

// At most this many of the description's starting points: they are its guesses for a kind of shape,
// and the device's own measurements of nearby shapes fill the rest.
constexpr std::size_t most_starting_points = 2;

// The description's starting points for the problem as its kernel runs it. They read nothing of
// the database, so a resumed session of the same build gets the ones the interrupted session got
// whatever it recorded meanwhile (the other sources keep that by passing over this session's own
// records).
std::vector<KernelConfig> description_starting_points(const SeedQuery& query) {
  const auto precision = precision_from_code(query.problem.precision);
  if (!precision) return {};
  return query.family.starting_points(query.limits, *precision, kernel_shape(query.problem),
                                      kernel_trans(query.problem.trans, layout_of(query.problem)));
}

// A winner as the performance model reads it; nothing where this build does not know its family
// or a parameter (a winner of another version).
std::optional<Observation> observation_of(const db::TunedBest& best, Precision precision) {
  try {
    return observation_of(kernel_family(best.kernel_name), best, precision, layout_of(best.problem), 0, "");
  } catch (const ConfigError&) {
    return std::nullopt;
  }
}

// How many of the nearest winners are carried to the problem's shape; at most most_seeds of them
// become seeds, fewer where several carry to one configuration.
constexpr std::size_t adapted_winners = 4 * most_seeds;

// The nearest winners with their parameters that adapt to the shape (split K) set to the values
// the performance model, unfitted, predicts fastest for the problem from each one's measurement
// (dispatch/learned_model.hpp's initial_terms over all the winners). A winner's split fits the
// shape it was tuned on: on the H200, the coverage set's 448x320x48000 NN, seeded with its
// neighbours' winners as they ran (split 8), reached 22.9 TFLOP/s in 30 s, where the first of them
// ran 26.8 split 32 ways; tuned for 20 s each with the seeds carried, the coverage set's eight
// deep products with a C of hundreds reached 29.3 TFLOP/s (geometric mean) against 21.0 with the
// seeds as they ran, each 1.24 to 1.58 times faster (bench/results/2026-11-30_h200-big-tile-splits/).
void adapt_to_problem(const SeedQuery& query, std::vector<db::TunedBest>& winners) {
  const std::optional<Precision> precision = precision_from_code(query.problem.precision);
  if (!precision) return;
  std::vector<Observation> all;              // every winner this build can read, for the model's bounds
  std::vector<std::optional<std::size_t>> at;  // per winner, its place in `all`
  for (const auto& best : winners) {
    auto seen = observation_of(best, *precision);
    at.push_back(seen ? std::optional(all.size()) : std::nullopt);
    if (seen) all.push_back(std::move(*seen));
  }
  if (all.empty()) return;
  const PerformanceModel model(query.limits, static_cast<double>(query.device.compute_units),
                               initial_terms(all, query.limits));
  const Target target{kernel_shape(query.problem), kernel_trans(query.problem.trans, layout_of(query.problem))};
  // Ranked as the dispatcher ranks them: a variant's prediction is trusted less the further its
  // split moved from the one that ran (ModelTerms::variant_weight), so that a winner of a shape
  // like the problem's keeps its split unless another is predicted clearly faster.
  const auto score = [&](const Observation& seen) -> std::optional<double> {
    const std::optional<double> predicted = model.predict(seen, target);
    if (!predicted) return std::nullopt;
    return model.score(seen, target, *predicted);
  };
  for (std::size_t i = 0; i < std::min(winners.size(), adapted_winners); ++i) {
    if (!at[i]) continue;
    const Observation& measured = all[*at[i]];
    std::optional<double> best = score(measured);
    for (const Observation& variant : configuration_variants({measured}, query.limits, 1)) {
      const std::optional<double> scored = score(variant);
      if (scored && (!best || *scored < *best)) best = scored, winners[i].config = variant.config;
    }
  }
}

// Each problem's best on this device, the nearest shapes first (the fastest first among equally
// near ones), carried to the problem's shape (adapt_to_problem): a skinny problem's neighbours
// split K and keep narrow tiles, which a square problem's winners, the fastest by far, never do.
// On the H200, 4096x32x4096 tuned for 40 s from the fastest winners first reached 11.5 TFLOP/s,
// where a configuration with narrow tiles and split K, which the skinny shapes of the coverage set
// could have offered, ran 15.8.
std::vector<KernelConfig> device_winners(const SeedQuery& query) {
  std::vector<db::TunedBest> winners =
      not_recorded_by_this_session(query, query.database.device_winners(query.device.key, query.problem.precision));
  const ProblemSize tuned = kernel_shape(query.problem);
  const auto distance = [&](const db::TunedBest& best) {
    const ProblemSize shape = kernel_shape(best.problem);
    return shape_distance(shape.m, shape.n, shape.k, tuned.m, tuned.n, tuned.k);
  };
  std::stable_sort(winners.begin(), winners.end(),
                   [&](const db::TunedBest& a, const db::TunedBest& b) { return distance(a) < distance(b); });
  adapt_to_problem(query, winners);
  return configs_of(std::move(winners));
}

}  // namespace

const std::vector<SeedSource>& seed_sources() {
  static const std::vector<SeedSource> sources{
      {per_older_source, older_kernel_sources},
      {per_sibling_problem, sibling_winners},
      {most_starting_points, description_starting_points},
      {most_seeds, device_winners},
  };
  return sources;
}

std::vector<KernelConfig> seeds(const SeedQuery& query, const search::ParameterSpace& space) {
  std::vector<KernelConfig> taken;
  for (const SeedSource& source : seed_sources()) {
    std::size_t from_source = 0;
    for (const KernelConfig& candidate : source.candidates(query)) {
      if (taken.size() >= most_seeds) return taken;
      if (from_source >= source.most) break;
      KernelConfig config;
      try {
        config = in_space_terms(query.family, query.family.complete(candidate), space);
      } catch (const ConfigError&) {
        continue;  // a parameter this family does not have
      }
      if (!space.contains(config) || std::find(taken.begin(), taken.end(), config) != taken.end()) continue;
      taken.push_back(std::move(config));
      ++from_source;
    }
  }
  return taken;
}

}  // namespace gemmtune
