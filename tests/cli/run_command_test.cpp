// `gemmtune run` and `gemmtune devices` as a user runs them, bad input included.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include <boost/json.hpp>

#include "core/precision.hpp"
#include "dispatch/device.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

TEST(DevicesCommand, ListsDevicesWithSelectors) {
  const ProcessResult result = run_gemmtune("devices");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("[0] "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("(default)"), std::string::npos) << result.out;
}

TEST(DevicesCommand, JsonHasFingerprints) {
  const ProcessResult result = run_gemmtune("devices --json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto devices = boost::json::parse(result.out).as_array();
  ASSERT_FALSE(devices.empty());
  const auto& first = devices[0].as_object();
  EXPECT_EQ(first.at("index").as_int64(), 0);
  EXPECT_FALSE(first.at("selector").as_string().empty());
  EXPECT_GT(first.at("fingerprint").as_object().at("compute_units").as_int64(), 0);
}

TEST(RunCommand, CheckedRunPrintsJsonAndPasses) {
  const ProcessResult result =
      run_gemmtune("run --size 67x45x99 --trans TN --layout col --alpha 2 --beta 0.5 --check --repeat 2 --json");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const auto out = boost::json::parse(result.out).as_object();
  for (const char* key : {"device", "m", "n", "k", "trans", "layout", "precision", "config", "config_source",
                          "seconds", "gflops", "max_abs_error", "ok"})
    EXPECT_TRUE(out.contains(key)) << key;
  EXPECT_EQ(out.at("m").as_int64(), 67);
  EXPECT_EQ(out.at("trans").as_string(), "TN");
  EXPECT_EQ(out.at("layout").as_string(), "col");
  EXPECT_EQ(out.at("config_source").as_string(), "default");
  EXPECT_TRUE(out.at("ok").as_bool());
  EXPECT_GT(out.at("gflops").as_double(), 0);
  // Without a database: the built-in default for this kind of device (GPUs and CPUs differ).
  const KernelConfig expected = default_on_device(kernel_family("xgemm"), limits_of(select_device("").device), Precision::Single);
  for (const char* name : {"TSM", "TSN", "WPTM", "WPTN"})
    EXPECT_EQ(out.at("config").as_object().at(name).as_int64(), expected.at(name)) << name;
}

TEST(RunCommand, DoublePrecision) {
  const ProcessResult result = run_gemmtune("run --size 33 --precision 64 --check --repeat 1 --json");
  if (result.exit_code == 2 && result.err.find("cl_khr_fp64") != std::string::npos) GTEST_SKIP() << result.err;
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(boost::json::parse(result.out).as_object().at("precision").as_string(), "fp64");
}

// Every precision of matrix units on this device (any device: a portable family serves them), in
// every transposition and an odd size, plus one deep K per precision, checked against OpenBLAS on
// the operands the precision multiplies.
TEST(RunCommand, EveryLowPrecisionInEveryTranspositionPassesItsCheck) {
  for (const std::string precision : {"fp16", "bf16", "tf32", "3xtf32"}) {
    for (const std::string trans : {"NN", "NT", "TN", "TT", "NT 19x23x300"}) {
      const std::string size = trans.size() > 2 ? trans.substr(3) : "67x45x37";
      const std::string arguments = "run --size " + size + " --trans " + trans.substr(0, 2) + " --precision " +
                                    precision +
                                    " --alpha 1.5 --beta -0.5 --check --repeat 1 --json";
      const ProcessResult result = run_gemmtune(arguments);
      ASSERT_EQ(result.exit_code, 0) << arguments << ": " << result.err << result.out;
      const auto out = boost::json::parse(result.out).as_object();
      EXPECT_EQ(out.at("precision").as_string(), precision);
      EXPECT_TRUE(out.at("ok").as_bool()) << arguments << ": " << result.out;
      // Computed in the precision or a stronger one of the same storage (fp32 for tf32 and 3xtf32
      // where its family ranks first, as on CPU devices), by a family that serves that one.
      const auto runs_as = precision_from_code(std::string(out.at("runs_as").as_string()));
      ASSERT_TRUE(runs_as) << result.out;
      EXPECT_TRUE(*runs_as == *precision_from_code(precision) || runs_as == stronger_precision(*precision_from_code(precision)))
          << result.out;
      EXPECT_TRUE(kernel_family(std::string(out.at("family").as_string())).serves(*runs_as, trans.substr(0, 2)))
          << result.out;
    }
  }
}

// Never a lower precision in its place: a family that does not serve the precision is refused, in
// one line, before anything runs.
TEST(RunCommand, AFamilyThatDoesNotServeThePrecisionIsRefusedInOneLine) {
  const ProcessResult result = run_gemmtune("run --size 16 --precision fp16 --family xgemm --config TSM=64 --check");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "gemmtune run: error: invalid xgemm configuration: xgemm does not serve fp16 NN problems\n");
  EXPECT_EQ(result.out, "");
}

// A given configuration's family must serve the transpositions its kernel runs: a column-major TN
// problem runs as NT, which xgemm_outer does not serve (refused in one line, not a failed build),
// and a column-major NT one as TN, which it runs.
TEST(RunCommand, AGivenFamilyServesTheTranspositionsItsKernelRuns) {
  const ProcessResult refused = run_gemmtune(
      "run --layout col --trans TN --size 17x3x300 --family xgemm_outer --config WG=32,THREADS=2048 --check");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err,
            "gemmtune run: error: invalid xgemm_outer configuration: xgemm_outer does not serve fp32 NT problems\n");
  const ProcessResult ran = run_gemmtune(
      "run --layout col --trans NT --size 3x17x300 --family xgemm_outer --config WG=32,THREADS=2048 --check --repeat 1");
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("check     ok"), std::string::npos) << ran.out;
}

// A given configuration run as C^T in the other layout, as a choice's runs_layout reports it: a TT
// call of one column runs as the NN product of its transpose and passes its check; a C of two
// columns cannot be so computed (one line, exit code 2).
TEST(RunCommand, AGivenConfigurationRunsAsTheTransposeOfAVectorC) {
  const ProcessResult ran = run_gemmtune(
      "run --size 17x1x300 --trans TT --family xgemm_skinny --config WPTM=2,WPTN=4,LK=1,KWI=4 --runs-layout col "
      "--runs-trans NN --check --repeat 1 --json");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const auto out = boost::json::parse(ran.out).as_object();
  EXPECT_EQ(out.at("runs_layout").as_string(), "col");
  EXPECT_EQ(out.at("runs_trans").as_string(), "NN");
  EXPECT_TRUE(out.at("ok").as_bool());
  const ProcessResult refused = run_gemmtune(
      "run --size 17x2x300 --trans TT --family xgemm_skinny --config WPTM=2,WPTN=4,LK=1,KWI=4 --runs-layout col --check");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err,
            "gemmtune run: error: --runs-layout: C is not one row or one column of consecutive elements, which alone "
            "can be computed as its transpose\n");
}

TEST(RunCommand, MalformedSizesExitTwoWithOneLine) {
  for (const char* size : {"12x", "-3x4x5", "0x0", "abc"}) {
    const ProcessResult result = run_gemmtune(std::string("run --size ") + size);
    EXPECT_EQ(result.exit_code, 2) << size;
    EXPECT_NE(result.err.find(std::string("malformed size '") + size + "'"), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

TEST(RunCommand, SizeBeyondTheDeviceExitsTwo) {
  const ProcessResult result = run_gemmtune("run --size 200000x200000x8");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("more than the device's"), std::string::npos) << result.err;
}

TEST(RunCommand, UnknownDeviceListsDevicesAndExitsTwo) {
  const ProcessResult result = run_gemmtune("run --size 64 --device nosuchplatform:3");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown device 'nosuchplatform:3'"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("[0] "), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("\n\n"), std::string::npos) << result.err;  // the last line is the last device's
}

// A database named with --db is one the user meant: missing or not gemmtune's, it is refused in one
// line instead of meaning built-in defaults (BenchOutput.* for bench). A missing $GEMMTUNE_DB, as
// these tests run with, is no tuning yet.
TEST(RunCommand, AMissingOrForeignDatabaseNamedIsRefused) {
  const std::filesystem::path directory = std::filesystem::temp_directory_path() / ("gemmtune-run-db-" + std::to_string(::getpid()));
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  const std::filesystem::path missing = directory / "missing.db", foreign = directory / "contacts.db";
  const ProcessResult named = run_gemmtune("run --size 8 --db " + quoted(missing));
  EXPECT_EQ(named.exit_code, 2) << named.out << named.err;
  EXPECT_NE(named.err.find("missing.db: no such database file"), std::string::npos) << named.err;
  EXPECT_EQ(std::count(named.err.begin(), named.err.end(), '\n'), 1) << named.err;
  EXPECT_FALSE(std::filesystem::exists(missing));
  ASSERT_EQ(run_shell("sqlite3 " + quoted(foreign) + " 'CREATE TABLE contacts (name TEXT)'").exit_code, 0);
  const ProcessResult other = run_gemmtune("run --size 8 --db " + quoted(foreign));
  EXPECT_EQ(other.exit_code, 2) << other.out << other.err;
  EXPECT_NE(other.err.find("not a gemmtune database"), std::string::npos) << other.err;
  std::filesystem::remove_all(directory);
}

TEST(RunCommand, UnknownOptionAndBadEnumsExitTwo) {
  EXPECT_EQ(run_gemmtune("run --size 64 --frobnicate").exit_code, 2);
  const ProcessResult trans = run_gemmtune("run --size 64 --trans NX");
  EXPECT_EQ(trans.exit_code, 2);
  EXPECT_NE(trans.err.find("unknown transposition 'NX' (expected NN, NT, TN or TT)"), std::string::npos) << trans.err;
  EXPECT_EQ(run_gemmtune("run").exit_code, 2);
  EXPECT_EQ(run_gemmtune("nosuchcommand").exit_code, 2);
}

}  // namespace
}  // namespace gemmtune::testing
