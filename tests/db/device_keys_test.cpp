// What identifies a device: keys from the identifying fields only, and databases keyed before that.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "db/database.hpp"
#include "db/device_keys.hpp"
#include "db/schema.hpp"
#include "db/transfer.hpp"
#include "db_test_support.hpp"
#include "scratch_database.hpp"
#include "version1_database.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;
using testing::read_bytes;
using testing::TemporaryDirectory;
using testing::Version1Database;

TEST(DeviceKeys, InformationFieldsDoNotChangeTheKeys) {
  const DeviceRecord device = sample_device();
  DeviceRecord other = device;
  other.global_mem_bytes = 4'300'000'000;  // PoCL reports free memory here: it moves within minutes
  other.clock_mhz += 100;
  other.local_mem_bytes *= 2;
  other.max_work_group_size /= 2;
  other.type = "accelerator";
  EXPECT_EQ(device_key(other), device_key(device));
  EXPECT_EQ(device_model_key(other), device_model_key(device));
  EXPECT_EQ(device_key(device), "Acme|Test GPU|16cu|Test Platform|1.0|OpenCL C 3.0");
}

TEST(DeviceKeys, IdentifyingFieldsDo) {
  const DeviceRecord device = sample_device();
  const auto changed = [&](auto change) {
    DeviceRecord other = device;
    change(other);
    return other;
  };
  for (const DeviceRecord& model : {changed([](DeviceRecord& d) { d.vendor += 'x'; }),
                                    changed([](DeviceRecord& d) { d.name += 'x'; }),
                                    changed([](DeviceRecord& d) { d.compute_units += 1; })}) {
    EXPECT_NE(device_model_key(model), device_model_key(device));
    EXPECT_NE(device_key(model), device_key(device));
  }
  for (const DeviceRecord& stack : {changed([](DeviceRecord& d) { d.platform += 'x'; }),
                                    changed([](DeviceRecord& d) { d.driver_version += 'x'; }),
                                    changed([](DeviceRecord& d) { d.opencl_c_version += 'x'; })}) {
    EXPECT_EQ(device_model_key(stack), device_model_key(device));
    EXPECT_NE(device_key(stack), device_key(device));
  }
}

TEST(DeviceKeys, StoredUnderTheComputedKeysWhateverTheCallerPassed) {
  testing::ScratchDatabase database;
  DeviceRecord device = sample_device();
  device.key = "stale key";
  device.model_key = "stale model";
  database.device_id(device);
  EXPECT_EQ(database.devices().at(0), with_computed_keys(device));
}

TEST(DeviceKeys, ANewMemorySizeIsTheSameDeviceRow) {
  testing::ScratchDatabase database;
  DeviceRecord device = sample_device();
  const auto first = database.device_id(device);
  device.global_mem_bytes = 12'700'000'000;
  EXPECT_EQ(database.device_id(device), first);
  ASSERT_EQ(database.devices().size(), 1u);
  EXPECT_EQ(database.devices()[0].global_mem_bytes, 12'700'000'000u);  // information kept current
}

// A version-1 database as earlier builds wrote it: one device measured under two reported memory
// sizes (two rows), with one configuration measured under both.
class OldDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    Version1Database old(path);
    const auto kernel = old.add_kernel("xgemm", "hash");
    const auto problem = old.add_problem(sample_problem());
    const auto first = old.add_device(device_reporting(8'800'000'000));
    const auto second = old.add_device(device_reporting(5'700'000'000));
    const auto other = old.add_device(device_reporting(5'700'000'000, "Other GPU"));
    const auto session = old.add_session(second, kernel, "u2");
    old.add_evaluation(first, kernel, problem, 0, {{"KWG", 16}}, 2e-3);  // measured first, under 8.8 GB
    old.add_evaluation(second, kernel, problem, session, {{"KWG", 16}}, 1e-3);  // the same again under 5.7 GB
    old.add_evaluation(second, kernel, problem, session, {{"KWG", 32}}, 3e-3);
    old.add_evaluation(other, kernel, problem, 0, {{"KWG", 16}}, 4e-3);
  }

  static DeviceRecord device_reporting(std::uint64_t memory, const std::string& name = "Test GPU") {
    DeviceRecord d = sample_device(name);
    d.global_mem_bytes = memory;
    return d;
  }

  // What the migration must give, whether a writer migrated the file or a reader a copy of it.
  static void expect_migrated(const Database& database) {
    EXPECT_EQ(database.schema_version(), current_schema_version());
    const auto devices = database.devices();
    ASSERT_EQ(devices.size(), 2u);
    for (const DeviceRecord& device : devices) EXPECT_EQ(device, with_computed_keys(device));  // SQL and C++ agree
    EXPECT_EQ(devices[0].global_mem_bytes, 8'800'000'000u);  // the oldest row stays

    // The device as it reports itself today, whatever its free memory, finds its results exactly.
    DeviceRecord today = sample_device();
    today.global_mem_bytes = 12'700'000'000;
    const auto best = database.best(device_key(today), {"xgemm", "hash"}, sample_problem());
    ASSERT_TRUE(best.has_value());
    EXPECT_EQ(best->config_key, "KWG=16");
    EXPECT_DOUBLE_EQ(best->median_seconds, 2e-3);  // of the configuration measured twice, the first kept

    const auto evaluations = database.all_evaluations();
    ASSERT_EQ(evaluations.size(), 3u);
    EXPECT_EQ(evaluations[1].evaluation.config, (KernelConfig{{"KWG", 32}}));
    ASSERT_TRUE(evaluations[1].session.has_value());  // the session follows its device
    EXPECT_EQ(evaluations[1].session->uid, "u2");
    EXPECT_EQ(evaluations[1].device.key, device_key(today));
    EXPECT_EQ(evaluations[2].device.key, device_key(sample_device("Other GPU")));
    EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
  }

  TemporaryDirectory directory;
  std::filesystem::path path = directory / "old.db";
};

TEST_F(OldDatabase, MigratesToKeysWithoutMemoryMergingTheSplitDevice) {
  { Database(path, Database::Mode::ReadWrite); }  // what any writing command does first
  expect_migrated(Database(path, Database::Mode::ReadOnly));
}

// A reader (the dispatcher, `gemmtune db list`) reads an old file as migrated, and writes nothing.
TEST_F(OldDatabase, ReadOnlyReadsItAsMigratedLeavingTheFileAsItWas) {
  const std::string before = read_bytes(path);
  expect_migrated(Database(path, Database::Mode::ReadOnly));
  EXPECT_EQ(read_bytes(path), before);
  EXPECT_EQ(Database::for_check(path).schema_version(), 1);
}

TEST(DeviceKeys, ImportRecomputesTheKeysOfTheFile) {
  testing::ScratchDatabase source;
  const auto device = source.device_id(sample_device());
  source.record(0, device, source.kernel_id("xgemm", "hash"), source.problem_id(sample_problem()),
                sample_evaluation(1, 1, 1e-3));
  std::string text = export_json(source.all_evaluations());
  const std::string key = sample_device().key;
  text.replace(text.find(key), key.size(), "Acme|Test GPU|16cu|8589934592B|Test Platform|1.0|OpenCL C 3.0");
  testing::ScratchDatabase target;
  target.import(import_json(text, "old.json"));
  EXPECT_EQ(target.devices().at(0).key, key);
}

// The tuning shipped in configs/tuned/ serves the H200 exactly, whatever memory size the driver
// reports, and records its architecture for the H100's sibling level.
TEST(DeviceKeys, ShippedTuningMatchesItsDevice) {
  std::ifstream in(GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json");
  std::ostringstream text;
  text << in.rdbuf();
  const auto evaluations = import_json(text.str(), "nvidia-h200.json");
  ASSERT_FALSE(evaluations.empty());
  testing::ScratchDatabase database;
  database.import(evaluations);
  DeviceRecord h200 = evaluations[0].device;
  EXPECT_EQ(h200.architecture, "sm_90");
  h200.global_mem_bytes -= 1 << 30;
  EXPECT_TRUE(database.best(device_key(h200), {evaluations[0].kernel_name, evaluations[0].kernel_hash}, evaluations[0].problem).has_value());
}

}  // namespace
}  // namespace gemmtune::db
