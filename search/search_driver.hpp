// The ask/tell loop: budgets, no configuration measured twice, resume from recorded measurements.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "search/strategy.hpp"

namespace gemmtune::search {

// Seconds on the steady clock: the time a search's `seconds` budget is read from by default.
double steady_seconds();

// Any limit that is set stops the search when reached.
struct Budget {
  std::optional<std::size_t> evaluations;          // counted evaluations (measured or replayed)
  std::optional<double> seconds;                    // time of the whole search, as `clock` counts it
  std::optional<std::size_t> without_improvement;  // counted evaluations since the best ok time improved
  // Any monotonic source of seconds; a test passes one it advances itself, so that the time budget
  // is checked by counting instead of by waiting.
  std::function<double()> clock = steady_seconds;
};

struct Evaluation {
  KernelConfig config;
  Measurement measurement;
  bool replayed = false;  // taken from `known` instead of measured
};

// A strategy that proposes this many configurations in a row that it already had (or that are
// not in the space) is stopped: it has nothing new to offer.
inline constexpr std::size_t most_repeated_proposals = 10'000;

// Runs the search: asks the strategy, never evaluates a configuration twice (a repeated
// proposal gets the earlier measurement reported again without counting; a configuration outside
// the space gets Status::invalid without evaluating or counting), stops on any budget or when
// next() is empty. A proposal found in `known` (config_key -> measurement, for resuming) is
// reported without calling `evaluate`, marked replayed, and counts toward the budget, so a
// resumed search with the same seed and budget ends where the first would have.
// `on_evaluation` is called after every counted evaluation with the number done so far.
std::vector<Evaluation> run_search(const ParameterSpace& space, SearchStrategy& strategy, std::uint64_t seed,
                                   const Budget& budget, const std::function<Measurement(const KernelConfig&)>& evaluate,
                                   const std::map<std::string, Measurement>& known = {},
                                   const std::function<void(const Evaluation&, std::size_t done)>& on_evaluation = {});

}  // namespace gemmtune::search
