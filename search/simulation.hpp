// Replays strategies against a recorded table: how close each gets to the optimum, how quickly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "search/replay_table.hpp"

namespace gemmtune::search {

// Numbers of evaluations after which the reached fraction of the optimum is reported.
inline const std::vector<std::size_t> simulation_checkpoints = {25, 50, 100, 200, 400};

struct FractionOverSeeds {
  double median = 0;
  double worst = 0;
};

struct StrategySimulation {
  std::string name;
  // checkpoint -> recorded optimum / best time found within that many evaluations (0 when none
  // ran correctly), over the seeds; the checkpoints within the budget appear, and the budget.
  std::map<std::size_t, FractionOverSeeds> fraction;
};

struct SimulationReport {
  double optimum_seconds = 0;
  std::size_t configurations = 0, ok_configurations = 0, seeds = 0, budget = 0;
  std::vector<StrategySimulation> strategies;
};

// Seeds are first_seed, first_seed + 1, ... Throws gemmtune::InvalidArgument when the table has
// no correct measurement or a strategy name is unknown.
SimulationReport simulate(const ReplayTable& table, const std::vector<std::string>& strategy_names,
                          std::size_t budget, std::size_t seeds, std::uint64_t first_seed = 1);

}  // namespace gemmtune::search
