// `gemmtune db` run as a process: its subcommands on crafted databases, and every bad-input path.
// GCC 12 warns falsely on "literal" + std::string temporaries (its bug 105329); this file builds
// many command lines that way.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "db/database.hpp"
#include "db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::db {
namespace {

using gemmtune::testing::ProcessResult;
using gemmtune::testing::run_gemmtune;
using testing::read_bytes;
using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;
using testing::write_bytes;

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

// Exit code 2 and exactly one line on standard error containing `fragment`.
void expect_bad_input(const std::string& arguments, const std::string& fragment) {
  const ProcessResult result = run_gemmtune(arguments);
  EXPECT_EQ(result.exit_code, 2) << arguments << '\n' << result.err << result.out;
  EXPECT_NE(result.err.find(fragment), std::string::npos) << arguments << '\n' << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

class DbCommand : public ::testing::Test {
 protected:
  // Two devices; the first has a current-hash problem and a stale-hash one.
  void fill(const std::filesystem::path& path, double scale = 1.0) {
    Database database(path, Database::Mode::ReadWrite);
    const auto device = database.device_id(sample_device("GPU A"));
    const auto kernel = database.kernel_id("xgemm", current_hash());
    const auto stale = database.kernel_id("xgemm", "0000000000000000");
    const auto problem = database.problem_id(sample_problem());
    for (int i = 1; i <= 4; ++i) database.record(0, device, kernel, problem, sample_evaluation(i, 8, scale * 0.001 * i));
    database.record(0, device, kernel, problem, sample_evaluation(9, 9, 0, "timeout"));
    database.record(0, device, stale, database.problem_id(sample_problem(1024)), sample_evaluation(1, 1, 0.01));
    database.record(0, database.device_id(sample_device("GPU B")), kernel, problem, sample_evaluation(2, 2, 0.002));
  }

  // The hash this build's gemmtune calls current, as `db list --json` reports it.
  static std::string current_hash() {
    static const std::string hash = [] {
      testing::TemporaryDirectory directory;
      Database(directory / "empty.db", Database::Mode::ReadWrite);
      const ProcessResult result = run_gemmtune("db list --json --db " + quoted(directory / "empty.db"));
      return std::string(boost::json::parse(result.out).at("kernel_hash").as_string());
    }();
    return hash;
  }

  testing::TemporaryDirectory directory;
};

TEST_F(DbCommand, ListMarksStaleResults) {
  fill(directory / "t.db");
  const ProcessResult text = run_gemmtune("db list --db " + quoted(directory / "t.db"));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("[0] GPU A"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("[1] GPU B"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("5 evaluations, 4 ok"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("[stale: kernel 0000000000000000]"), std::string::npos) << text.out;

  const ProcessResult json = run_gemmtune("db list --json --db " + quoted(directory / "t.db"));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto devices = boost::json::parse(json.out).at("devices").as_array();
  ASSERT_EQ(devices.size(), 2u);
  const auto& problems = devices[0].at("problems").as_array();
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_FALSE(problems[0].at("stale").as_bool());
  EXPECT_TRUE(problems[1].at("stale").as_bool());
  EXPECT_EQ(problems[0].at("best").at("config").at("MWG").as_int64(), 1);
}

TEST_F(DbCommand, ShowAndBest) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  const ProcessResult show = run_gemmtune("db show --device 0 --size 512 --top 2 --json" + db);
  ASSERT_EQ(show.exit_code, 0) << show.err;
  const auto configs = boost::json::parse(show.out).at("configs").as_array();
  ASSERT_EQ(configs.size(), 2u);
  EXPECT_EQ(configs[0].at("config_key").as_string(), "KWG=16,MWG=1,NWG=8");
  EXPECT_EQ(configs[1].at("config_key").as_string(), "KWG=16,MWG=2,NWG=8");
  const ProcessResult by_key =
      run_gemmtune("db show --device-key '" + sample_device("GPU B").key + "' --size 512x512x512" + db);
  ASSERT_EQ(by_key.exit_code, 0) << by_key.err;
  EXPECT_NE(by_key.out.find("1. "), std::string::npos) << by_key.out;
  expect_bad_input("db show --size 512" + db, "2 devices");
  expect_bad_input("db show --device 7 --size 512" + db, "no device 7");
  expect_bad_input("db show --device 0" + db, "--size");

  const ProcessResult best = run_gemmtune("db best --json" + db);
  ASSERT_EQ(best.exit_code, 0) << best.err;
  EXPECT_EQ(boost::json::parse(best.out).as_array().size(), 3u);
}

// The tuned results that ship in configs/tuned/ import cleanly and are for this build's kernel: a
// kernel change without a re-tune fails here rather than ship results the dispatcher would ignore.
TEST_F(DbCommand, ShippedTuningImportsAndIsCurrent) {
  const std::string db = " --db " + quoted(directory / "shipped.db");
  const ProcessResult imported = run_gemmtune("db import " GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json" + db);
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const ProcessResult best = run_gemmtune("db best --json" + db);
  ASSERT_EQ(best.exit_code, 0) << best.err;
  const auto problems = boost::json::parse(best.out).as_array();
  EXPECT_EQ(problems.size(), 11u);  // the benchmark's shapes
  for (const auto& problem : problems) {
    EXPECT_FALSE(problem.at("stale").as_bool()) << boost::json::serialize(problem);
    EXPECT_EQ(problem.at("kernel_hash").as_string(), current_hash());
  }
}

TEST_F(DbCommand, ExportImportRoundTrip) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  ASSERT_EQ(run_gemmtune("db export -o " + quoted(directory / "e.json") + db).exit_code, 0);
  const auto exported = boost::json::parse(read_bytes(directory / "e.json")).as_array();
  ASSERT_EQ(exported.size(), 7u);
  for (const char* field : {"device", "kernel", "m", "n", "k", "trans", "precision", "config", "status", "gflops"})
    EXPECT_TRUE(exported[0].as_object().contains(field)) << field;

  const ProcessResult imported =
      run_gemmtune("db import " + quoted(directory / "e.json") + " --json --db " + quoted(directory / "new/c.db"));
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_EQ(boost::json::parse(imported.out).at("inserted").as_int64(), 7);
  EXPECT_EQ(Database(directory / "new/c.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "t.db", Database::Mode::ReadOnly).all_evaluations());

  const ProcessResult csv = run_gemmtune("db export --format csv" + db);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 8);
}

TEST_F(DbCommand, MergeReportsConflictsAndRefusesToOverwrite) {
  fill(directory / "a.db");
  fill(directory / "b.db", 2.0);  // the same keys, other timings
  const std::string out = quoted(directory / "out.db");
  const ProcessResult merged =
      run_gemmtune("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " + out + " --json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  const auto report = boost::json::parse(merged.out).as_object();
  EXPECT_EQ(report.at("inserted").as_int64(), 7);
  EXPECT_EQ(report.at("duplicates").as_int64(), 3);  // the timeout and the unscaled timings
  EXPECT_EQ(report.at("conflicts").as_array().size(), 4u);
  EXPECT_EQ(Database(directory / "out.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "a.db", Database::Mode::ReadOnly).all_evaluations());

  const std::string before = read_bytes(directory / "out.db");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " + out,
                   "exists; pass --force");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " +
                       quoted(directory / "a.db") + " --force",
                   "must be a new file");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "missing.db") + " -o " +
                       quoted(directory / "new.db"),
                   "no such database file");
  EXPECT_FALSE(std::filesystem::exists(directory / "new.db"));
  EXPECT_EQ(read_bytes(directory / "out.db"), before);
  ASSERT_EQ(run_gemmtune("db merge " + quoted(directory / "b.db") + ' ' + quoted(directory / "a.db") + " -o " + out +
                         " --force").exit_code,
            0);
  EXPECT_EQ(Database(directory / "out.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "b.db", Database::Mode::ReadOnly).all_evaluations());
}

TEST_F(DbCommand, CheckReportsTheSchemaVersion) {
  fill(directory / "t.db");
  const ProcessResult check = run_gemmtune("db check --json --db " + quoted(directory / "t.db"));
  ASSERT_EQ(check.exit_code, 0) << check.err;
  const auto out = boost::json::parse(check.out).as_object();
  EXPECT_EQ(out.at("integrity").as_string(), "ok");
  EXPECT_EQ(out.at("schema_version").as_int64(), out.at("build_schema_version").as_int64());
}

TEST_F(DbCommand, BadFilesExitTwoAndStayUntouched) {
  const auto text = directory / "notes.txt";
  write_bytes(text, "not a database\n");
  const auto foreign = directory / "newer.db";
  {
    Database database(foreign, Database::Mode::ReadWrite);
  }
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(foreign) + " 'PRAGMA user_version = 99'").exit_code, 0);
  const std::string foreign_bytes = read_bytes(foreign);
  for (const char* command : {"list", "show --size 64", "best", "export", "check"}) {
    expect_bad_input(std::string("db ") + command + " --db " + quoted(text), "not an SQLite database");
    expect_bad_input(std::string("db ") + command + " --db " + quoted(directory / "missing.db"), "no such database file");
    expect_bad_input(std::string("db ") + command + " --db " + quoted(foreign), "newer than this build");
  }
  expect_bad_input("db import /dev/null --db " + quoted(text), "not JSON");
  write_bytes(directory / "empty.json", "[]");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(text), "not an SQLite database");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(foreign), "newer than this build");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(text / "sub.db"),
                   "cannot create directory");
  expect_bad_input("db import " + quoted(directory / "missing.json") + " --db " + quoted(directory / "x.db"),
                   "cannot read");
  expect_bad_input("db merge " + quoted(text) + ' ' + quoted(foreign) + " -o " + quoted(directory / "m.db"),
                   "not an SQLite database");
  expect_bad_input("db export -o " + quoted(text) + " --db " + quoted(foreign), "exists; pass --force");
  expect_bad_input("db list --db " + quoted(directory.path()), "not a regular file");
  expect_bad_input("db nosuch", "unknown subcommand");
  expect_bad_input("db list --frobnicate", "frobnicate");
  EXPECT_EQ(read_bytes(text), "not a database\n");
  EXPECT_EQ(read_bytes(foreign), foreign_bytes);
  EXPECT_FALSE(std::filesystem::exists(directory / "x.db"));
  EXPECT_FALSE(std::filesystem::exists(directory / "m.db"));
}

}  // namespace
}  // namespace gemmtune::db
