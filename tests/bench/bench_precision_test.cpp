// `gemmtune bench --precision`: each precision's run and JSON, peers that do not serve one, an unknown one refused.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <algorithm>
#include <string>

#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

using db::testing::read_bytes;

struct BenchRun {
  ProcessResult process;
  boost::json::object json;
};

// One quick bench at `precision` beside `peers` (one odd-sized NT problem), with its JSON file read back.
BenchRun bench_at(const std::string& precision, const std::string& peers) {
  db::testing::TemporaryDirectory directory;
  const auto json_path = directory / "results.json";
  BenchRun run;
  run.process = run_gemmtune("bench --precision " + precision + " --sizes 33x17x45 --trans NT --peers " + peers +
                             " --repeat 1 --warm-up 0 --json '" + json_path.string() + "'");
  if (run.process.exit_code == 0) run.json = boost::json::parse(read_bytes(json_path)).as_object();
  return run;
}

const boost::json::object& peer_entry(const BenchRun& run, const std::string& peer) {
  return run.json.at("peers").as_object().at(peer).as_object();
}

std::size_t results_of(const BenchRun& run, const std::string& peer) {
  const auto& results = run.json.at("results").as_array();
  return std::count_if(results.begin(), results.end(),
                       [&](const boost::json::value& r) { return r.at("peer").as_string() == peer; });
}

// Every result at the run's precision, computed by its peer as `peer_precision`, and checked.
void expect_checked_results(const BenchRun& run, const std::string& precision) {
  for (const auto& value : run.json.at("results").as_array()) {
    const auto& r = value.as_object();
    EXPECT_EQ(r.at("precision").as_string(), precision) << boost::json::serialize(r);
    const std::string peer(r.at("peer").as_string());
    EXPECT_EQ(r.at("peer_precision"), peer_entry(run, peer).at("precision")) << boost::json::serialize(r);
    EXPECT_TRUE(r.at("ok").as_bool()) << boost::json::serialize(r);
    EXPECT_NE(std::string(r.at("checked").as_string()).find("host reference in double"), std::string::npos);
  }
}

TEST(BenchPrecision, Fp64AndFp32RunBesideOpenBlasAndClblastAndSayTheirPrecision) {
  for (const std::string precision : {"fp64", "fp32"}) {
    const BenchRun run = bench_at(precision, "clblast,openblas");
    ASSERT_EQ(run.process.exit_code, 0) << run.process.err << run.process.out;
    EXPECT_NE(run.process.out.find("precision " + precision + ": "), std::string::npos) << run.process.out;
    EXPECT_EQ(run.json.at("precision").as_string(), precision);
    for (const std::string peer : {"gemmtune", "openblas"}) {
      EXPECT_TRUE(peer_entry(run, peer).at("serves").as_bool()) << peer;
      EXPECT_EQ(peer_entry(run, peer).at("precision").as_string(), precision) << peer;
      EXPECT_EQ(results_of(run, peer), 1u) << peer;
    }
    EXPECT_EQ(peer_entry(run, "openblas").at("routine").as_string(),
              precision == "fp64" ? "cblas_dgemm" : "cblas_sgemm");
    // CLBlast where this build has it (and, for fp64, the device cl_khr_fp64).
    EXPECT_EQ(results_of(run, "clblast"), peer_entry(run, "clblast").at("serves").as_bool() ? 1u : 0u);
    expect_checked_results(run, precision);
  }
}

TEST(BenchPrecision, TheEarlierCodesNameTheSamePrecisions) {
  const BenchRun run = bench_at("64", "openblas");
  ASSERT_EQ(run.process.exit_code, 0) << run.process.err;
  EXPECT_EQ(run.json.at("precision").as_string(), "fp64");
}

// No peer but gemmtune has a TF32 GEMM here: they say so, and the run goes on without failing.
TEST(BenchPrecision, PeersThatDoNotServeAPrecisionSaySoAndTheRunSucceeds) {
  const BenchRun run = bench_at("tf32", "clblast,openblas");
  ASSERT_EQ(run.process.exit_code, 0) << run.process.err << run.process.out;
  EXPECT_EQ(run.json.at("precision").as_string(), "tf32");
  EXPECT_NE(run.process.out.find("does not serve tf32: OpenBLAS has no TF32 GEMM"), std::string::npos)
      << run.process.out;
  EXPECT_FALSE(peer_entry(run, "openblas").at("serves").as_bool());
  EXPECT_EQ(peer_entry(run, "openblas").at("reason").as_string(), "OpenBLAS has no TF32 GEMM");
  EXPECT_FALSE(peer_entry(run, "clblast").at("serves").as_bool());
  EXPECT_EQ(results_of(run, "openblas") + results_of(run, "clblast"), 0u);
  // gemmtune serves TF32 on every device (a portable kernel family runs it).
  EXPECT_TRUE(peer_entry(run, "gemmtune").at("serves").as_bool());
  EXPECT_EQ(peer_entry(run, "gemmtune").at("precision").as_string(), "tf32");
  EXPECT_EQ(results_of(run, "gemmtune"), 1u);
  expect_checked_results(run, "tf32");
}

// FP32-accurate 3xTF32 is measured against the peers' FP32 GEMMs, and the JSON says so.
TEST(BenchPrecision, PeersStandBeside3xTF32WithTheirFp32Gemm) {
  const BenchRun run = bench_at("3xtf32", "openblas");
  ASSERT_EQ(run.process.exit_code, 0) << run.process.err << run.process.out;
  EXPECT_EQ(run.json.at("precision").as_string(), "3xtf32");
  EXPECT_TRUE(peer_entry(run, "openblas").at("serves").as_bool());
  EXPECT_EQ(peer_entry(run, "openblas").at("precision").as_string(), "fp32");
  EXPECT_EQ(results_of(run, "openblas"), 1u);
  expect_checked_results(run, "3xtf32");
}

TEST(BenchPrecision, ClblastHgemmNeedsTheDevicesFp16Extension) {
  const BenchRun run = bench_at("fp16", "clblast");
  ASSERT_EQ(run.process.exit_code, 0) << run.process.err << run.process.out;
  EXPECT_EQ(results_of(run, "gemmtune"), 1u);  // on every device
  expect_checked_results(run, "fp16");
  const auto& clblast = peer_entry(run, "clblast");
  if (clblast.at("serves").as_bool()) {
    EXPECT_EQ(clblast.at("precision").as_string(), "fp16");
  } else {
    const std::string reason(clblast.at("reason").as_string());
    EXPECT_TRUE(reason.find("cl_khr_fp16") != std::string::npos || reason.find("no CLBlast") != std::string::npos)
        << reason;
  }
}

TEST(BenchPrecision, AnUnknownPrecisionExitsTwoWithOneLine) {
  const ProcessResult result = run_gemmtune("bench --sizes 64 --precision fp8 --peers openblas");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown precision 'fp8'"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.out, "") << "refused before any device was opened";
}

}  // namespace
}  // namespace gemmtune::testing
