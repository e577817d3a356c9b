// The time limit of a tuning session over several problems, shared among the problems still to come.
#include "tuner/session_clock.hpp"

#include <algorithm>

namespace gemmtune::cli {

SessionClock::SessionClock(std::optional<double> limit, std::function<double()> clock)
    : limit_(limit), clock_(std::move(clock)), started_(clock_()) {}

double SessionClock::elapsed() const { return clock_() - started_; }

std::optional<double> SessionClock::left() const {
  if (!limit_) return std::nullopt;
  return *limit_ - elapsed();
}

bool SessionClock::spent() const { return limit_ && *left() <= 0; }

std::optional<double> SessionClock::share(std::size_t remaining, std::optional<double> per_item) const {
  std::optional<double> seconds = per_item;
  if (limit_) {
    const double equal = std::max(0.0, *left()) / static_cast<double>(std::max<std::size_t>(remaining, 1));
    seconds = per_item ? std::min(*per_item, equal) : equal;
  }
  return seconds;
}

std::optional<double> seconds_left(std::size_t done, std::size_t planned, std::size_t measured, double elapsed,
                                   double time_limit) {
  std::optional<double> left;
  if (measured > 0 && planned >= done) left = static_cast<double>(planned - done) * elapsed / static_cast<double>(measured);
  if (time_limit > 0) left = std::max(0.0, std::min(left.value_or(time_limit), time_limit - elapsed));
  return left;
}

}  // namespace gemmtune::cli
