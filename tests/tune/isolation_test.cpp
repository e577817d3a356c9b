// Isolated evaluations: each injected fault (abort, segfault, SIGKILL, exit, hang, hung compile)
// costs one candidate with its own status, the session finishes its budget, and nothing is lost
// or measured twice, also across a resume.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/kernel_config.hpp"
#include "db/records.hpp"
#include "search/measurement.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/tune/isolation_support.hpp"
#include "tuner/fault_injection.hpp"
#include "tuner/isolated_evaluator.hpp"
#include "tuner/worker_protocol.hpp"

namespace gemmtune::testing {
namespace {

class Isolation : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory temporary;
  const fs::path& directory = temporary.path();
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(FaultPlan, ChosenCandidatesAndARandomFractionThatRepeats) {
  const FaultPlan plan("abort@2,hang@5,compile_hang@7");
  EXPECT_EQ(plan.at(1), Fault::none);
  EXPECT_EQ(plan.at(2), Fault::abort);
  EXPECT_EQ(plan.at(5), Fault::hang);
  EXPECT_EQ(plan.at(7), Fault::compile_hang);
  const FaultPlan random("random:0.1:42"), again("random:0.1:42"), other("random:0.1:43");
  std::map<Fault, int> kinds;
  int differ = 0;
  for (std::uint64_t ordinal = 1; ordinal <= 10000; ++ordinal) {
    kinds[random.at(ordinal)]++;
    EXPECT_EQ(random.at(ordinal), again.at(ordinal));
    differ += random.at(ordinal) != other.at(ordinal);
  }
  EXPECT_NEAR(10000 - kinds[Fault::none], 1000, 100);
  for (const Fault kind : {Fault::abort, Fault::segv, Fault::kill, Fault::exit, Fault::hang}) EXPECT_GT(kinds[kind], 150);
  EXPECT_EQ(kinds[Fault::compile_hang], 0);
  EXPECT_GT(differ, 100);
}

TEST(FaultPlan, AMalformedItemIsNamed) {
  for (const std::string bad : {"abort", "explode@3", "abort@x", "random:2:1", "random:0.1"}) {
    try {
      FaultPlan plan(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const ConfigError& error) {
      EXPECT_TRUE(contains(error.what(), "GEMMTUNE_TEST_FAULTS")) << error.what();
    }
  }
}

TEST(WorkerProtocol, MessagesSurviveTheirLine) {
  WorkerSetup setup{"{}", "plain.json", {"plain", "text\nwith \"quotes\"", "hash"}, 3, true, "key|x", {}, Precision::Double, {}};
  setup.problem = dense_gemm_arguments(Layout::ColMajor, Transpose::Yes, Transpose::No, 5, 6, 7);
  setup.options.compile_threads = 4;
  const WorkerSetup read = decode_setup(encode(setup));
  EXPECT_EQ(read.family_source.text, setup.family_source.text);
  EXPECT_EQ(read.device_index, 3u);
  EXPECT_TRUE(read.compiles_at_first_launch);
  EXPECT_EQ(read.problem.layout, Layout::ColMajor);
  EXPECT_EQ(read.problem.trans_a, Transpose::Yes);
  EXPECT_EQ(read.problem.lda, setup.problem.lda);
  EXPECT_EQ(read.precision, Precision::Double);
  EXPECT_EQ(read.options.compile_threads, std::optional<std::size_t>(4));

  WorkerRequest request;
  request.ordinal = 9;
  request.config = {{"TSM", 64}};
  request.hints = {{{"TSM", 32}}, {{"TSM", 16}}};
  const WorkerRequest back = decode_request(encode(request));
  EXPECT_EQ(back.config, request.config);
  EXPECT_EQ(back.hints, request.hints);
  EXPECT_FALSE(back.best_seconds.has_value());

  WorkerReply reply;
  reply.kind = WorkerReply::Kind::outcome;
  reply.outcome.status = search::Status::wrong_result;
  reply.outcome.error = "C(1, 2) = 3";
  reply.ends = true;
  const WorkerReply replied = decode_reply(encode(reply));
  EXPECT_EQ(replied.outcome.status, search::Status::wrong_result);
  EXPECT_EQ(replied.outcome.error, reply.outcome.error);
  EXPECT_TRUE(replied.ends);
  try {
    decode_reply("{\"reply\":\"outcome\",\"seconds\":1}");
    ADD_FAILURE() << "an outcome without its outcome was accepted";
  } catch (const Error& error) {
    EXPECT_TRUE(contains(error.what(), "malformed reply from the evaluation worker")) << error.what();
  }
}

// The database and the strategies know the same statuses, crashed among them.
TEST(WorkerProtocol, TheDatabaseKnowsEveryStatus) {
  EXPECT_EQ(db::known_statuses().size(), 7u);
  for (const auto& status : db::known_statuses()) EXPECT_EQ(search::to_string(search::status_from_string(status)), status);
}

TEST_F(Isolation, EachFaultCostsOneCandidateWithItsStatus) {
  IsolatedSession session(directory, "abort@2,segv@3,kill@4,exit@5,hang@6,compile_hang@7", 10);
  const TuningSummary summary = session.run();
  EXPECT_EQ(summary.evaluations, 10u);
  EXPECT_EQ(summary.crashed, 4u);
  EXPECT_EQ(summary.timed_out, 2u);
  ASSERT_TRUE(summary.worker.has_value());
  EXPECT_EQ(summary.worker->prepared, 7u);  // the first, and one after each fault
  EXPECT_EQ(summary.worker->retried, 0u);  // nothing is compiled ahead on a CPU device
  const auto recorded = session.recorded();
  ASSERT_EQ(recorded.size(), 11u);  // the defaults, then the budget
  const std::map<std::size_t, std::pair<std::string, std::string>> expected{
      {2, {"crashed", "killed by signal 6"}},  {3, {"crashed", "killed by signal 11"}},
      {4, {"crashed", "killed by signal 9"}},  {5, {"crashed", "exited with status 3"}},
      {6, {"timeout", "its first call took"}}, {7, {"timeout", "building it took longer than 4 s"}}};
  std::set<std::string> keys;
  for (std::size_t ordinal = 1; ordinal <= recorded.size(); ++ordinal) {
    const auto& evaluation = recorded[ordinal - 1].evaluation;
    keys.insert(config_key(evaluation.config));
    if (const auto fault = expected.find(ordinal); fault != expected.end()) {
      EXPECT_EQ(evaluation.status, fault->second.first) << ordinal;
      EXPECT_TRUE(contains(evaluation.error, fault->second.second)) << ordinal << ": " << evaluation.error;
    } else {
      EXPECT_EQ(evaluation.status, "ok") << ordinal << ": " << evaluation.error;
    }
  }
  EXPECT_EQ(keys.size(), recorded.size());
  const db::Database database(session.request().database, db::Database::Mode::ReadOnly);
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
  EXPECT_TRUE(database.schema_problems().empty());
}

// While a worker compiles hinted candidates ahead, a crash might be theirs: the candidate is run
// again alone in a fresh worker, and recorded as crashed only when it crashes there too.
TEST_F(Isolation, ACrashWhileCompilingAheadIsRetriedAlone) {
  IsolatedSession session(directory, "abort@3", 6);
  session.request().strategy = "grid";  // it names its next candidates: they are compiled ahead
  session.request().evaluator.compile_threads = 1;
  const TuningSummary summary = session.run();
  EXPECT_EQ(summary.evaluations, 6u);
  EXPECT_EQ(summary.crashed, 1u);
  ASSERT_TRUE(summary.worker.has_value());
  EXPECT_EQ(summary.worker->retried, 1u);
  EXPECT_EQ(summary.worker->prepared, 3u);  // the first, the one alone, the one after it
  const auto recorded = session.recorded();
  ASSERT_EQ(recorded.size(), summary.measured);  // the grid's first is the defaults, replayed
  ASSERT_GE(recorded.size(), 6u);
  for (std::size_t i = 0; i < recorded.size(); ++i)
    EXPECT_EQ(recorded[i].evaluation.status, i == 2 ? "crashed" : "ok") << i << ": " << recorded[i].evaluation.error;
}

// A first call past its limit while hinted candidates were being built may have waited for those
// builds: it is run again alone, and recorded as a timeout only when it overruns there too.
TEST_F(Isolation, AFirstCallThatOverranWhileCompilingAheadIsRetriedAlone) {
  IsolatedSession session(directory, "hang@3", 5);
  session.request().strategy = "grid";
  session.request().evaluator.compile_threads = 1;
  const TuningSummary summary = session.run();
  EXPECT_EQ(summary.evaluations, 5u);
  EXPECT_EQ(summary.timed_out, 1u);
  ASSERT_TRUE(summary.worker.has_value());
  EXPECT_EQ(summary.worker->retried, 1u);
  EXPECT_EQ(summary.worker->prepared, 3u);  // the first, the one alone, the one after it
  const auto recorded = session.recorded();
  ASSERT_GE(recorded.size(), 5u);
  for (std::size_t i = 0; i < recorded.size(); ++i)
    EXPECT_EQ(recorded[i].evaluation.status, i == 2 ? "timeout" : "ok") << i << ": " << recorded[i].evaluation.error;
  EXPECT_TRUE(contains(recorded[2].evaluation.error, "its first call took")) << recorded[2].evaluation.error;
}

TEST_F(Isolation, ACandidateThatCrashedIsNotRunAgainOnResume) {
  {
    IsolatedSession session(directory, "abort@2", 4);
    EXPECT_EQ(session.run().crashed, 1u);
  }
  IsolatedSession session(directory, "abort@1,abort@2,abort@3", 6);  // would strike anything run again
  const TuningSummary summary = session.run();
  EXPECT_EQ(summary.evaluations, 6u);
  EXPECT_EQ(summary.replayed, 4u);  // the same seed proposes the same four first, the crash among them
  EXPECT_EQ(summary.measured, 2u);
  const auto recorded = session.recorded();
  ASSERT_EQ(recorded.size(), 7u);
  EXPECT_EQ(recorded[1].evaluation.status, "crashed");
  // The resumed session's first two candidates are struck: they are new ones, not the old crash.
  EXPECT_EQ(recorded[5].evaluation.status, "crashed");
  EXPECT_EQ(recorded[6].evaluation.status, "crashed");
  EXPECT_NE(recorded[5].session->uid, recorded[1].session->uid);
}

TEST_F(Isolation, AWorkerThatCannotPrepareIsOneErrorBeforeAnythingIsRecorded) {
  IsolatedSession session(directory, "", 4);
  session.request().device.fingerprint.driver_version = "another driver";
  try {
    session.run();
    ADD_FAILURE() << "a worker on another device was accepted";
  } catch (const Error& error) {
    EXPECT_TRUE(contains(error.what(), "the evaluation worker cannot prepare the problem: device 0 is")) << error.what();
  }
}

}  // namespace
}  // namespace gemmtune::testing
