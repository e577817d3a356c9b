// How the bench times a peer's calls: each alone with its own event, or a stream issued back to back.
#include "bench/call_timing_mode.hpp"

#include <algorithm>
#include <cmath>

#include "tuner/cli.hpp"

namespace gemmtune::bench {

CallTiming parse_call_timing(std::string_view text) {
  if (text == "per-call") return CallTiming::PerCall;
  if (text == "stream") return CallTiming::Stream;
  throw cli::UsageError("--timing must be per-call or stream, not '" + std::string(text) + "'");
}

std::string to_string(CallTiming timing) { return timing == CallTiming::Stream ? "stream" : "per-call"; }

int calls_per_round(double one_call_seconds) {
  constexpr double round_seconds = 250e-6;
  constexpr int most = 32;
  if (!(one_call_seconds > 0)) return most;
  return static_cast<int>(std::clamp(std::ceil(round_seconds / one_call_seconds), 1.0, static_cast<double>(most)));
}

std::vector<double> time_host_calls(CallTiming timing, int warm_up, int repeat, const std::function<void()>& call) {
  using Clock = std::chrono::steady_clock;
  const auto seconds_of = [&](int calls) {
    const auto start = Clock::now();
    for (int i = 0; i < calls; ++i) call();
    return std::chrono::duration<double>(Clock::now() - start).count() / calls;
  };
  for (int i = 0; i < warm_up; ++i) call();
  const int calls = timing == CallTiming::Stream ? calls_per_round(seconds_of(1)) : 1;
  std::vector<double> seconds;
  for (int i = 0; i < repeat; ++i) seconds.push_back(seconds_of(calls));
  return seconds;
}

}  // namespace gemmtune::bench
