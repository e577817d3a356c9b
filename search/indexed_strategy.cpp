// Bookkeeping shared by the strategies: proposals, remembered objectives, seeded random draws.
#include "search/indexed_strategy.hpp"

#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>

namespace gemmtune::search {

void IndexedStrategy::reset(const ParameterSpace& space, std::uint64_t seed) {
  space_ = &space;
  engine_.seed(seed);
  record_ = std::make_shared<Record>();
  record_->proposed.assign(space.valid_count(), false);
  record_->objectives.assign(space.valid_count(), failed);
  in_flight_.reset();
  start();
}

std::optional<KernelConfig> IndexedStrategy::next() {
  if (!space_ || exhausted()) return std::nullopt;
  const std::optional<std::uint64_t> index = propose();
  if (!index) return std::nullopt;
  if (!record_->proposed[*index]) {
    record_->proposed[*index] = true;
    ++record_->proposed_count;
  }
  in_flight_ = *index;
  return space_->at(*index);
}

void IndexedStrategy::report(const KernelConfig& config, const Measurement& measurement) {
  if (!space_) return;
  const std::optional<std::uint64_t> index = space_->index_of(config);
  if (!index) return;  // not in the space: nothing to learn about it
  if (in_flight_ == index) in_flight_.reset();
  remember(*index, objective(measurement));
}

void IndexedStrategy::remember(std::uint64_t index, double value) {
  if (looking_ahead_) {
    if (!record_->proposed[index] && !assumed_.contains(index)) ++assumed_new_;
    assumed_[index] = value;
  } else {
    Record& record = *record_;
    if (!record.proposed[index]) {
      record.proposed[index] = true;
      ++record.proposed_count;
    }
    record.objectives[index] = value;
  }
  learn(index, value);
}

double IndexedStrategy::objective_of(std::uint64_t index) const {
  if (looking_ahead_)
    if (const auto found = assumed_.find(index); found != assumed_.end()) return found->second;
  return record_->objectives[index];
}

std::uint64_t IndexedStrategy::uniform_below(std::uint64_t count) {
  return boost::random::uniform_int_distribution<std::uint64_t>(0, count - 1)(engine_);
}

double IndexedStrategy::uniform_unit() { return boost::random::uniform_01<double>()(engine_); }

std::optional<std::uint64_t> IndexedStrategy::random_unproposed() {
  const std::uint64_t count = space_->valid_count();
  if (proposed_count() >= count) return std::nullopt;
  // Rejection is fast while most of the space is unexplored; counting is exact when it is not.
  for (int attempt = 0; attempt < 64; ++attempt) {
    const std::uint64_t index = uniform_below(count);
    if (!proposed(index)) return index;
  }
  std::uint64_t wanted = uniform_below(count - proposed_count());
  for (std::uint64_t index = 0; index < count; ++index)
    if (!proposed(index) && wanted-- == 0) return index;
  return std::nullopt;
}

std::vector<KernelConfig> IndexedStrategy::upcoming(std::size_t most) const {
  std::vector<KernelConfig> configs;
  if (!space_ || most == 0) return configs;
  const std::unique_ptr<IndexedStrategy> ahead = copy();
  ahead->looking_ahead_ = true;
  // Measured, but slower than anything so far: the likeliest outcome once a search is under way, and
  // one that leaves a population, a current point or a best as they are.
  constexpr double slower = std::numeric_limits<double>::max();
  if (in_flight_) ahead->remember(*in_flight_, slower);
  // A proposal made before is not named, but learnt from again as the search driver would; the
  // bound ends a look-ahead that keeps repeating.
  for (std::size_t step = 0; configs.size() < most && step < 2 * most + 16 && !ahead->exhausted(); ++step) {
    const std::optional<std::uint64_t> index = ahead->propose();
    if (!index) break;
    if (ahead->proposed(*index)) {
      ahead->remember(*index, ahead->objective_of(*index));
      continue;
    }
    configs.push_back(space_->at(*index));
    ahead->remember(*index, slower);
  }
  return configs;
}

}  // namespace gemmtune::search
