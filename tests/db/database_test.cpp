// The Database's writes and reads on in-memory databases: ids, sessions, records, resume reads.
#include <gtest/gtest.h>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "db_test_support.hpp"
#include "scratch_database.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;

TEST(ConfigKey, IsSortedAndRoundTripsThroughJson) {
  const KernelConfig config{{"NWG", 64}, {"KWG", 16}, {"MWG", -1}};
  EXPECT_EQ(config_key(config), "KWG=16,MWG=-1,NWG=64");
  EXPECT_EQ(config_from_json(config_json(config)), config);
  EXPECT_EQ(config_key({}), "");
  EXPECT_THROW(config_from_json("[1]"), ConfigError);
  EXPECT_THROW(config_from_json("{\"A\": 1.5}"), ConfigError);
}

TEST(Database, InMemoryIsMigrated) {
  const testing::ScratchDatabase database;
  EXPECT_EQ(database.schema_version(), current_schema_version());
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
}

TEST(Database, IdsAreStableUpserts) {
  testing::ScratchDatabase database;
  DeviceRecord device = sample_device();
  const auto device_id = database.device_id(device);
  EXPECT_EQ(database.device_id(device), device_id);
  device.clock_mhz = 1800;  // not part of the key: the row is updated, not duplicated
  EXPECT_EQ(database.device_id(device), device_id);
  ASSERT_EQ(database.devices().size(), 1u);
  EXPECT_EQ(database.devices()[0], device);
  EXPECT_NE(database.device_id(sample_device("Other GPU")), device_id);

  const auto kernel = database.kernel_id("xgemm", "abc");
  EXPECT_EQ(database.kernel_id("xgemm", "abc"), kernel);
  EXPECT_NE(database.kernel_id("xgemm", "def"), kernel);

  const auto problem = database.problem_id(sample_problem());
  EXPECT_EQ(database.problem_id(sample_problem()), problem);
  EXPECT_NE(database.problem_id(sample_problem(512, 512, 512, "fp64")), problem);
  EXPECT_NE(database.problem_id(sample_problem(512, 512, 512, "fp32", "NT")), problem);
}

TEST(Database, SchemaRefusesBadProblems) {
  testing::ScratchDatabase database;
  EXPECT_THROW(database.problem_id(sample_problem(0)), DatabaseError);
  EXPECT_THROW(database.problem_id(sample_problem(8, 8, 8, "fp17")), DatabaseError);
  EXPECT_THROW(database.problem_id(sample_problem(8, 8, 8, "fp32", "XN")), DatabaseError);
}

TEST(Database, RecordKeepsTheFirstEvaluationOfAKey) {
  testing::ScratchDatabase database;
  const auto device = database.device_id(sample_device());
  const auto kernel = database.kernel_id("xgemm", "abc");
  const auto problem = database.problem_id(sample_problem());
  const auto session = database.begin_session({"gemmtune tune", "random", "0.1.0", 42, 100, 60}, device, kernel);

  EXPECT_TRUE(database.record(session, device, kernel, problem, sample_evaluation(64, 64, 0.002)));
  EXPECT_TRUE(database.record(session, device, kernel, problem, sample_evaluation(32, 64, 0.001)));
  EXPECT_TRUE(database.record(session, device, kernel, problem, sample_evaluation(16, 16, 0, "compile_error")));
  EXPECT_FALSE(database.record(session, device, kernel, problem, sample_evaluation(64, 64, 0.0001)));
  database.end_session(session);

  const auto records = database.evaluations(device, kernel, problem);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].config, sample_evaluation(64, 64, 0.002).config);
  EXPECT_DOUBLE_EQ(records[0].median_seconds, 0.002);  // the first kept
  EXPECT_EQ(records[2].status, "compile_error");
  EXPECT_EQ(records[2].error, sample_evaluation(16, 16, 0, "compile_error").error);
  EXPECT_FALSE(records[0].recorded_at.empty());

  // Other problems and kernels are separate keys.
  EXPECT_TRUE(database.evaluations(device, kernel, database.problem_id(sample_problem(256))).empty());
  EXPECT_TRUE(database.record(session, device, database.kernel_id("xgemm", "new"), problem,
                              sample_evaluation(64, 64, 0.003)));
}

TEST(Database, RefusesUnknownStatusAndSession) {
  testing::ScratchDatabase database;
  const auto device = database.device_id(sample_device());
  const auto kernel = database.kernel_id("xgemm", "abc");
  const auto problem = database.problem_id(sample_problem());
  EXPECT_THROW(database.record(0, device, kernel, problem, sample_evaluation(1, 1, 1, "great")), DatabaseError);
  EXPECT_THROW(database.end_session(12345), DatabaseError);
  EXPECT_TRUE(database.record(0, device, kernel, problem, sample_evaluation(1, 1, 1)));  // no session is fine
}

TEST(Database, SessionsAreStoredWithTheirTimes) {
  testing::ScratchDatabase database;
  const auto device = database.device_id(sample_device());
  const auto kernel = database.kernel_id("xgemm", "abc");
  const auto problem = database.problem_id(sample_problem());
  const SessionRecord record{"gemmtune tune --budget 5", "annealing", "0.1.0", ~0ull, 5, 1.5};
  const auto session = database.begin_session(record, device, kernel);
  database.record(session, device, kernel, problem, sample_evaluation(8, 8, 0.5));
  const auto before_end = database.all_evaluations();
  ASSERT_EQ(before_end.size(), 1u);
  ASSERT_TRUE(before_end[0].session.has_value());
  EXPECT_EQ(before_end[0].session->record, record);  // the full 64-bit seed survives
  EXPECT_EQ(before_end[0].session->uid.size(), 32u);
  EXPECT_FALSE(before_end[0].session->started_at.empty());
  EXPECT_TRUE(before_end[0].session->ended_at.empty());
  database.end_session(session);
  EXPECT_FALSE(database.all_evaluations()[0].session->ended_at.empty());
}

}  // namespace
}  // namespace gemmtune::db
