// The time limit of a tuning session over several problems, shared among the problems still to come.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>

#include "search/search_driver.hpp"

namespace gemmtune::cli {

class SessionClock {
 public:
  // Starts now; `limit` in seconds, none when empty. `clock` as search::Budget's.
  explicit SessionClock(std::optional<double> limit, std::function<double()> clock = search::steady_seconds);

  double elapsed() const;
  // Seconds left of the limit (at most the limit, possibly negative); empty without a limit.
  std::optional<double> left() const;
  bool spent() const;  // a limit that is reached
  // The seconds the next of `remaining` items may take: what is left shared equally among them (so
  // an item also gets what earlier ones did not use), never above `per_item`, never below 0; empty
  // when neither limits it.
  std::optional<double> share(std::size_t remaining, std::optional<double> per_item = std::nullopt) const;

 private:
  std::optional<double> limit_;
  std::function<double()> clock_;
  double started_;
};

// The seconds a problem's tuning has left at its pace so far: the evaluations still planned at the
// time each measured one took, `elapsed` being spent on the `measured` of the `done` (a recorded
// configuration is replayed in no time; counted, it made the estimate swing, 2 s and then 28 s,
// as replays gave way to compiles), never beyond what is left of `time_limit` (none when 0). Empty
// before anything was measured without a limit.
std::optional<double> seconds_left(std::size_t done, std::size_t planned, std::size_t measured, double elapsed,
                                   double time_limit);

}  // namespace gemmtune::cli
