// Bookkeeping shared by the strategies: proposals, remembered objectives, seeded random draws.
#include "search/indexed_strategy.hpp"

#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>

namespace gemmtune::search {

void IndexedStrategy::reset(const ParameterSpace& space, std::uint64_t seed) {
  space_ = &space;
  engine_.seed(seed);
  proposed_.assign(space.valid_count(), false);
  objectives_.assign(space.valid_count(), failed);
  proposed_count_ = 0;
  start();
}

std::optional<KernelConfig> IndexedStrategy::next() {
  if (!space_ || exhausted()) return std::nullopt;
  const std::optional<std::uint64_t> index = propose();
  if (!index) return std::nullopt;
  if (!proposed_[*index]) {
    proposed_[*index] = true;
    ++proposed_count_;
  }
  return space_->at(*index);
}

void IndexedStrategy::report(const KernelConfig& config, const Measurement& measurement) {
  if (!space_) return;
  const std::optional<std::uint64_t> index = space_->index_of(config);
  if (!index) return;  // not in the space: nothing to learn about it
  if (!proposed_[*index]) {
    proposed_[*index] = true;
    ++proposed_count_;
  }
  objectives_[*index] = objective(measurement);
  learn(*index, objectives_[*index]);
}

std::uint64_t IndexedStrategy::uniform_below(std::uint64_t count) {
  return boost::random::uniform_int_distribution<std::uint64_t>(0, count - 1)(engine_);
}

double IndexedStrategy::uniform_unit() { return boost::random::uniform_01<double>()(engine_); }

std::optional<std::uint64_t> IndexedStrategy::random_unproposed() {
  const std::uint64_t count = space_->valid_count();
  if (proposed_count_ >= count) return std::nullopt;
  // Rejection is fast while most of the space is unexplored; counting is exact when it is not.
  for (int attempt = 0; attempt < 64; ++attempt) {
    const std::uint64_t index = uniform_below(count);
    if (!proposed_[index]) return index;
  }
  std::uint64_t wanted = uniform_below(count - proposed_count_);
  for (std::uint64_t index = 0; index < count; ++index)
    if (!proposed_[index] && wanted-- == 0) return index;
  return std::nullopt;
}

std::vector<KernelConfig> IndexedStrategy::upcoming(std::size_t most) const {
  std::vector<KernelConfig> configs;
  for (const std::uint64_t index : likely_next(most))
    if (!proposed_[index] && configs.size() < most) configs.push_back(space_->at(index));
  return configs;
}

}  // namespace gemmtune::search
