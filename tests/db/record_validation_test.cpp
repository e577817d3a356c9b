// The validation of evaluations as imported or stored: each field's range, one line naming it.
#include <gtest/gtest.h>

#include <limits>

#include "core/kernel_config.hpp"
#include "db/record_validation.hpp"
#include "db_test_support.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;

StoredEvaluation sound() {
  StoredEvaluation s;
  s.device = sample_device();
  s.kernel_name = "xgemm";
  s.kernel_hash = "0123456789abcdef";
  s.problem = sample_problem();
  s.evaluation = sample_evaluation(64, 64, 1e-3);
  s.evaluation.recorded_at = "2026-11-22T10:00:00.123Z";
  s.session = StoredSession{{"gemmtune tune", "random", "0.1.0", 1, 10, 2.5}, "u1", "2026-11-22T10:00:00.000Z", ""};
  return s;
}

// The problem found after `change`, which must name `fragment`.
template <typename Change>
void expect_refused(Change change, const std::string& fragment) {
  StoredEvaluation s = sound();
  change(s);
  const auto problem = invalid_evaluation(s, config_key(s.evaluation.config));
  ASSERT_TRUE(problem.has_value()) << "accepted; expected " << fragment;
  EXPECT_NE(problem->find(fragment), std::string::npos) << *problem;
  EXPECT_EQ(problem->find('\n'), std::string::npos) << *problem;
}

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr double infinity = std::numeric_limits<double>::infinity();

TEST(RecordValidation, ASoundEvaluationPasses) {
  const StoredEvaluation s = sound();
  EXPECT_EQ(invalid_evaluation(s, config_key(s.evaluation.config)), std::nullopt);
  StoredEvaluation failed = s;
  failed.evaluation = sample_evaluation(1, 1, 0, "compile_error");
  failed.session.reset();
  EXPECT_EQ(invalid_evaluation(failed, config_key(failed.evaluation.config)), std::nullopt);
}

TEST(RecordValidation, OkResultsArePositiveAndFinite) {
  expect_refused([](StoredEvaluation& s) { s.evaluation.gflops = -5; }, "gflops: -5 is not a positive finite number");
  expect_refused([](StoredEvaluation& s) { s.evaluation.gflops = 0; }, "gflops: 0");
  expect_refused([](StoredEvaluation& s) { s.evaluation.median_seconds = nan; }, "median_seconds: nan");
  expect_refused([](StoredEvaluation& s) { s.evaluation.min_seconds = -infinity; }, "min_seconds: -inf");
  expect_refused([](StoredEvaluation& s) { s.evaluation.spread = infinity; }, "spread: inf");
  expect_refused([](StoredEvaluation& s) { s.evaluation.compile_seconds = -1; }, "compile_seconds: -1");
  expect_refused([](StoredEvaluation& s) { s.evaluation.runs = 0; }, "runs: 0 for status ok");
  expect_refused([](StoredEvaluation& s) { s.evaluation.min_seconds = 2 * s.evaluation.median_seconds; },
                 "min_seconds: 0.002 exceeds median_seconds 0.001");
  expect_refused([](StoredEvaluation& s) { s.evaluation.status = "meh"; }, "status: 'meh' is not one of ok");
  expect_refused([](StoredEvaluation& s) { s.evaluation.recorded_at = "yesterday"; }, "recorded_at: 'yesterday'");
}

TEST(RecordValidation, FailuresHaveNoNegativeOrNonFiniteTimes) {
  expect_refused([](StoredEvaluation& s) { s.evaluation = sample_evaluation(1, 1, 0, "timeout"); s.evaluation.gflops = -1; },
                 "gflops: -1 is not a finite number of at least 0");
  expect_refused([](StoredEvaluation& s) { s.evaluation = sample_evaluation(1, 1, 0, "timeout"); s.evaluation.runs = -2; },
                 "runs: -2");
}

TEST(RecordValidation, ProblemFields) {
  expect_refused([](StoredEvaluation& s) { s.problem.m = 0; }, "m: 0 is not a size");
  expect_refused([](StoredEvaluation& s) { s.problem.k = -3; }, "k: -3");
  expect_refused([](StoredEvaluation& s) { s.problem.trans = "XY"; }, "trans: 'XY' is not NN, NT, TN or TT");
  expect_refused([](StoredEvaluation& s) { s.problem.layout = "diagonal"; }, "layout: 'diagonal'");
  expect_refused([](StoredEvaluation& s) { s.problem.precision = "fp8"; }, "precision: 'fp8' is not one of fp");
  expect_refused([](StoredEvaluation& s) { s.problem.precision = "32"; }, "precision: '32'");  // read, never stored
}

TEST(RecordValidation, ConfigurationAndItsKey) {
  StoredEvaluation s = sound();
  EXPECT_NE(invalid_evaluation(s, "KWG=16,MWG=64"), std::nullopt);
  const auto mismatch = invalid_config(s.evaluation.config, "TSM=1");
  ASSERT_TRUE(mismatch.has_value());
  EXPECT_EQ(*mismatch, "config_key: 'TSM=1' is not the key of config (KWG=16,MWG=64,NWG=64)");
  expect_refused([](StoredEvaluation& s) { s.evaluation.config["TS M"] = 1; }, "config: 'TS M' is not a parameter name");
  expect_refused([](StoredEvaluation& s) { s.evaluation.config["A=1,B"] = 1; }, "is not a parameter name");
  expect_refused([](StoredEvaluation& s) { s.evaluation.config[""] = 1; }, "config: '' is not a parameter name");
}

TEST(RecordValidation, DeviceKernelAndSession) {
  expect_refused([](StoredEvaluation& s) { s.device.type = "toaster"; }, "device type: 'toaster'");
  expect_refused([](StoredEvaluation& s) { s.device.compute_units = 0; }, "device compute_units");
  expect_refused([](StoredEvaluation& s) { s.device.global_mem_bytes = ~0ull; }, "device global_mem_bytes");
  expect_refused([](StoredEvaluation& s) { s.kernel_name.clear(); }, "kernel: empty");
  expect_refused([](StoredEvaluation& s) { s.session->uid.clear(); }, "session uid: empty");
  expect_refused([](StoredEvaluation& s) { s.session->record.time_limit = nan; }, "session time_limit: nan");
}

TEST(RecordValidation, BestAsTheDispatcherReadsIt) {
  TunedBest best;
  best.problem = sample_problem();
  best.config = {{"TSM", 64}};
  best.config_key = "TSM=64";
  best.runs = 3;
  best.min_seconds = best.median_seconds = 1e-3;
  best.gflops = 268;
  EXPECT_EQ(invalid_best(best), std::nullopt);
  best.gflops = -268;
  EXPECT_EQ(invalid_best(best), "gflops: -268 is not a positive finite number");
  best.gflops = 268;
  best.config_key = "TSM=32";
  EXPECT_NE(invalid_best(best), std::nullopt);
}

}  // namespace
}  // namespace gemmtune::db
