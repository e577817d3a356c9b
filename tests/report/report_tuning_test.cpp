// The data `gemmtune report` gathers from a database's evaluations: histories, spreads, failures, coverage.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "tuner/report_tuning.hpp"

namespace gemmtune::report {
namespace {

namespace json = boost::json;

db::StoredSession session(const std::string& uid, const std::string& strategy, const std::string& started) {
  db::StoredSession stored;
  stored.uid = uid;
  stored.record.strategy = strategy;
  stored.record.seed = 7;
  stored.started_at = started;
  return stored;
}

db::StoredEvaluation evaluation(const std::optional<db::StoredSession>& in, double gflops, const std::string& recorded,
                                db::KernelConfig config, const std::string& status = "ok", std::int64_t m = 64) {
  db::StoredEvaluation stored;
  stored.device.name = "Test GPU";
  stored.device.key = "Acme|Test GPU|8cu|p|1|c";
  stored.kernel_name = "xgemm";
  stored.kernel_hash = "0123456789abcdef";
  stored.problem.m = m;
  stored.problem.n = 32;
  stored.problem.k = 16;
  stored.session = in;
  stored.evaluation.config = std::move(config);
  stored.evaluation.status = status;
  stored.evaluation.gflops = status == "ok" ? gflops : 0;
  stored.evaluation.recorded_at = recorded;
  return stored;
}

double number(const json::value& value) { return value.to_number<double>(); }

TEST(ReportTuning, ReadsTheDatabasesTimes) {
  EXPECT_DOUBLE_EQ(*seconds_since_epoch("2024-05-01T12:00:00.125Z"), 1714564800.125);
  EXPECT_DOUBLE_EQ(*seconds_since_epoch("1970-01-01T00:01:00Z"), 60.0);
  for (const char* text : {"", "2024-05-01", "2024-05-01T12:00:00", "2024-05-01T12:00:00.1", "2024-05-01 12:00:00Z",
                           "2024-05-01T12:00:00.1Zx"})
    EXPECT_FALSE(seconds_since_epoch(text)) << text;
}

TEST(ReportTuning, SpreadInterpolatesTheQuartiles) {
  const Spread five = spread_of({5, 1, 4, 2, 3});
  EXPECT_EQ(five.min, 1);
  EXPECT_EQ(five.first_quartile, 2);
  EXPECT_EQ(five.median, 3);
  EXPECT_EQ(five.third_quartile, 4);
  EXPECT_EQ(five.max, 5);
  const Spread two = spread_of({10, 20});
  EXPECT_DOUBLE_EQ(two.first_quartile, 12.5);
  EXPECT_DOUBLE_EQ(two.median, 15);
  const Spread one = spread_of({7});
  EXPECT_EQ(one.min, 7);
  EXPECT_EQ(one.max, 7);
}

TEST(ReportTuning, BestSoFarPerSessionCountsFailuresAndTime) {
  const auto a = session("a", "random", "2024-05-01T12:00:00.000Z");
  const auto b = session("b", "genetic", "2024-05-01T13:00:00.000Z");
  const std::vector<db::StoredEvaluation> evaluations{
      evaluation(a, 0, "2024-05-01T12:00:01.000Z", {{"TSM", 16}}, "compile_error"),
      evaluation(a, 10, "2024-05-01T12:00:02.000Z", {{"TSM", 16}, {"TSN", 8}}),
      evaluation(b, 30, "2024-05-01T13:00:05.000Z", {{"TSM", 32}, {"TSN", 8}}),
      evaluation(a, 0, "2024-05-01T12:00:03.000Z", {{"TSM", 64}}, "crashed"),
      evaluation(a, 5, "2024-05-01T12:00:04.000Z", {{"TSM", 16}, {"TSN", 8}}),
      evaluation(a, 20, "2024-05-01T12:00:05.000Z", {{"TSM", 32}, {"TSN", 8}}),
      evaluation(a, 15, "2024-05-01T12:00:06.500Z", {{"TSM", 32}, {"TSN", 8}}),
  };
  const json::array histories = problem_histories(evaluations);
  ASSERT_EQ(histories.size(), 1u);
  const auto& history = histories[0].as_object();
  EXPECT_EQ(history.at("evaluations").as_int64(), 7);
  EXPECT_EQ(history.at("ok").as_int64(), 5);
  EXPECT_EQ(number(history.at("best_gflops")), 30);
  const auto& series = history.at("series").as_array();
  ASSERT_EQ(series.size(), 2u);
  const auto& first = series[0].as_object();
  EXPECT_EQ(first.at("label").as_string(), "session 1: random seed 7, 2024-05-01T12:00");
  EXPECT_EQ(first.at("evaluations").as_int64(), 6);
  EXPECT_EQ(first.at("failed").as_int64(), 2);
  // Rises at the 2nd and 5th evaluation, then held to the 6th (the first, a failure, has no best yet).
  const auto& points = first.at("points").as_array();
  ASSERT_EQ(points.size(), 3u);
  const std::vector<std::tuple<int, double, double>> expected{{2, 2.0, 10}, {5, 5.0, 20}, {6, 6.5, 20}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& point = points[i].as_object();
    EXPECT_EQ(point.at("evaluation").as_int64(), std::get<0>(expected[i])) << i;
    EXPECT_DOUBLE_EQ(number(point.at("seconds")), std::get<1>(expected[i])) << i;
    EXPECT_DOUBLE_EQ(number(point.at("gflops")), std::get<2>(expected[i])) << i;
  }
  EXPECT_EQ(series[1].at("label").as_string(), "session 2: genetic seed 7, 2024-05-01T13:00");
  EXPECT_EQ(series[1].at("points").as_array().size(), 1u);

  // TSM took 16 and 32 among the ok evaluations; TSN only 8, which shows no effect.
  const auto& parameters = history.at("parameters").as_array();
  ASSERT_EQ(parameters.size(), 1u);
  EXPECT_EQ(parameters[0].at("name").as_string(), "TSM");
  const auto& values = parameters[0].at("values").as_array();
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0].at("value").as_int64(), 16);
  EXPECT_EQ(values[0].at("count").as_uint64(), 2u);
  EXPECT_DOUBLE_EQ(number(values[0].at("median")), 7.5);
  EXPECT_EQ(values[1].at("value").as_int64(), 32);
  EXPECT_DOUBLE_EQ(number(values[1].at("max")), 30);
}

TEST(ReportTuning, ProblemsAreApartAndSorted) {
  const auto a = session("a", "random", "2024-05-01T12:00:00.000Z");
  const std::vector<db::StoredEvaluation> evaluations{
      evaluation(a, 10, "2024-05-01T12:00:01.000Z", {{"TSM", 16}}, "ok", 128),
      evaluation(std::nullopt, 20, "2024-05-01T12:00:02.000Z", {{"TSM", 16}}, "ok", 64),
      evaluation(std::nullopt, 25, "2024-05-01T12:00:04.000Z", {{"TSM", 32}}, "ok", 64),
  };
  const json::array histories = problem_histories(evaluations);
  ASSERT_EQ(histories.size(), 2u);
  EXPECT_EQ(histories[0].at("m").as_int64(), 64);
  EXPECT_EQ(histories[0].at("label").as_string(), "Test GPU · xgemm · 64x32x16 NN row fp32");
  // Without a session, time runs from the first evaluation.
  const auto& imported = histories[0].at("series").as_array()[0].as_object();
  EXPECT_EQ(imported.at("label").as_string(), "no session (imported)");
  EXPECT_DOUBLE_EQ(number(imported.at("points").as_array()[1].at("seconds")), 2.0);
  EXPECT_EQ(histories[1].at("m").as_int64(), 128);
}

TEST(ReportTuning, FailuresByKernelAndStatusInTheSchemasOrder) {
  auto other = evaluation(std::nullopt, 0, "", {{"TSM", 16}}, "timeout");
  other.kernel_name = "xgemm_skinny";
  const std::vector<db::StoredEvaluation> evaluations{
      evaluation(std::nullopt, 0, "", {{"TSM", 16}}, "crashed"), evaluation(std::nullopt, 0, "", {{"TSM", 32}}, "compile_error"),
      evaluation(std::nullopt, 0, "", {{"TSM", 64}}, "crashed"), evaluation(std::nullopt, 5, "", {{"TSM", 8}}), other};
  const json::object failures = failure_counts(evaluations);
  EXPECT_EQ(failures.at("total").as_uint64(), 5u);
  EXPECT_EQ(failures.at("failed").as_int64(), 4);
  EXPECT_EQ(json::serialize(failures.at("statuses")), R"(["compile_error","timeout","crashed"])");
  EXPECT_EQ(json::serialize(failures.at("kernels")),
            R"([{"kernel":"xgemm","counts":[1,0,2]},{"kernel":"xgemm_skinny","counts":[0,1,0]}])");
  EXPECT_EQ(failure_counts({}).at("statuses").as_array().size(), 0u);
}

TEST(ReportTuning, CoverageTellsTunedFromMeasuredAndFailed) {
  const auto a = session("a", "random", "2024-05-01T12:00:00.000Z");
  const std::vector<db::StoredEvaluation> evaluations{
      evaluation(a, 0, "", {{"TSM", 16}}, "crashed", 10), evaluation(a, 5, "", {{"TSM", 32}}, "ok", 10),
      evaluation(std::nullopt, 5, "", {{"TSM", 16}}, "ok", 20), evaluation(a, 0, "", {{"TSM", 16}}, "timeout", 30)};
  const json::array points = database_coverage(evaluations);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].at("kind").as_string(), "tuned");
  EXPECT_EQ(points[1].at("kind").as_string(), "measured");
  EXPECT_EQ(points[2].at("kind").as_string(), "failed");
  EXPECT_EQ(points[2].at("origin").as_string(), "database");
}

TEST(ReportTuning, CoverageGapsAreTheStandardShapesATunedDeviceLacks) {
  const auto a = session("a", "random", "2024-05-01T12:00:00.000Z");
  auto on_other_device = evaluation(std::nullopt, 5, "", {{"TSM", 16}}, "ok", 10);  // measured, never tuned
  on_other_device.device.key = "other";
  const std::vector<db::StoredEvaluation> evaluations{
      evaluation(a, 5, "", {{"TSM", 16}}, "ok", 10), evaluation(a, 0, "", {{"TSM", 16}}, "crashed", 20),
      on_other_device};
  std::vector<db::ProblemRecord> standard(3);
  for (std::size_t i = 0; i < standard.size(); ++i) {
    standard[i].m = 10 * static_cast<std::int64_t>(i + 1);
    standard[i].n = 32;
    standard[i].k = 16;
  }
  standard[2].trans = "TN";
  const json::array points = coverage_gaps(evaluations, standard);
  // 10x32x16 is tuned and 20x32x16 measured (failed) on the tuned device; the other device has no session.
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].at("m").as_int64(), 30);
  EXPECT_EQ(points[0].at("trans").as_string(), "TN");
  EXPECT_EQ(points[0].at("kind").as_string(), "predicted");
  EXPECT_EQ(points[0].at("origin").as_string(), "coverage set");
}

}  // namespace
}  // namespace gemmtune::report
