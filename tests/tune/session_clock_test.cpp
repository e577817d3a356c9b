// A session's time shared among its problems, on a clock the test advances itself.
#include <gtest/gtest.h>

#include "tuner/session_clock.hpp"

namespace gemmtune::cli {
namespace {

TEST(SessionClock, EachProblemGetsAnEqualShareOfWhatIsLeftIncludingWhatEarlierOnesLeftUnused) {
  double now = 100;
  const SessionClock session(60.0, [&] { return now; });
  EXPECT_DOUBLE_EQ(*session.share(3), 20);
  now += 5;  // the first problem used 5 of its 20 s
  EXPECT_DOUBLE_EQ(*session.share(2), 27.5);
  EXPECT_DOUBLE_EQ(*session.share(2, 10.0), 10);  // the per-problem limit still applies
  now += 50;  // the second one overran
  EXPECT_DOUBLE_EQ(*session.share(1), 5);
  EXPECT_FALSE(session.spent());
  now += 5;
  EXPECT_TRUE(session.spent());
  EXPECT_DOUBLE_EQ(*session.share(1), 0);
  now += 1;
  EXPECT_DOUBLE_EQ(*session.left(), -1);
  EXPECT_DOUBLE_EQ(*session.share(1), 0);
}

TEST(SessionClock, WithoutALimitOnlyThePerProblemLimitApplies) {
  double now = 0;
  const SessionClock session(std::nullopt, [&] { return now; });
  EXPECT_FALSE(session.share(5).has_value());
  EXPECT_DOUBLE_EQ(*session.share(5, 30.0), 30);
  now = 1e9;
  EXPECT_FALSE(session.spent());
  EXPECT_DOUBLE_EQ(session.elapsed(), 1e9);
}

// A problem's time left is read from the evaluations measured: ten replayed from the database in no
// time and two measured in 4 s leave 8 s for the four still planned, not the 1.3 s of 16 in 12.
TEST(SecondsLeft, ReadsThePaceOfMeasuredEvaluationsOnly) {
  EXPECT_DOUBLE_EQ(*seconds_left(12, 16, 2, 4, 0), 8);
  EXPECT_DOUBLE_EQ(*seconds_left(12, 16, 2, 4, 6), 2);  // never beyond the limit
  EXPECT_DOUBLE_EQ(*seconds_left(12, 16, 2, 9, 6), 0);  // nor below nothing
  EXPECT_FALSE(seconds_left(10, 16, 0, 0.01, 0).has_value());  // only replays so far
  EXPECT_DOUBLE_EQ(*seconds_left(10, 16, 0, 0.01, 30), 29.99);
}

}  // namespace
}  // namespace gemmtune::cli
