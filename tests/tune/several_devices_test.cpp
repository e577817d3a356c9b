// `gemmtune tune` on several devices of one host (PoCL made to show two): devices of one model
// share the problems, each tuned once; devices of two models each tune every problem under their
// own fingerprint; both into one database, nothing lost or measured twice.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <map>
#include <set>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"
#include "tuner/device_selection.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

class SeveralDevices : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory directory;
  fs::path db = directory / "tuning.db";

  // `gemmtune tune` with PoCL showing the devices `pocl_devices` names (POCL_DEVICES).
  ProcessResult tune(const std::string& pocl_devices, const std::string& arguments) const {
    return run_shell("POCL_DEVICES='" + pocl_devices + "' " + gemmtune_binary() +
                     " tune --family xgemm_skinny --sizes 32,40x24x56,16,24x8x40 --strategy random --budget 3 --runs 1 "
                     "--json --db " + db.string() + " " + arguments);
  }
};

TEST_F(SeveralDevices, DevicesOfOneModelShareTheProblemsEachTunedOnce) {
  const ProcessResult result = tune("pthread pthread", "--device 0,1");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summaries = boost::json::parse(result.out).as_array();
  ASSERT_EQ(summaries.size(), 4u);
  std::set<std::string> problems, devices;
  for (const auto& value : summaries) {
    const auto& summary = value.as_object();
    problems.insert(std::to_string(summary.at("m").as_int64()) + "x" + std::to_string(summary.at("n").as_int64()));
    devices.insert(std::string(summary.at("device").as_string()));
    EXPECT_EQ(summary.at("evaluations").as_int64(), 3);
  }
  EXPECT_EQ(problems.size(), 4u);  // each problem once
  EXPECT_EQ(devices, (std::set<std::string>{"portable:0", "portable:1"})) << result.err;
  EXPECT_NE(result.err.find("[portable:1] problem "), std::string::npos) << result.err;
  const db::Database database(db, db::Database::Mode::ReadOnly);
  EXPECT_EQ(database.devices().size(), 1u);  // one model, one fingerprint
  std::set<std::string> keys;
  for (const auto& stored : database.all_evaluations())
    keys.insert(std::to_string(stored.problem.m) + "x" + std::to_string(stored.problem.n) + "|" +
                config_key(stored.evaluation.config));
  EXPECT_EQ(keys.size(), database.all_evaluations().size());
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
}

TEST_F(SeveralDevices, DevicesOfTwoModelsEachTuneEveryProblem) {
  const ProcessResult result = tune("basic pthread", "--device 0,1");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summaries = boost::json::parse(result.out).as_array();
  ASSERT_EQ(summaries.size(), 8u);
  std::map<std::string, int> problems_per_device;
  for (const auto& value : summaries) problems_per_device[std::string(value.as_object().at("device").as_string())]++;
  EXPECT_EQ(problems_per_device, (std::map<std::string, int>{{"portable:0", 4}, {"portable:1", 4}}));
  const db::Database database(db, db::Database::Mode::ReadOnly);
  EXPECT_EQ(database.devices().size(), 2u);
}

TEST_F(SeveralDevices, ADeviceNamedTwiceIsBadUsage) {
  const ProcessResult result = tune("pthread pthread", "--device 0,portable:0");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--device names portable:0 twice"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(db));
}

TEST(DeviceSelection, DevicesAreGroupedByModel) {
  std::vector<DeviceEntry> devices(3);
  devices[0].fingerprint.name = devices[2].fingerprint.name = "H200";
  devices[1].fingerprint.name = "H100";
  EXPECT_EQ(cli::same_model_groups(devices), (std::vector<std::vector<std::size_t>>{{0, 2}, {1}}));
}

}  // namespace
}  // namespace gemmtune::testing
