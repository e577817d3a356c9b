// Simulated annealing over one-parameter changes, with reheats from the best configuration.
#include <cmath>

#include "search/indexed_strategy.hpp"
#include "search/strategy_factories.hpp"

namespace gemmtune::search {
namespace {

class SimulatedAnnealing final : public IndexedStrategy {
  std::unique_ptr<IndexedStrategy> copy() const override { return std::make_unique<SimulatedAnnealing>(*this); }

  // Tuned by replay: a short random start finds a good basin, a brief hot phase crosses the
  // ridges that constraints put between good configurations, cooling settles into the optimum.
  static constexpr int random_start = 15;
  static constexpr double hot = 0.1;      // accepts a 1% slower move with probability exp(-0.1)
  static constexpr double cooling = 0.93;  // per measurement
  static constexpr double cold = 0.002;    // below this, reheat from the best configuration
  static constexpr int free_moves = 500;   // moves to already-measured configurations per proposal

  void start() override {
    current_.reset();
    best_.reset();
    temperature_ = hot;
    started_ = 0;
  }

  std::optional<std::uint64_t> propose() override {
    if (started_ < random_start || !current_) {
      ++started_;
      return random_unproposed();
    }
    for (int move = 0; move < free_moves; ++move) {
      if (moves_.empty()) break;
      const std::uint64_t candidate = moves_[uniform_below(moves_.size())];
      if (!proposed(candidate)) return candidate;
      // Measured before: decide the move now, at no cost.
      consider(candidate, objective_of(candidate));
    }
    return random_unproposed();
  }

  void learn(std::uint64_t index, double value) override {
    if (!best_ || value < best_value_) {
      best_ = index;
      best_value_ = value;
    }
    if (started_ <= random_start) {
      if (!current_ || value < current_value_) move_to(index, value);
      return;
    }
    consider(index, value);
    temperature_ *= cooling;
    if (temperature_ < cold) {
      temperature_ = hot;
      move_to(*best_, best_value_);
    }
  }

  void consider(std::uint64_t index, double value) {
    if (!current_ || value <= current_value_) return move_to(index, value);
    if (std::isinf(value)) return;
    const double probability = std::isinf(current_value_) ? 1.0 : std::exp(-(value - current_value_) / current_value_ / temperature_);
    if (uniform_unit() < probability) move_to(index, value);
  }

  void move_to(std::uint64_t index, double value) {
    if (current_ == index) return;
    current_ = index;
    current_value_ = value;
    moves_ = one_parameter_changes(index);
  }

  std::optional<std::uint64_t> current_, best_;
  double current_value_ = failed, best_value_ = failed;
  double temperature_ = hot;
  int started_ = 0;
  std::vector<std::uint64_t> moves_;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_simulated_annealing() { return std::make_unique<SimulatedAnnealing>(); }

}  // namespace gemmtune::search
