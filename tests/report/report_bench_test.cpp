// Reading `gemmtune bench --json` files for `gemmtune report`, and gemmtune's ratio over each peer.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cmath>

#include "gemmtune/error.hpp"
#include "tuner/report_bench.hpp"

namespace gemmtune::report {
namespace {

namespace json = boost::json;

std::string result(const std::string& shape_fields, const std::string& peer, double seconds, bool ok = true,
                   const std::string& extra = "") {
  return "{" + shape_fields + R"(, "peer": ")" + peer + R"(", "seconds": )" + std::to_string(seconds) +
         R"(, "tflops": 1, "ok": )" + (ok ? "true" : "false") + extra + "}";
}

const std::string square = R"("m": 1024, "n": 1024, "k": 1024, "trans": "NN", "class": "square")";
const std::string skinny = R"("m": 4096, "n": 16, "k": 4096, "trans": "NT", "class": "skinny")";

std::string file(const std::vector<std::string>& results) {
  std::string text = R"({"device": {"name": "Test GPU", "driver_version": "1.0"}, "date": "2026-11-23T04:12:46Z",
                        "commit": "abc", "results": [)";
  for (std::size_t i = 0; i < results.size(); ++i) text += (i ? "," : "") + results[i];
  return text + "]}";
}

std::string refusal(const std::string& text) {
  try {
    parse_bench(text, "b.json");
  } catch (const InvalidArgument& error) {
    return error.what();
  }
  return "accepted";
}

TEST(ReportBench, ReadsAFileOfBenchJson) {
  const BenchRun run = parse_bench(file({result(square, "gemmtune", 0.002, true, R"(, "config_source": "exact")"),
                                         result(R"("m": 2, "n": 300, "k": 40, "trans": "TT")", "cublas", 0.001)}),
                                   "b.json");
  EXPECT_EQ(run.source, "b.json");
  EXPECT_EQ(run.device, "Test GPU (driver 1.0)");
  EXPECT_EQ(run.commit, "abc");
  ASSERT_EQ(run.results.size(), 2u);
  EXPECT_EQ(run.results[0].config_source, "exact");
  EXPECT_EQ(run.results[0].problem_class, "square");
  EXPECT_EQ(run.results[1].problem_class, "gemv");  // a file without classes: the shape's class
  EXPECT_EQ(run.timing, "per-call");  // a file from before --timing: every call was timed alone
  EXPECT_EQ(bench_comparison(run).at("timing").as_string(), "per-call");
}

// The comparison says how its calls were timed: streams and single calls differ for short calls.
TEST(ReportBench, SaysHowTheCallsWereTimed) {
  std::string text = file({result(square, "gemmtune", 0.002), result(square, "cublas", 0.001)});
  text.insert(1, R"("timing": "stream", )");
  const BenchRun run = parse_bench(text, "b.json");
  EXPECT_EQ(run.timing, "stream");
  EXPECT_EQ(bench_comparison(run).at("timing").as_string(), "stream");
  std::string unknown = file({});
  unknown.insert(1, R"("timing": "burst", )");
  EXPECT_EQ(refusal(unknown), R"(b.json: timing: not "per-call" or "stream")");
  std::string not_text = file({});
  not_text.insert(1, R"("timing": 3, )");
  EXPECT_EQ(refusal(not_text), R"(b.json: timing: not "per-call" or "stream")");
}

TEST(ReportBench, RefusesWhatIsNotBenchJsonNamingTheResultAndField) {
  EXPECT_EQ(refusal("{"), "b.json: not JSON: incomplete JSON");
  EXPECT_EQ(refusal("[]"), R"(b.json: not a file of gemmtune bench --json (no "results" array))");
  EXPECT_EQ(refusal(file({result(square, "gemmtune", 1), R"({"n": 1})"})), "b.json: result 1: m: missing");
  EXPECT_EQ(refusal(file({result(R"("m": 0, "n": 1, "k": 1, "trans": "NN")", "x", 1)})),
            "b.json: result 0: m: 0 is not at least 1");
  EXPECT_EQ(refusal(file({result(R"("m": 1.5, "n": 1, "k": 1, "trans": "NN")", "x", 1)})),
            "b.json: result 0: m: not a whole number");
  EXPECT_EQ(refusal(file({result(R"("m": 1, "n": 1, "k": 1, "trans": "XY")", "x", 1)})),
            "b.json: result 0: trans: 'XY' is not NN, NT, TN or TT");
  EXPECT_EQ(refusal(file({result(square, "gemmtune", 0)})),
            "b.json: result 0: seconds: not a positive finite number for a result that is ok");
  EXPECT_EQ(refusal(file({result(square, "", 1)})), "b.json: result 0: peer: empty");
  EXPECT_EQ(refusal(file({"3"})), "b.json: result 0: not a JSON object");
  EXPECT_EQ(refusal(file({})), "accepted");
  EXPECT_EQ(refusal(file({result(square, "clblast", 0, false)})), "accepted");  // a failure has no time
}

TEST(ReportBench, RatioIsGemmtunesSpeedOverThePeersPerShapeAndClass) {
  const BenchRun run = parse_bench(
      file({result(square, "gemmtune", 0.002), result(square, "cublas", 0.001), result(square, "clblast", 0.008),
            result(skinny, "gemmtune", 0.004), result(skinny, "cublas", 0.002), result(skinny, "clblast", 1, false),
            result(R"("m": 8, "n": 8, "k": 8000, "trans": "TN", "class": "deep-k")", "gemmtune", 1, false),
            result(R"("m": 8, "n": 8, "k": 8000, "trans": "TN", "class": "deep-k")", "cublas", 0.5)}),
      "b.json");
  const json::object comparison = bench_comparison(run);
  EXPECT_EQ(json::serialize(comparison.at("peers")), R"(["cublas","clblast"])");
  const auto& shapes = comparison.at("shapes").as_array();
  ASSERT_EQ(shapes.size(), 3u);
  const auto& first = shapes[0].as_object();
  EXPECT_DOUBLE_EQ(first.at("peers").at("cublas").at("ratio").as_double(), 0.5);
  EXPECT_DOUBLE_EQ(first.at("peers").at("clblast").at("ratio").as_double(), 4.0);
  EXPECT_NEAR(first.at("gemmtune_tflops").as_double(), 2.0 * 1024 * 1024 * 1024 / 0.002 / 1e12, 1e-9);
  EXPECT_FALSE(shapes[1].at("peers").at("clblast").as_object().contains("ratio"));  // the peer failed
  EXPECT_FALSE(shapes[1].at("peers").at("clblast").as_object().contains("tflops"));
  EXPECT_FALSE(shapes[2].as_object().contains("gemmtune_tflops"));  // gemmtune failed: nothing compared
  EXPECT_FALSE(shapes[2].at("peers").at("cublas").as_object().contains("ratio"));

  const auto& classes = comparison.at("classes").as_array();
  std::vector<std::string> names;
  for (const auto& entry : classes) names.emplace_back(entry.at("class").as_string());
  EXPECT_EQ(names, (std::vector<std::string>{"deep-k", "skinny", "square", "all"}));
  EXPECT_EQ(classes[0].at("problems").as_int64(), 1);
  EXPECT_TRUE(classes[0].at("peers").as_object().empty());
  const auto& all = classes[3].at("peers").as_object();
  EXPECT_EQ(all.at("cublas").at("compared").as_uint64(), 2u);
  EXPECT_DOUBLE_EQ(all.at("cublas").at("geomean").as_double(), 0.5);
  EXPECT_EQ(all.at("cublas").at("slower").as_int64(), 2);
  EXPECT_DOUBLE_EQ(all.at("clblast").at("geomean").as_double(), 4.0);
  EXPECT_EQ(all.at("clblast").at("slower").as_int64(), 0);
}

TEST(ReportBench, CoverageFollowsHowTheDispatcherChose) {
  const BenchRun run = parse_bench(
      file({result(square, "gemmtune", 1, true, R"(, "config_source": "exact")"),
            result(skinny, "gemmtune", 1, true, R"(, "config_source": "nearest")"),
            result(R"("m": 3, "n": 3, "k": 3, "trans": "NN")", "gemmtune", 1, true, R"(, "config_source": "fallback")"),
            result(R"("m": 5, "n": 5, "k": 5, "trans": "NN")", "gemmtune", 1, true, R"(, "config_source": "default")"),
            result(square, "cublas", 1)}),
      "b.json");
  const json::array points = bench_coverage(run);
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[0].at("kind").as_string(), "tuned");
  EXPECT_EQ(points[1].at("kind").as_string(), "predicted");
  EXPECT_EQ(points[2].at("kind").as_string(), "predicted");
  EXPECT_EQ(points[3].at("kind").as_string(), "default");
  EXPECT_EQ(points[0].at("origin").as_string(), "b.json");
}

}  // namespace
}  // namespace gemmtune::report
