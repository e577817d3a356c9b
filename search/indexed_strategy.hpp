// Common base of the strategies: works on valid-configuration indices and remembers every result.
#pragma once

#include <boost/random/mersenne_twister.hpp>
#include <limits>
#include <vector>

#include "search/strategy.hpp"

namespace gemmtune::search {

class IndexedStrategy : public SearchStrategy {
 public:
  void reset(const ParameterSpace& space, std::uint64_t seed) final;
  std::optional<KernelConfig> next() final;
  void report(const KernelConfig& config, const Measurement& measurement) final;
  std::vector<KernelConfig> upcoming(std::size_t most) const final;

 protected:
  static constexpr double failed = std::numeric_limits<double>::infinity();

  // Called once after reset, with space() and the memory ready.
  virtual void start() {}
  // The index to measure next, preferably one never proposed; empty when done.
  virtual std::optional<std::uint64_t> propose() = 0;
  // The objective (seconds, or `failed`) of a proposed index.
  virtual void learn(std::uint64_t index, double objective) = 0;
  // Indices likely to be proposed soon (see SearchStrategy::upcoming); none by default.
  virtual std::vector<std::uint64_t> likely_next(std::size_t most) const {
    (void)most;
    return {};
  }

  const ParameterSpace& space() const { return *space_; }

  bool proposed(std::uint64_t index) const { return proposed_[index]; }
  // The remembered objective of an index that was measured; `failed` before it is.
  double objective_of(std::uint64_t index) const { return objectives_[index]; }
  bool exhausted() const { return proposed_count_ >= space_->valid_count(); }

  // Uniform among the indices never proposed; empty when every index was.
  std::optional<std::uint64_t> random_unproposed();
  // Uniform integer in [0, count).
  std::uint64_t uniform_below(std::uint64_t count);
  double uniform_unit();  // uniform in [0, 1)
  // Valid indices that differ from `index` in exactly one parameter, by any value (not only by one
  // step in its value list: constraints often leave that neighbourhood nearly empty).
  std::vector<std::uint64_t> one_parameter_changes(std::uint64_t index) const;
  // A valid index reached from `index` by `steps` random one-parameter changes (fewer when stuck).
  std::uint64_t random_walk(std::uint64_t index, int steps);

  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[uniform_below(i)]);
  }

 private:
  const ParameterSpace* space_ = nullptr;
  boost::random::mt19937_64 engine_;
  std::vector<bool> proposed_;
  std::vector<double> objectives_;
  std::uint64_t proposed_count_ = 0;
};

}  // namespace gemmtune::search
