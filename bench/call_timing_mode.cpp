// How the bench times a peer's calls: each alone with its own event, or a stream issued back to back.
#include "bench/call_timing_mode.hpp"

#include <algorithm>
#include <chrono>
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
  if (!(one_call_seconds > 0)) return most_calls_per_round;
  return static_cast<int>(std::clamp(std::ceil(stream_round_seconds / one_call_seconds), 1.0,
                                     static_cast<double>(most_calls_per_round)));
}

std::vector<double> time_rounds(CallTiming timing, int repeat, const std::function<double(int calls)>& round) {
  const int calls = timing == CallTiming::Stream ? calls_per_round(round(1)) : 1;
  std::vector<double> seconds;
  for (int i = 0; i < repeat; ++i) seconds.push_back(round(calls));
  return seconds;
}

std::vector<double> time_host_calls(CallTiming timing, int warm_up, int repeat, const std::function<void()>& call) {
  using Clock = std::chrono::steady_clock;
  for (int i = 0; i < warm_up; ++i) call();
  return time_rounds(timing, repeat, [&](int calls) {
    const auto start = Clock::now();
    for (int i = 0; i < calls; ++i) call();
    return std::chrono::duration<double>(Clock::now() - start).count() / calls;
  });
}

}  // namespace gemmtune::bench
