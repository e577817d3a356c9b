// Replaying strategies against a recorded table and summarising the fractions reached.
#include "search/simulation.hpp"

#include <algorithm>
#include <limits>

#include "gemmtune/error.hpp"
#include "search/registry.hpp"
#include "search/replay.hpp"
#include "search/search_driver.hpp"

namespace gemmtune::search {
namespace {

FractionOverSeeds summarise(std::vector<double> fractions) {
  std::sort(fractions.begin(), fractions.end());
  const std::size_t n = fractions.size();
  if (n == 0) return {};
  const double median = n % 2 == 1 ? fractions[n / 2] : (fractions[n / 2 - 1] + fractions[n / 2]) / 2;
  return {median, fractions.front()};
}

}  // namespace

SimulationReport simulate(const ReplayTable& table, const std::vector<std::string>& strategy_names,
                          std::size_t budget, std::size_t seeds, std::uint64_t first_seed) {
  SimulationReport report;
  report.configurations = table.size();
  report.seeds = seeds;
  report.budget = budget;
  double optimum = std::numeric_limits<double>::infinity();
  for (std::size_t row = 0; row < table.size(); ++row) {
    const Measurement& measurement = table.measurement(row);
    if (measurement.status == Status::ok) {
      ++report.ok_configurations;
      optimum = std::min(optimum, measurement.seconds);
    }
  }
  if (report.ok_configurations == 0) throw InvalidArgument("the replay table has no correct (ok) measurement");
  report.optimum_seconds = optimum;
  const Replay replay(table, "recorded");

  std::vector<std::size_t> checkpoints;
  for (const std::size_t checkpoint : simulation_checkpoints)
    if (checkpoint <= budget) checkpoints.push_back(checkpoint);
  // The budget itself where it is none of them: `--budget 5` or 30 is asked about its end.
  if (checkpoints.empty() || checkpoints.back() != budget) checkpoints.push_back(budget);

  for (const auto& name : strategy_names) {
    std::unique_ptr<SearchStrategy> strategy = make_strategy(name);
    std::map<std::size_t, std::vector<double>> fractions;
    for (std::size_t s = 0; s < seeds; ++s) {
      const auto evaluations = run_search(replay.space(), *strategy, first_seed + s, Budget{budget, std::nullopt, std::nullopt}, replay);
      double best = std::numeric_limits<double>::infinity();
      std::size_t done = 0;
      for (const std::size_t checkpoint : checkpoints) {
        for (; done < std::min(checkpoint, evaluations.size()); ++done)
          if (evaluations[done].measurement.status == Status::ok) best = std::min(best, evaluations[done].measurement.seconds);
        fractions[checkpoint].push_back(optimum / best);  // 0 when nothing ran correctly
      }
    }
    StrategySimulation result{name, {}};
    for (auto& [checkpoint, values] : fractions) result.fraction[checkpoint] = summarise(std::move(values));
    report.strategies.push_back(std::move(result));
  }
  return report;
}

}  // namespace gemmtune::search
