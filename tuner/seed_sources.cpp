// Where a tuning session's seeds come from: configurations measured before its strategy proposes any.
#include "tuner/seed_sources.hpp"

#include <algorithm>

#include "core/precision.hpp"
#include "core/shape_distance.hpp"
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

std::vector<KernelConfig> configs_of(const SeedQuery& query, std::vector<db::TunedBest> bests) {
  std::erase_if(bests, [&](const db::TunedBest& best) { return recorded_by_this_session(query, best); });
  std::vector<KernelConfig> configs;
  for (auto& best : bests) configs.push_back(std::move(best.config));
  return configs;
}

constexpr std::size_t per_older_source = 4;

std::vector<KernelConfig> older_kernel_sources(const SeedQuery& query) {
  // top_configs() covers every source hash; asking for as many more as the current source
  // recorded keeps per_older_source of the others once those are passed over.
  const auto limit = static_cast<int>(std::min<std::size_t>(per_older_source + query.recorded, 1 << 30));
  return configs_of(query, query.database.top_configs(query.device.key, query.family.name(), query.problem, limit));
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

// Each problem's best on this device, the nearest shapes first (the fastest first among equally
// near ones): a skinny problem's neighbours split K and keep narrow tiles, which a square
// problem's winners, the fastest by far, never do. On the H200, 4096x32x4096 tuned for 40 s from
// the fastest winners first reached 11.5 TFLOP/s, where a configuration with narrow tiles and
// split K, which the skinny shapes of the coverage set could have offered, ran 15.8.
std::vector<KernelConfig> device_winners(const SeedQuery& query) {
  std::vector<db::TunedBest> winners = query.database.device_winners(query.device.key, query.problem.precision);
  const ProblemSize tuned = kernel_shape(query.problem);
  const auto distance = [&](const db::TunedBest& best) {
    const ProblemSize shape = kernel_shape(best.problem);
    return shape_distance(shape.m, shape.n, shape.k, tuned.m, tuned.n, tuned.k);
  };
  std::stable_sort(winners.begin(), winners.end(),
                   [&](const db::TunedBest& a, const db::TunedBest& b) { return distance(a) < distance(b); });
  return configs_of(query, std::move(winners));
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
