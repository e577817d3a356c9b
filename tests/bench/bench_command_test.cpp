// `gemmtune bench` as a user runs it: small shapes on the default device, its JSON file, bad peers.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "tests/support/process.hpp"
#include "tuner/pocl_affinity.hpp"

namespace gemmtune::testing {
namespace {

boost::json::value read_json(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return boost::json::parse(text.str());
}

TEST(BenchCommand, SmallShapesWriteCheckedJson) {
  const auto json_path = std::filesystem::temp_directory_path() / ("gemmtune_bench_test_" + std::to_string(::getpid()) + ".json");
  const ProcessResult result = run_gemmtune("bench --sizes 64,100x37x51 --peers clblast,openblas --repeat 2 --warm-up 1 --json " +
                                            json_path.string());
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("100x37x51"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("gt/openblas"), std::string::npos) << result.out;

  const auto out = read_json(json_path).as_object();
  std::filesystem::remove(json_path);
  EXPECT_FALSE(out.at("device").as_object().at("name").as_string().empty());
  EXPECT_FALSE(out.at("date").as_string().empty());
  EXPECT_FALSE(out.at("commit").as_string().empty());
  EXPECT_EQ(out.at("timing").as_string(), "per-call");
  const auto& results = out.at("results").as_array();
  ASSERT_EQ(results.size(), 6u);  // 2 shapes x (gemmtune, clblast, openblas)
  std::set<std::string> peers;
  for (const auto& value : results) {
    const auto& r = value.as_object();
    for (const char* key : {"m", "n", "k", "trans", "peer", "seconds", "tflops", "ok"}) EXPECT_TRUE(r.contains(key)) << key;
    peers.insert(std::string(r.at("peer").as_string()));
    EXPECT_TRUE(r.at("ok").as_bool()) << boost::json::serialize(r);
    EXPECT_GT(r.at("seconds").as_double(), 0) << boost::json::serialize(r);
    EXPECT_EQ(r.at("trans").as_string(), "NN");
    if (r.at("peer").as_string() == "gemmtune") {
      EXPECT_EQ(r.at("config_source").as_string(), "default");
    }
  }
  EXPECT_EQ(peers, (std::set<std::string>{"gemmtune", "clblast", "openblas"}));
  EXPECT_EQ(results[3].as_object().at("m").as_int64(), 100);
  EXPECT_EQ(results[3].as_object().at("n").as_int64(), 37);
  EXPECT_EQ(results[3].as_object().at("k").as_int64(), 51);
}

// Stream timing runs every peer's calls back to back, checks them as before, and says so.
TEST(BenchCommand, StreamTimingTimesEveryPeerAndSaysSo) {
  const auto json_path = std::filesystem::temp_directory_path() / ("gemmtune_bench_stream_" + std::to_string(::getpid()) + ".json");
  const ProcessResult result = run_gemmtune("bench --sizes 24x1x300,48 --peers clblast,openblas --repeat 2 --warm-up 1 "
                                            "--timing stream --json " + json_path.string());
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("rounds of calls issued back to back without events"), std::string::npos) << result.out;
  const auto out = read_json(json_path).as_object();
  std::filesystem::remove(json_path);
  EXPECT_EQ(out.at("timing").as_string(), "stream");
  const auto& results = out.at("results").as_array();
  ASSERT_EQ(results.size(), 6u);
  for (const auto& value : results) {
    const auto& r = value.as_object();
    EXPECT_TRUE(r.at("ok").as_bool()) << boost::json::serialize(r);
    EXPECT_GT(r.at("seconds").as_double(), 0) << boost::json::serialize(r);
  }
}

// On a CPU device OpenBLAS's spinning threads would slow the OpenCL peers: the bench says how to
// stop them, and says nothing once they are stopped. (The default device in CI is PoCL's CPU.)
TEST(BenchCommand, WarnsOfSpinningOpenBlasThreadsOnCpuDevices) {
  const std::string bench = " bench --sizes 64 --peers openblas --repeat 2 --warm-up 1";
  const ProcessResult unset = run_shell("env -u OPENBLAS_THREAD_TIMEOUT " + gemmtune_binary() + bench);
  ASSERT_EQ(unset.exit_code, 0) << unset.err << unset.out;
  if (unset.out.find("pthread-") == std::string::npos) GTEST_SKIP() << "the default device is not PoCL's CPU";
  EXPECT_NE(unset.out.find("OPENBLAS_THREAD_TIMEOUT=4"), std::string::npos) << unset.out;
  const ProcessResult set = run_shell("OPENBLAS_THREAD_TIMEOUT=4 " + gemmtune_binary() + bench);
  ASSERT_EQ(set.exit_code, 0) << set.err << set.out;
  EXPECT_EQ(set.out.find("OPENBLAS_THREAD_TIMEOUT"), std::string::npos) << set.out;
}

// gemmtune pins PoCL's workers itself (tuner/pocl_affinity.hpp); a user who keeps the scheduler's
// placement is told what it may cost, and one who leaves the variable alone hears nothing of it.
TEST(BenchCommand, SaysWhenPoclWorkersAreNotPinned) {
  const std::string bench = " bench --sizes 64 --peers openblas --repeat 2 --warm-up 1";
  const ProcessResult kept = run_shell("OPENBLAS_THREAD_TIMEOUT=4 POCL_AFFINITY=0 " + gemmtune_binary() + bench);
  ASSERT_EQ(kept.exit_code, 0) << kept.err << kept.out;
  if (kept.out.find("pthread-") == std::string::npos) GTEST_SKIP() << "the default device is not PoCL's CPU";
  EXPECT_NE(kept.out.find("PoCL's worker threads are not pinned"), std::string::npos) << kept.out;
  cpu_set_t allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof(allowed), &allowed), 0);
  if (!cli::this_thread_may_run_on_every_cpu())
    GTEST_SKIP() << "this process runs on a CPU set, where gemmtune leaves PoCL's workers alone";
  const ProcessResult unset = run_shell("OPENBLAS_THREAD_TIMEOUT=4 env -u POCL_AFFINITY " + gemmtune_binary() + bench);
  ASSERT_EQ(unset.exit_code, 0) << unset.err << unset.out;
  EXPECT_EQ(unset.out.find("PoCL's worker threads"), std::string::npos) << unset.out;
}

TEST(BenchCommand, UnknownPeerExitsTwoWithOneLine) {
  const ProcessResult result = run_gemmtune("bench --sizes 64 --peers clblast,mkl");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown peer 'mkl'"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

TEST(BenchCommand, BadUsageExitsTwo) {
  EXPECT_EQ(run_gemmtune("bench --sizes 12x").exit_code, 2);
  EXPECT_EQ(run_gemmtune("bench --sizes 64 --trans XY").exit_code, 2);
  EXPECT_EQ(run_gemmtune("bench --trans TN").exit_code, 2);
  EXPECT_EQ(run_gemmtune("bench --sizes 64 --repeat 0").exit_code, 2);
  const ProcessResult timing = run_gemmtune("bench --sizes 64 --timing burst");
  EXPECT_EQ(timing.exit_code, 2);
  EXPECT_NE(timing.err.find("--timing must be per-call or stream, not 'burst'"), std::string::npos) << timing.err;
}

// Before: boost read a count beyond int's range as an error but "-1" for an unsigned type as 2^64 - 1.
TEST(BenchCommand, CountsOutOfRangeExitTwoNamingTheOption) {
  for (const std::string option : {"--repeat -1", "--repeat 99999999999", "--warm-up -1", "--warm-up 1.5"}) {
    const ProcessResult result = run_gemmtune("bench --sizes 64 " + option);
    EXPECT_EQ(result.exit_code, 2) << option;
    EXPECT_NE(result.err.find(option.substr(0, option.find(' ')) + " must be a whole number"), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace gemmtune::testing
