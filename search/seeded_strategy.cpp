// A strategy that proposes given configurations (seeds) before those of another strategy.
#include "search/seeded_strategy.hpp"

namespace gemmtune::search {

SeededStrategy::SeededStrategy(std::unique_ptr<SearchStrategy> inner, std::vector<KernelConfig> seeds)
    : inner_(std::move(inner)), seeds_(std::move(seeds)) {}

void SeededStrategy::reset(const ParameterSpace& space, std::uint64_t seed) {
  inner_->reset(space, seed);
  next_seed_ = 0;
}

std::optional<KernelConfig> SeededStrategy::next() {
  if (next_seed_ < seeds_.size()) return seeds_[next_seed_++];
  return inner_->next();
}

void SeededStrategy::report(const KernelConfig& config, const Measurement& measurement) {
  inner_->report(config, measurement);
}

std::vector<KernelConfig> SeededStrategy::upcoming(std::size_t most) const {
  std::vector<KernelConfig> configs(seeds_.begin() + static_cast<std::ptrdiff_t>(next_seed_), seeds_.end());
  if (configs.size() > most) configs.resize(most);
  for (auto& config : inner_->upcoming(most - configs.size())) configs.push_back(std::move(config));
  return configs;
}

}  // namespace gemmtune::search
