// How the bench times calls: the stream rounds' length, the host clock's figures, the option's words.
#include <gtest/gtest.h>

#include <thread>

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

TEST(CallTimingMode, HostStreamRoundsReportTimePerCall) {
  int calls = 0;
  const auto sleep = [&] {
    ++calls;
    std::this_thread::sleep_for(std::chrono::microseconds(2000));
  };
  const std::vector<double> per_call = time_host_calls(CallTiming::PerCall, 1, 3, sleep);
  ASSERT_EQ(per_call.size(), 3u);
  EXPECT_EQ(calls, 4);
  for (const double seconds : per_call) EXPECT_GE(seconds, 2e-3);
  calls = 0;
  // A 2 ms call makes rounds of one call: what is timed is what per-call timing times.
  const std::vector<double> stream = time_host_calls(CallTiming::Stream, 0, 2, sleep);
  ASSERT_EQ(stream.size(), 2u);
  EXPECT_EQ(calls, 3);  // one to size the rounds, then a call a round
  for (const double seconds : stream) EXPECT_GE(seconds, 2e-3);
}

TEST(CallTimingMode, OptionTakesPerCallOrStream) {
  EXPECT_EQ(parse_call_timing("per-call"), CallTiming::PerCall);
  EXPECT_EQ(parse_call_timing("stream"), CallTiming::Stream);
  EXPECT_EQ(to_string(parse_call_timing(to_string(CallTiming::Stream))), "stream");
  EXPECT_THROW(parse_call_timing("burst"), cli::UsageError);
}

}  // namespace
}  // namespace gemmtune::bench
