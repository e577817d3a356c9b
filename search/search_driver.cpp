// The ask/tell loop shared by `gemmtune tune` and `gemmtune simulate`.
#include "search/search_driver.hpp"

#include <chrono>

namespace gemmtune::search {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::vector<Evaluation> run_search(const ParameterSpace& space, SearchStrategy& strategy, std::uint64_t seed,
                                   const Budget& budget, const std::function<Measurement(const KernelConfig&)>& evaluate,
                                   const std::map<std::string, Measurement>& known,
                                   const std::function<void(const Evaluation&, std::size_t)>& on_evaluation) {
  const double started = budget.clock();
  const auto out_of_time = [&] { return budget.seconds && budget.clock() - started >= *budget.seconds; };
  std::vector<Evaluation> evaluations;
  std::map<std::string, Measurement> seen;
  std::optional<double> best;
  std::size_t since_improvement = 0, repeated = 0;
  strategy.reset(space, seed);
  while (true) {
    if (budget.evaluations && evaluations.size() >= *budget.evaluations) break;
    if (budget.without_improvement && since_improvement >= *budget.without_improvement) break;
    if (out_of_time()) break;
    const std::optional<KernelConfig> config = strategy.next();
    if (!config) break;
    const std::string key = config_key(*config);
    if (const auto earlier = seen.find(key); earlier != seen.end()) {
      strategy.report(*config, earlier->second);
      if (++repeated >= most_repeated_proposals) break;
      continue;
    }
    if (!space.contains(*config)) {
      const Measurement invalid{Status::invalid, 0};
      seen.emplace(key, invalid);
      strategy.report(*config, invalid);
      if (++repeated >= most_repeated_proposals) break;
      continue;
    }
    repeated = 0;
    Evaluation evaluation{*config, {}, false};
    if (const auto recorded = known.find(key); recorded != known.end()) {
      evaluation.measurement = recorded->second;
      evaluation.replayed = true;
    } else {
      evaluation.measurement = evaluate(*config);
    }
    seen.emplace(key, evaluation.measurement);
    const bool ok = evaluation.measurement.status == Status::ok;
    if (ok && (!best || evaluation.measurement.seconds < *best)) {
      best = evaluation.measurement.seconds;
      since_improvement = 0;
    } else {
      ++since_improvement;
    }
    evaluations.push_back(evaluation);
    strategy.report(evaluation.config, evaluation.measurement);
    if (on_evaluation) on_evaluation(evaluations.back(), evaluations.size());
  }
  return evaluations;
}

}  // namespace gemmtune::search
