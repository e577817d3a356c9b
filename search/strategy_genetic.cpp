// Steady-state genetic algorithm: tournament selection, uniform crossover, mutation, repair.
#include <algorithm>

#include "search/indexed_strategy.hpp"
#include "search/strategy_factories.hpp"

namespace gemmtune::search {
namespace {

class GeneticAlgorithm final : public IndexedStrategy {
  std::unique_ptr<IndexedStrategy> copy() const override { return std::make_unique<GeneticAlgorithm>(*this); }

  static constexpr std::size_t population_size = 16;
  static constexpr std::size_t tournament_size = 3;
  static constexpr int child_attempts = 64;

  struct Member {
    double value;
    std::uint64_t index;
  };

  void start() override {
    population_.clear();
    initial_proposed_ = 0;
  }

  std::optional<std::uint64_t> propose() override {
    if (initial_proposed_ < population_size || population_.empty()) {
      ++initial_proposed_;
      return random_unproposed();
    }
    const auto& parameters = space().parameters();
    const double mutation_rate = 1.0 / static_cast<double>(parameters.size());
    std::vector<std::uint16_t> child(parameters.size());
    for (int attempt = 0; attempt < child_attempts; ++attempt) {
      const std::uint64_t mother = tournament(), father = tournament();
      for (std::size_t p = 0; p < parameters.size(); ++p) {
        const std::uint64_t parent = uniform_unit() < 0.5 ? mother : father;
        child[p] = static_cast<std::uint16_t>(space().value_position(parent, p));
        if (uniform_unit() < mutation_rate) child[p] = mutated(child[p], parameters[p].values.size());
      }
      const auto index = space().index_of_positions(child);
      if (index && !proposed(*index)) return index;
    }
    // Crossover keeps producing invalid or measured children: explore around the best member.
    std::vector<std::uint64_t> changes = one_parameter_changes(population_.front().index);
    shuffle(changes);
    for (const std::uint64_t change : changes)
      if (!proposed(change)) return change;
    return random_unproposed();
  }

  void learn(std::uint64_t index, double value) override {
    if (std::any_of(population_.begin(), population_.end(), [&](const Member& m) { return m.index == index; })) return;
    if (population_.size() >= population_size) {
      if (!(value < population_.back().value)) return;
      population_.pop_back();
    }
    const auto place = std::upper_bound(population_.begin(), population_.end(), value,
                                        [](double v, const Member& m) { return v < m.value; });
    population_.insert(place, Member{value, index});
  }

  std::uint64_t tournament() {
    std::size_t winner = uniform_below(population_.size());
    for (std::size_t round = 1; round < tournament_size; ++round) winner = std::min(winner, static_cast<std::size_t>(uniform_below(population_.size())));
    return population_[winner].index;  // the population is sorted, so the lowest position wins
  }

  // Mostly a step to an adjacent value (values are usually ordered), sometimes any other value.
  std::uint16_t mutated(std::uint16_t position, std::size_t count) {
    if (count < 2) return position;
    if (uniform_unit() < 0.7) {
      if (position == 0) return 1;
      if (position + 1u == count) return static_cast<std::uint16_t>(position - 1);
      return static_cast<std::uint16_t>(uniform_unit() < 0.5 ? position - 1 : position + 1);
    }
    const auto other = static_cast<std::uint16_t>(uniform_below(count - 1));
    return other >= position ? static_cast<std::uint16_t>(other + 1) : other;
  }

  std::vector<Member> population_;  // best first
  std::size_t initial_proposed_ = 0;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_genetic_algorithm() { return std::make_unique<GeneticAlgorithm>(); }

}  // namespace gemmtune::search
