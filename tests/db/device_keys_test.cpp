// What identifies a device: keys from the identifying fields only, and databases keyed before that.
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "db/database.hpp"
#include "db/device_keys.hpp"
#include "db/schema.hpp"
#include "db/transfer.hpp"
#include "db_test_support.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;
using testing::TemporaryDirectory;

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
  Database database = Database::in_memory();
  DeviceRecord device = sample_device();
  device.key = "stale key";
  device.model_key = "stale model";
  database.device_id(device);
  EXPECT_EQ(database.devices().at(0), with_computed_keys(device));
}

TEST(DeviceKeys, ANewMemorySizeIsTheSameDeviceRow) {
  Database database = Database::in_memory();
  DeviceRecord device = sample_device();
  const auto first = database.device_id(device);
  device.global_mem_bytes = 12'700'000'000;
  EXPECT_EQ(database.device_id(device), first);
  ASSERT_EQ(database.devices().size(), 1u);
  EXPECT_EQ(database.devices()[0].global_mem_bytes, 12'700'000'000u);  // information kept current
}

// The keys before schema version 2 held the global memory size.
std::string old_model_key(const DeviceRecord& d) {
  return d.vendor + '|' + d.name + '|' + std::to_string(d.compute_units) + "cu|" + std::to_string(d.global_mem_bytes) +
         'B';
}

// A version-1 database as earlier builds wrote it: one device measured under two reported memory
// sizes (two rows), with one configuration measured under both.
class OldDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(std::string(migrations()[0]));
    raw.exec("PRAGMA user_version = 1");
    raw.exec("INSERT INTO kernels (id, name, source_hash) VALUES (1, 'xgemm', 'hash')");
    raw.exec("INSERT INTO problems (id, precision, layout, trans, m, n, k) VALUES (1, 32, 'row', 'NN', 512, 512, 512)");
    add_device(raw, 1, 8'800'000'000);
    add_device(raw, 2, 5'700'000'000);
    add_device(raw, 3, 5'700'000'000, "Other GPU");
    raw.exec("INSERT INTO sessions (id, uid, device_id, kernel_id, started_at, command_line, strategy, seed, budget, "
             "time_limit, tool_version) VALUES (1, 'u2', 2, 1, '2026-11-22T10:00:00.000Z', 'tune', 'random', 1, 9, 0, "
             "'0.1.0')");
    add_evaluation(raw, 1, 0, "KWG=16", 2e-3);  // measured first, under 8.8 GB
    add_evaluation(raw, 2, 1, "KWG=16", 1e-3);  // the same configuration again under 5.7 GB
    add_evaluation(raw, 2, 1, "KWG=32", 3e-3);
    add_evaluation(raw, 3, 0, "KWG=16", 4e-3);
  }

  void add_device(SQLite::Database& raw, int id, std::uint64_t memory, const std::string& name = "Test GPU") {
    DeviceRecord d = sample_device(name);
    d.global_mem_bytes = memory;
    SQLite::Statement insert(raw,
                             "INSERT INTO devices (id, key, model_key, platform, vendor, name, driver_version, "
                             "opencl_c_version, type, compute_units, clock_mhz, global_mem_bytes, local_mem_bytes, "
                             "max_work_group_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, id);
    insert.bind(2, old_model_key(d) + '|' + d.platform + '|' + d.driver_version + '|' + d.opencl_c_version);
    insert.bind(3, old_model_key(d));
    insert.bind(4, d.platform);
    insert.bind(5, d.vendor);
    insert.bind(6, d.name);
    insert.bind(7, d.driver_version);
    insert.bind(8, d.opencl_c_version);
    insert.bind(9, d.type);
    insert.bind(10, d.compute_units);
    insert.bind(11, d.clock_mhz);
    insert.bind(12, static_cast<std::int64_t>(d.global_mem_bytes));
    insert.bind(13, static_cast<std::int64_t>(d.local_mem_bytes));
    insert.bind(14, static_cast<std::int64_t>(d.max_work_group_size));
    insert.exec();
  }

  void add_evaluation(SQLite::Database& raw, int device, int session, const std::string& key, double seconds) {
    SQLite::Statement insert(raw,
                             "INSERT INTO evaluations (session_id, device_id, kernel_id, problem_id, config_key, "
                             "config_json, status, runs, min_seconds, median_seconds, spread, gflops, "
                             "compile_seconds, recorded_at) VALUES (?, ?, 1, 1, ?, ?, 'ok', 3, ?, ?, 0, ?, 0.1, "
                             "'2026-11-22T10:00:00.000Z')");
    if (session) insert.bind(1, session); else insert.bind(1);
    insert.bind(2, device);
    insert.bind(3, key);
    insert.bind(4, "{\"KWG\":" + key.substr(4) + "}");
    insert.bind(5, seconds);
    insert.bind(6, seconds);
    insert.bind(7, 0.268 / seconds);
    insert.exec();
  }

  TemporaryDirectory directory;
  std::filesystem::path path = directory / "old.db";
};

TEST_F(OldDatabase, MigratesToKeysWithoutMemoryMergingTheSplitDevice) {
  { Database(path, Database::Mode::ReadWrite); }  // what any writing command does first
  const Database database(path, Database::Mode::ReadOnly);
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

TEST(DeviceKeys, ImportRecomputesTheKeysOfTheFile) {
  Database source = Database::in_memory();
  const auto device = source.device_id(sample_device());
  source.record(0, device, source.kernel_id("xgemm", "hash"), source.problem_id(sample_problem()),
                sample_evaluation(1, 1, 1e-3));
  std::string text = export_json(source.all_evaluations());
  const std::string key = sample_device().key;
  text.replace(text.find(key), key.size(), "Acme|Test GPU|16cu|8589934592B|Test Platform|1.0|OpenCL C 3.0");
  Database target = Database::in_memory();
  target.import(import_json(text, "old.json"));
  EXPECT_EQ(target.devices().at(0).key, key);
}

// The tuning shipped in configs/tuned/ (keys with the memory size) serves the H200 exactly, whatever
// memory size the driver reports.
TEST(DeviceKeys, ShippedTuningMatchesItsDevice) {
  std::ifstream in(GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json");
  std::ostringstream text;
  text << in.rdbuf();
  ASSERT_NE(text.str().find("|132cu|150109880320B|"), std::string::npos) << "the file's keys hold the memory size";
  const auto evaluations = import_json(text.str(), "nvidia-h200.json");
  ASSERT_FALSE(evaluations.empty());
  Database database = Database::in_memory();
  database.import(evaluations);
  DeviceRecord h200 = evaluations[0].device;
  h200.global_mem_bytes -= 1 << 30;
  EXPECT_TRUE(database.best(device_key(h200), {evaluations[0].kernel_name, evaluations[0].kernel_hash}, evaluations[0].problem).has_value());
}

}  // namespace
}  // namespace gemmtune::db
