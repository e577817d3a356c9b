// Every failure of a candidate is a recorded value, never an abort: driven by a test-only family
// (tests/data/families/faulty.*) whose kernel fails to compile, computes wrong or is refused.
#include <gtest/gtest.h>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/tune/test_families.hpp"
#include "tuner/evaluator.hpp"
#include "tuner/tuning_session.hpp"

namespace gemmtune {
namespace {

namespace fs = std::filesystem;

const KernelFamily& faulty() {
  static const KernelFamily family = testing::test_family("faulty", "faulty.cl");
  return family;
}

class EvaluatorFailures : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1); }

  db::testing::TemporaryDirectory temporary;
  const fs::path& directory = temporary.path();
  DeviceEntry device = select_device("");
  GemmArguments problem = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 48, 40, 24);
};

TEST_F(EvaluatorFailures, EachFaultIsItsOwnStatusWithAMessage) {
  Evaluator evaluator(faulty(), device, problem, Precision::Single, {.timed_runs = 2, .compile_threads = 0});
  const auto outcome = [&](std::int64_t fault) { return evaluator.evaluate({{"FAULT", fault}}); };
  EXPECT_EQ(outcome(0).status, search::Status::ok);
  const auto compile = outcome(1);
  EXPECT_EQ(compile.status, search::Status::compile_error);
  EXPECT_NE(compile.error.find("compile error on purpose"), std::string::npos) << compile.error;
  const auto wrong = outcome(2);
  EXPECT_EQ(wrong.status, search::Status::wrong_result);
  EXPECT_NE(wrong.error.find("(24, 20)"), std::string::npos) << wrong.error;  // the element it names
  const auto refused = outcome(3);
  EXPECT_EQ(refused.status, search::Status::launch_error);
  EXPECT_NE(refused.error.find("CL_INVALID_WORK_GROUP_SIZE"), std::string::npos) << refused.error;
  const auto invalid = outcome(4);
  EXPECT_EQ(invalid.status, search::Status::invalid);
  EXPECT_NE(invalid.error.find("FAULT >= 0 && FAULT <= 3"), std::string::npos) << invalid.error;
  const auto unknown = evaluator.evaluate({{"NOPE", 1}});
  EXPECT_EQ(unknown.status, search::Status::invalid);
  // A correct candidate still runs after every failure.
  EXPECT_EQ(outcome(0).status, search::Status::ok);
}

// The reference, the device check and the host check's message at each precision: the plain
// kernel passes (at tf32 without rounding its operands to TF32, which the bound allows), a wrong
// element fails and is named.
TEST_F(EvaluatorFailures, AWrongResultFailsAtEveryPrecision) {
  const bool fp64 = limits_of(device.device).fp64;
  for (const Precision precision : faulty().precisions()) {
    if (precision == Precision::Double && !fp64) continue;
    Evaluator evaluator(faulty(), device, problem, precision, {.timed_runs = 1, .compile_threads = 0});
    EXPECT_EQ(evaluator.evaluate({{"FAULT", 0}}).status, search::Status::ok) << to_string(precision);
    const auto wrong = evaluator.evaluate({{"FAULT", 2}});
    EXPECT_EQ(wrong.status, search::Status::wrong_result) << to_string(precision);
    EXPECT_NE(wrong.error.find("C(24, 20) = "), std::string::npos) << to_string(precision) << ": " << wrong.error;
  }
}

TEST_F(EvaluatorFailures, ARunSlowerThanTheLimitIsATimeout) {
  Evaluator evaluator(faulty(), device, problem, Precision::Single, {.timeout_seconds = 0, .compile_threads = 0});
  const auto outcome = evaluator.evaluate({{"FAULT", 0}});
  EXPECT_EQ(outcome.status, search::Status::timeout);
  EXPECT_NE(outcome.error.find("one run took"), std::string::npos) << outcome.error;
}

// Through a whole session: every candidate of the family's space recorded once, with its status.
TEST_F(EvaluatorFailures, ASessionRecordsEveryFailureAndCarriesOn) {
  const search::ParameterSpace space = tuning_space(faulty(), device, Precision::Single, std::nullopt, std::nullopt);
  TuningRequest request;
  request.family = &faulty();
  request.space = &space;
  request.device = device;
  request.problem = problem;
  request.database = directory / "tuning.db";
  request.strategy = "grid";
  request.budget.evaluations = 10;
  request.evaluator.timed_runs = 2;
  request.evaluator.compile_threads = 0;
  const TuningSummary summary = tune_problem(request);
  EXPECT_EQ(summary.evaluations, 4u);  // FAULT 0 to 3: the rule leaves out 4
  EXPECT_EQ(summary.failed, 3u);
  std::map<std::string, std::string> statuses;
  for (const auto& stored : db::Database(request.database, db::Database::Mode::ReadOnly).all_evaluations())
    statuses[config_key(stored.evaluation.config)] = stored.evaluation.status;
  EXPECT_EQ(statuses, (std::map<std::string, std::string>{{"FAULT=0", "ok"},
                                                          {"FAULT=1", "compile_error"},
                                                          {"FAULT=2", "wrong_result"},
                                                          {"FAULT=3", "launch_error"}}));
}

}  // namespace
}  // namespace gemmtune
