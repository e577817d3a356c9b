// Trial calls' bookkeeping: which candidate runs next while the first calls time them, and which is kept.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "dispatch/candidate_trials.hpp"

namespace gemmtune::testing {
namespace {

std::vector<std::size_t> issue(CandidateTrials& trials, int calls) {
  std::vector<std::size_t> order;
  for (int i = 0; i < calls; ++i) order.push_back(trials.next());
  return order;
}

// Each candidate is issued in turn until it has run twice; the times arrive later, in any order.
TEST(CandidateTrials, IssuesEachInTurnAndKeepsTheFastest) {
  CandidateTrials trials(3, 2);
  EXPECT_EQ(issue(trials, 6), (std::vector<std::size_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_FALSE(trials.settled());
  EXPECT_EQ(trials.fastest(), 0u);  // nothing timed yet: the model's first
  for (const auto& [candidate, seconds] : std::vector<std::pair<std::size_t, double>>{
           {2, 3e-6}, {0, 9e-6}, {1, 5e-6}, {0, 8e-6}, {1, 4e-6}})
    trials.record(candidate, seconds);
  EXPECT_FALSE(trials.settled());  // candidate 2 has one time of two
  EXPECT_EQ(trials.fastest(), 2u);
  // Calls made before the last time arrives run the fastest so far.
  EXPECT_EQ(trials.next(), 2u);
  trials.record(2, 6e-6);
  EXPECT_TRUE(trials.settled());
  EXPECT_EQ(trials.fastest(), 2u);
  EXPECT_DOUBLE_EQ(trials.best_seconds(2), 3e-6);  // the least of its calls
  EXPECT_DOUBLE_EQ(trials.best_seconds(0), 8e-6);
  EXPECT_EQ(trials.timed_calls(), 6u);
}

// Once every candidate has been issued its calls, none is issuing: the calls after run the fastest
// so far, untimed. A call whose time never came is issued again.
TEST(CandidateTrials, IssuesNoMoreThanItTimesAndIssuesALostCallAgain) {
  CandidateTrials trials(2, 1);
  EXPECT_TRUE(trials.issuing());
  EXPECT_EQ(issue(trials, 2), (std::vector<std::size_t>{0, 1}));
  EXPECT_FALSE(trials.issuing());
  trials.record(0, 4e-6);
  trials.forget(1);
  EXPECT_TRUE(trials.issuing());
  EXPECT_EQ(trials.next(), 1u);
  EXPECT_FALSE(trials.issuing());
  trials.forget(0);  // timed already: nothing to issue again
  EXPECT_FALSE(trials.issuing());
  trials.record(1, 2e-6);
  EXPECT_TRUE(trials.settled());
  EXPECT_EQ(trials.fastest(), 1u);
}

// A candidate that cannot run is passed over and never kept, however fast a time it had.
TEST(CandidateTrials, ADroppedCandidateIsNeitherRunNorKept) {
  CandidateTrials trials(3, 1);
  EXPECT_EQ(trials.next(), 0u);
  EXPECT_EQ(trials.next(), 1u);
  trials.record(1, 1e-6);
  trials.drop(1);
  trials.record(1, 1e-7);  // a late time of a dropped candidate counts for nothing
  EXPECT_EQ(trials.next(), 2u);
  trials.record(0, 5e-6);
  EXPECT_FALSE(trials.settled());
  trials.record(2, 7e-6);
  EXPECT_TRUE(trials.settled());
  EXPECT_EQ(trials.fastest(), 0u);
  EXPECT_THROW(trials.drop(0), std::logic_error);  // the first is what runs without trials
}

// One candidate, or none asked for: the first runs and is settled once timed.
TEST(CandidateTrials, OneCandidateIsTheFirst) {
  CandidateTrials trials(0, 2);
  EXPECT_EQ(trials.candidates(), 1u);
  EXPECT_EQ(issue(trials, 3), (std::vector<std::size_t>{0, 0, 0}));
  trials.record(0, 2e-6);
  trials.record(0, 1e-6);
  EXPECT_TRUE(trials.settled());
  trials.record(0, -1);  // not a time
  EXPECT_EQ(trials.timed_calls(), 2u);
}

}  // namespace
}  // namespace gemmtune::testing
