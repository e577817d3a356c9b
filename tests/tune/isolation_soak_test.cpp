// The soak test of isolated evaluations: 300 of them on the CPU device, a tenth struck by a fault
// drawn at random (abort, segfault, SIGKILL, exit, hang): nothing lost, nothing measured twice.
#include <gtest/gtest.h>

#include <set>

#include "core/kernel_config.hpp"
#include "tests/tune/isolation_support.hpp"
#include "tuner/fault_injection.hpp"

namespace gemmtune::testing {
namespace {

TEST(IsolationSoak, ThreeHundredEvaluationsATenthOfThemFaulty) {
  const fs::path directory = fs::temp_directory_path() / ("gemmtune-soak-test-" + std::to_string(::getpid()));
  fs::remove_all(directory);
  fs::create_directories(directory);
  const std::string faults = "random:0.1:1";  // strikes 30 of the first 301
  IsolatedSession session(directory, faults, 300);
  const TuningSummary summary = session.run();

  EXPECT_EQ(summary.evaluations, 300u);
  const auto recorded = session.recorded();
  // 0 lost: every candidate sent to a worker is recorded (the defaults first, measured outside the
  // budget, unless the strategy proposes them again, which replays them).
  ASSERT_EQ(recorded.size(), summary.measured);
  ASSERT_GE(recorded.size(), 300u);
  const FaultPlan plan(faults);
  std::size_t crashes = 0, hangs = 0;
  for (std::uint64_t ordinal = 1; ordinal <= recorded.size(); ++ordinal) {
    const Fault fault = plan.at(ordinal);
    hangs += fault == Fault::hang;
    crashes += fault != Fault::none && fault != Fault::hang;
  }
  std::set<std::string> keys;
  std::size_t ok = 0;
  for (std::size_t ordinal = 1; ordinal <= recorded.size(); ++ordinal) {
    const auto& evaluation = recorded[ordinal - 1].evaluation;
    keys.insert(config_key(evaluation.config));
    const Fault fault = plan.at(ordinal);
    const std::string expected = fault == Fault::none ? "ok" : fault == Fault::hang ? "timeout" : "crashed";
    EXPECT_EQ(evaluation.status, expected) << ordinal << " (" << to_string(fault) << "): " << evaluation.error;
    ok += evaluation.status == "ok";
  }
  EXPECT_GE(crashes + hangs, 25u);
  EXPECT_EQ(summary.crashed, crashes);
  EXPECT_EQ(summary.timed_out, hangs);
  EXPECT_EQ(keys.size(), recorded.size());  // 0 repeated
  EXPECT_EQ(ok, recorded.size() - crashes - hangs);
  const db::Database database(session.request().database, db::Database::Mode::ReadOnly);
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
  std::cout << "soak: 300 evaluations, " << crashes << " crashes and " << hangs << " hangs injected, "
            << summary.worker->prepared << " workers, " << summary.wall_seconds << " s\n";
  fs::remove_all(directory);
}

}  // namespace
}  // namespace gemmtune::testing
