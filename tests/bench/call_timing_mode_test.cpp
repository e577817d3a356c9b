// How the bench times calls: the stream rounds' length and count, the host clock's figures, the option's words.
#include <gtest/gtest.h>

#include <chrono>

#include "bench/call_timing_mode.hpp"
#include "tuner/cli.hpp"

namespace gemmtune::bench {
namespace {

TEST(CallTimingMode, AStreamRoundLastsAQuarterMillisecondWithinOneToThirtyTwoCalls) {
  EXPECT_EQ(calls_per_round(13e-6), 20);  // a tiny GEMM timed alone on the H200
  EXPECT_EQ(calls_per_round(100e-6), 3);
  EXPECT_EQ(calls_per_round(1e-3), 1);
  EXPECT_EQ(calls_per_round(1e-9), 32);
  EXPECT_EQ(calls_per_round(0), 32);  // a call too short for the clock still gets a round
}

// A made-up peer whose calls take 13 us alone and 6 us each in a stream: stream rounds are sized by
// a first round of one call, which is not reported, and report their time per call.
TEST(CallTimingMode, StreamRoundsAreSizedByOneCallAndReportTimePerCall) {
  std::vector<int> rounds;
  const auto round = [&](int calls) {
    rounds.push_back(calls);
    return calls == 1 ? 13e-6 : 6e-6;
  };
  const std::vector<double> stream = time_rounds(CallTiming::Stream, 3, round);
  EXPECT_EQ(rounds, (std::vector<int>{1, 20, 20, 20}));
  EXPECT_EQ(stream, (std::vector<double>{6e-6, 6e-6, 6e-6}));
  rounds.clear();
  const std::vector<double> per_call = time_rounds(CallTiming::PerCall, 2, round);
  EXPECT_EQ(rounds, (std::vector<int>{1, 1}));
  EXPECT_EQ(per_call, (std::vector<double>{13e-6, 13e-6}));
}

// On the host's clock: warm-up calls, then rounds whose figure is the round's time per call.
TEST(CallTimingMode, HostRoundsTimeEveryCallOfTheRound) {
  int calls = 0;
  const auto busy_50us = [&] {
    ++calls;
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    while (std::chrono::steady_clock::now() < until) {
    }
  };
  const std::vector<double> stream = time_host_calls(CallTiming::Stream, 2, 3, busy_50us);
  ASSERT_EQ(stream.size(), 3u);
  // 2 warm-up calls, 1 to size the rounds (about 50 us: 5 a round), then 3 rounds.
  EXPECT_GE(calls, 2 + 1 + 3 * 2);
  EXPECT_LE(calls, 2 + 1 + 3 * 5);
  for (const double seconds : stream) {
    EXPECT_GE(seconds, 50e-6);
    EXPECT_LT(seconds, 2 * 50e-6 + 1e-3);  // per call, not per round (a loaded machine may stall)
  }
}

TEST(CallTimingMode, OptionTakesPerCallOrStream) {
  EXPECT_EQ(parse_call_timing("per-call"), CallTiming::PerCall);
  EXPECT_EQ(parse_call_timing("stream"), CallTiming::Stream);
  EXPECT_EQ(to_string(parse_call_timing(to_string(CallTiming::Stream))), "stream");
  EXPECT_THROW(parse_call_timing("burst"), cli::UsageError);
}

}  // namespace
}  // namespace gemmtune::bench
