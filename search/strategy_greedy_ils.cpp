// Iterated greedy local search: first-improvement descent, then a random kick from the best.
#include "search/indexed_strategy.hpp"
#include "search/strategy_factories.hpp"

namespace gemmtune::search {
namespace {

class GreedyIteratedLocalSearch final : public IndexedStrategy {
  std::unique_ptr<IndexedStrategy> copy() const override { return std::make_unique<GreedyIteratedLocalSearch>(*this); }

  static constexpr int kick_steps = 3;
  static constexpr int kicks_per_proposal = 100;

  void start() override {
    current_.reset();
    best_.reset();
    kicked_to_.reset();
    candidates_.clear();
  }

  std::optional<std::uint64_t> propose() override {
    if (!current_) return random_unproposed();
    for (int kick = 0; kick < kicks_per_proposal; ++kick) {
      while (!candidates_.empty()) {
        const std::uint64_t candidate = candidates_.back();
        candidates_.pop_back();
        if (!proposed(candidate)) return candidate;
        if (objective_of(candidate) < current_value_) move_to(candidate, objective_of(candidate));
      }
      // A local optimum: restart the descent a few random steps away from the best.
      const std::uint64_t start = random_walk(*best_, kick_steps);
      if (!proposed(start)) {
        kicked_to_ = start;
        return start;
      }
      move_to(start, objective_of(start));
    }
    return random_unproposed();
  }

  void learn(std::uint64_t index, double value) override {
    if (!best_ || value < best_value_) {
      best_ = index;
      best_value_ = value;
    }
    if (!current_ || kicked_to_ == index || value < current_value_) move_to(index, value);
    kicked_to_.reset();
  }

  void move_to(std::uint64_t index, double value) {
    current_ = index;
    current_value_ = value;
    candidates_ = one_parameter_changes(index);
    shuffle(candidates_);
  }

  std::optional<std::uint64_t> current_, best_, kicked_to_;
  double current_value_ = failed, best_value_ = failed;
  std::vector<std::uint64_t> candidates_;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_greedy_iterated_local_search() {
  return std::make_unique<GreedyIteratedLocalSearch>();
}

}  // namespace gemmtune::search
