// A candidate's timing stops after one timed run only where two runs say it is clearly slower.
#include "tuner/early_cut.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace gemmtune {
namespace {

constexpr double best = 1e-3, cut = 1.25;

TEST(EarlyCut, StopsWhereTheVerifiedAndTheFirstTimedRunAreBothClearlySlower) {
  EXPECT_TRUE(clearly_slower(2e-3, 2e-3, best, cut));
  EXPECT_TRUE(clearly_slower(1.3e-3, 5e-3, best, cut));
}

TEST(EarlyCut, ATimedRunThatStalledOnceDoesNotStopACandidateWhoseVerifiedRunWasFast) {
  // The H200's case: 0.72 s recorded for a configuration that runs in 3 ms.
  EXPECT_FALSE(clearly_slower(1.05e-3, 0.72, best, cut));
}

TEST(EarlyCut, ASlowVerifiedRunAloneDoesNotStopACandidate) {
  // The first call may be slower than the ones after it (caches, the first launch of a program).
  EXPECT_FALSE(clearly_slower(0.1, 1.1e-3, best, cut));
}

TEST(EarlyCut, RunsWithinTheFactorOfTheBestAreNeverCut) {
  EXPECT_FALSE(clearly_slower(1.25e-3, 1.25e-3, best, cut));
  EXPECT_FALSE(clearly_slower(0.9e-3, 0.9e-3, best, cut));
}

TEST(EarlyCut, NothingIsCutBeforeABestIsKnown) {
  const double none = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(clearly_slower(10, 10, none, cut));
}

}  // namespace
}  // namespace gemmtune
