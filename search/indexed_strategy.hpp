// Common base of the strategies: works on valid-configuration indices and remembers every result.
#pragma once

#include <boost/random/mersenne_twister.hpp>
#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

#include "search/strategy.hpp"

namespace gemmtune::search {

class IndexedStrategy : public SearchStrategy {
 public:
  void reset(const ParameterSpace& space, std::uint64_t seed) final;
  std::optional<KernelConfig> next() final;
  void report(const KernelConfig& config, const Measurement& measurement) final;
  // What it would propose next if the candidate in flight, and each one named, measured slower than
  // anything so far: a copy of the strategy proposes ahead, so the hint follows the strategy's own
  // logic and the strategy itself is left as it was (its proposals with a seed never depend on it).
  std::vector<KernelConfig> upcoming(std::size_t most) const final;

 protected:
  static constexpr double failed = std::numeric_limits<double>::infinity();

  IndexedStrategy() = default;
  // Copies share what was proposed and measured (only look-ahead copies are made, see upcoming).
  IndexedStrategy(const IndexedStrategy&) = default;
  // A copy of the whole strategy, its own state included: `return std::make_unique<T>(*this);`.
  virtual std::unique_ptr<IndexedStrategy> copy() const = 0;

  // Called once after reset, with space() and the memory ready.
  virtual void start() {}
  // The index to measure next, preferably one never proposed; empty when done.
  virtual std::optional<std::uint64_t> propose() = 0;
  // The objective (seconds, or `failed`) of a proposed index.
  virtual void learn(std::uint64_t index, double objective) = 0;
  const ParameterSpace& space() const { return *space_; }

  bool proposed(std::uint64_t index) const {
    return record_->proposed[index] || (looking_ahead_ && assumed_.contains(index));
  }
  // The remembered objective of an index that was measured; `failed` before it is.
  double objective_of(std::uint64_t index) const;
  bool exhausted() const { return proposed_count() >= space_->valid_count(); }

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
  // What was proposed and what each measured, by index: as large as the space, so shared with the
  // look-ahead copies, which only read it.
  struct Record {
    std::vector<bool> proposed;
    std::vector<double> objectives;
    std::uint64_t proposed_count = 0;
  };

  std::uint64_t proposed_count() const { return record_->proposed_count + assumed_new_; }
  // Marks `index` proposed and learns `value` for it: in the record, or in a look-ahead copy apart.
  void remember(std::uint64_t index, double value);

  const ParameterSpace* space_ = nullptr;
  boost::random::mt19937_64 engine_;
  std::shared_ptr<Record> record_ = std::make_shared<Record>();
  std::optional<std::uint64_t> in_flight_;  // proposed by next() and not reported yet
  // A look-ahead copy's own proposals and assumed objectives, and how many are not in the record.
  bool looking_ahead_ = false;
  std::unordered_map<std::uint64_t, double> assumed_;
  std::uint64_t assumed_new_ = 0;
};

}  // namespace gemmtune::search
