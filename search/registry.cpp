// The table of registered search strategies.
#include "search/registry.hpp"

#include "gemmtune/error.hpp"
#include "search/strategy_factories.hpp"

namespace gemmtune::search {

const std::vector<StrategyInfo>& strategies() {
  static const std::vector<StrategyInfo> table = {
      {"anneal", "simulated annealing over one-parameter changes, reheated from the best", make_simulated_annealing},
      {"greedy_ils", "iterated greedy local search: first-improvement descent, random kicks from the best",
       make_greedy_iterated_local_search},
      {"genetic", "steady-state genetic algorithm with uniform crossover and repair", make_genetic_algorithm},
      {"random", "uniform random sampling without replacement", make_random_search},
      {"grid", "every valid configuration in the space's deterministic order", make_grid_search},
  };
  return table;
}

std::unique_ptr<SearchStrategy> make_strategy(const std::string& name) {
  std::string known;
  for (const auto& info : strategies()) {
    if (info.name == name) return info.make();
    known += (known.empty() ? "" : ", ") + info.name;
  }
  throw InvalidArgument("unknown search strategy '" + name + "' (known: " + known + ")");
}

// Best on the recorded H200 table (tests/data/h200_xgemm_4096.csv): the median run reaches the
// optimum within 100 evaluations (README, "Search strategies").
std::string default_strategy_name() { return "genetic"; }

}  // namespace gemmtune::search
