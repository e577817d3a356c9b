// A strategy that proposes given configurations (seeds) before those of another strategy.
#pragma once

#include <memory>
#include <vector>

#include "search/strategy.hpp"

namespace gemmtune::search {

// Proposes `seeds` in order, then whatever `inner` proposes. `inner` hears every measurement, the
// seeds' included, so that it starts from them (a population, a current point) rather than from
// nothing. Seeds are evaluations like any other: run_search counts them against the budget.
class SeededStrategy final : public SearchStrategy {
 public:
  SeededStrategy(std::unique_ptr<SearchStrategy> inner, std::vector<KernelConfig> seeds);

  void reset(const ParameterSpace& space, std::uint64_t seed) override;
  std::optional<KernelConfig> next() override;
  void report(const KernelConfig& config, const Measurement& measurement) override;
  std::vector<KernelConfig> upcoming(std::size_t most) const override;

 private:
  std::unique_ptr<SearchStrategy> inner_;
  std::vector<KernelConfig> seeds_;
  std::size_t next_seed_ = 0;
};

}  // namespace gemmtune::search
