// Opening database files: creation, migration, WAL, and refusals that leave the file untouched.
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/database.hpp"
#include "db/schema.hpp"
#include "db_test_support.hpp"
#include "scratch_database.hpp"
#include "version1_database.hpp"

namespace gemmtune::db {
namespace {

using testing::read_bytes;
using testing::TemporaryDirectory;
using testing::write_bytes;

void expect_refused(const std::filesystem::path& path, Database::Mode mode, const std::string& fragment) {
  try {
    Database database(path, mode);
    ADD_FAILURE() << "opened " << path;
  } catch (const DatabaseFileError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(fragment), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
  }
}

TEST(Open, ReadWriteCreatesTheFileAndItsDirectories) {
  TemporaryDirectory directory;
  const auto path = directory / "a/b/tuning.db";
  {
    Database database(path, Database::Mode::ReadWrite);
    EXPECT_EQ(database.schema_version(), current_schema_version());
  }
  ASSERT_TRUE(std::filesystem::exists(path));
  SQLite::Database raw(path.string());
  EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "wal");
  EXPECT_TRUE(raw.tableExists("evaluations"));
  Database reader(path, Database::Mode::ReadOnly);
  EXPECT_EQ(reader.schema_version(), current_schema_version());
}

TEST(Open, MigratesAnEmptyFile) {
  TemporaryDirectory directory;
  const auto path = directory / "empty.db";
  write_bytes(path, "");
  Database database(path, Database::Mode::ReadWrite);
  EXPECT_EQ(database.schema_version(), current_schema_version());
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
}

TEST(Open, ReopeningKeepsTheData) {
  TemporaryDirectory directory;
  const auto path = directory / "tuning.db";
  {
    Database database(path, Database::Mode::ReadWrite);
    database.device_id(testing::sample_device());
  }
  Database again(path, Database::Mode::ReadWrite);
  EXPECT_EQ(again.devices().size(), 1u);
}

// A database of schema 1 (precisions as bit widths) keeps its results, now named, and their links.
TEST(Open, MigratesPrecisionWidthsToNames) {
  TemporaryDirectory directory;
  const auto path = directory / "version1.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(migrations().front());
    raw.exec("PRAGMA user_version = 1");
    raw.exec("INSERT INTO devices VALUES (1, 'key', 'model', 'p', 'v', 'n', 'd', 'c', 'gpu', 1, 1, 1, 1, 1)");
    raw.exec("INSERT INTO kernels VALUES (1, 'xgemm', 'hash')");
    raw.exec("INSERT INTO problems VALUES (7, 64, 'row', 'NN', 8, 8, 8)");
    raw.exec("INSERT INTO evaluations VALUES (1, NULL, 1, 1, 7, 'TSM=8', '{\"TSM\":8}', 'ok', 1, 1e-6, 1e-6, 0, 1.0, 0, "
             "'', '2026-11-22T00:00:00Z')");
  }
  Database database(path, Database::Mode::ReadWrite);
  EXPECT_EQ(database.schema_version(), current_schema_version());
  const auto stored = database.all_evaluations();
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].problem.precision, "fp64");
  EXPECT_EQ(database.problem_id(stored[0].problem), 7);
  const auto best = database.best(stored[0].device.key, {"xgemm", "hash"}, stored[0].problem);
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->config, (KernelConfig{{"TSM", 8}}));
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
  // Step 5's rebuilt table takes the status of a crashed worker, keeping the row before it.
  const auto device = database.device_id(stored[0].device);
  const auto kernel = database.kernel_id("xgemm", "hash");
  EXPECT_TRUE(database.record(0, device, kernel, 7, testing::sample_evaluation(16, 16, 0, "crashed")));
  const auto after = database.all_evaluations();
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0], stored[0]);
  EXPECT_EQ(after[1].evaluation.status, "crashed");
  EXPECT_TRUE(database.schema_problems().empty());
}

// Read-only, an older version is read through a migrated private copy; the file stays as it was.
TEST(Open, ReadOnlyReadsAVersion1DatabaseAsMigrated) {
  TemporaryDirectory directory;
  const auto path = directory / "version1.db";
  {
    testing::Version1Database old(path);
    const auto device = old.add_device(testing::sample_device());
    const auto kernel = old.add_kernel("xgemm", "hash");
    old.add_evaluation(device, kernel, old.add_problem(testing::sample_problem(8, 8, 8, "fp64")), 0, {{"TSM", 8}}, 1e-6);
  }
  const std::string before = read_bytes(path);
  {
    const Database database(path, Database::Mode::ReadOnly);
    EXPECT_EQ(database.schema_version(), current_schema_version());
    EXPECT_TRUE(database.schema_problems().empty());
    const auto best = database.best(testing::sample_device().key, {"xgemm", "hash"}, testing::sample_problem(8, 8, 8, "fp64"));
    ASSERT_TRUE(best.has_value());
    EXPECT_EQ(best->config, (KernelConfig{{"TSM", 8}}));
    EXPECT_EQ(database.devices().at(0).key, testing::sample_device().key);
  }
  EXPECT_EQ(read_bytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(directory / "version1.db-wal"));
}

// A version 1 file that lacks part of its schema is refused, as the current version is.
TEST(Open, ReadOnlyRefusesAnOlderVersionMissingPartOfItsSchema) {
  TemporaryDirectory directory;
  const auto path = directory / "version1.db";
  {
    testing::Version1Database old(path);
    old.add_device(testing::sample_device());
  }
  SQLite::Database(path.string(), SQLite::OPEN_READWRITE).exec("DROP TABLE sessions");
  const std::string before = read_bytes(path);
  expect_refused(path, Database::Mode::ReadOnly, path.string() + ": not a gemmtune database, or a damaged one: table sessions is missing");
  EXPECT_EQ(read_bytes(path), before);
}

TEST(Open, RefusesANewerSchemaLeavingTheFileByteIdentical) {
  TemporaryDirectory directory;
  const auto path = directory / "newer.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE future (x); PRAGMA user_version = " + std::to_string(current_schema_version() + 1));
  }
  const std::string before = read_bytes(path);
  expect_refused(path, Database::Mode::ReadWrite, "newer than this build");
  expect_refused(path, Database::Mode::ReadOnly, "newer than this build");
  EXPECT_EQ(read_bytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(directory / "newer.db-wal"));
}

TEST(Open, RefusesAFileThatIsNotSqlite) {
  TemporaryDirectory directory;
  const auto path = directory / "notes.txt";
  const std::string text = "these are not the pages you are looking for\n" + std::string(4096, 'x');
  write_bytes(path, text);
  expect_refused(path, Database::Mode::ReadWrite, "not an SQLite database");
  expect_refused(path, Database::Mode::ReadOnly, "not an SQLite database");
  EXPECT_EQ(read_bytes(path), text);
}

TEST(Open, RefusesAnotherProgramsSqliteDatabase) {
  TemporaryDirectory directory;
  const auto path = directory / "other.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE contacts (name TEXT)");
  }
  const std::string before = read_bytes(path);
  expect_refused(path, Database::Mode::ReadWrite, "another program");
  expect_refused(path, Database::Mode::ReadOnly, "not a gemmtune database");
  EXPECT_EQ(read_bytes(path), before);
}

TEST(Open, RefusesANegativeVersionLeavingTheFileByteIdentical) {
  TemporaryDirectory directory;
  const auto path = directory / "negative.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(migrations()[0] + "PRAGMA user_version = -1");
  }
  const std::string before = read_bytes(path);
  expect_refused(path, Database::Mode::ReadWrite, "not a gemmtune database (schema version -1)");
  expect_refused(path, Database::Mode::ReadOnly, "not a gemmtune database (schema version -1)");
  EXPECT_EQ(read_bytes(path), before);
}

// A version number alone does not make a gemmtune database: nothing is written (no switch to WAL,
// no migration) before its schema is known to be the one its version promises.
TEST(Open, RefusesAVersionWithoutItsSchemaWritingNothing) {
  TemporaryDirectory directory;
  const auto path = directory / "other.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec("CREATE TABLE contacts (name TEXT); PRAGMA user_version = 1");
  }
  const std::string before = read_bytes(path);
  expect_refused(path, Database::Mode::ReadWrite, "not a gemmtune database, or a damaged one: schema version 1 without any of its tables");
  EXPECT_EQ(read_bytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(directory / "other.db-wal"));
  SQLite::Database raw(path.string());
  EXPECT_EQ(raw.execAndGet("PRAGMA journal_mode").getString(), "delete");
}

// Reading one would fail later, in the middle of a query, with SQLite's words for it.
TEST(Open, RefusesADatabaseMissingPartOfItsSchema) {
  TemporaryDirectory directory;
  const auto path = directory / "damaged.db";
  Database(path, Database::Mode::ReadWrite).device_id(testing::sample_device());
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
    raw.exec("DROP VIEW best_configs; ALTER TABLE sessions DROP COLUMN tool_version");
  }
  const std::string before = read_bytes(path);
  const std::string problem = path.string() + ": not a gemmtune database, or a damaged one: table sessions: column "
                              "tool_version is missing";
  expect_refused(path, Database::Mode::ReadWrite, problem);
  expect_refused(path, Database::Mode::ReadOnly, problem);
  EXPECT_EQ(read_bytes(path), before);
  const Database checked = Database::for_check(path);
  EXPECT_EQ(checked.schema_problems(),
            (std::vector<std::string>{"table sessions: column tool_version is missing", "view best_configs is missing"}));
}

TEST(Open, ACompleteSchemaOfEveryVersionHasNoProblems) {
  TemporaryDirectory directory;
  EXPECT_TRUE(testing::ScratchDatabase().schema_problems().empty());
  const auto path = directory / "v1.db";
  {
    SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    raw.exec(migrations()[0] + "CREATE INDEX mine ON evaluations(gflops); PRAGMA user_version = 1");
  }
  EXPECT_TRUE(Database::for_check(path).schema_problems().empty());  // an index of the user's own is no problem
  EXPECT_EQ(Database(path, Database::Mode::ReadOnly).schema_version(), current_schema_version());  // read migrated
  Database upgraded(path, Database::Mode::ReadWrite);
  EXPECT_EQ(upgraded.schema_version(), current_schema_version());
  EXPECT_TRUE(upgraded.schema_problems().empty());
}

TEST(Open, ReadOnlyRefusesAMissingFileWithoutCreatingIt) {
  TemporaryDirectory directory;
  const auto path = directory / "missing.db";
  expect_refused(path, Database::Mode::ReadOnly, "no such database file");
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Open, ReadOnlyNeverWrites) {
  TemporaryDirectory directory;
  const auto path = directory / "tuning.db";
  Database(path, Database::Mode::ReadWrite).device_id(testing::sample_device());
  const std::string before = read_bytes(path);
  Database reader(path, Database::Mode::ReadOnly);
  EXPECT_THROW(reader.device_id(testing::sample_device("Another")), DatabaseError);
  EXPECT_EQ(reader.devices().size(), 1u);
  EXPECT_EQ(read_bytes(path), before);
}

TEST(Open, RefusesADirectoryAndAPathBelowAFile) {
  TemporaryDirectory directory;
  expect_refused(directory.path(), Database::Mode::ReadWrite, "not a regular file");
  write_bytes(directory / "plain", "x");
  expect_refused(directory / "plain/sub/tuning.db", Database::Mode::ReadWrite, "cannot create directory");
  expect_refused(directory / "plain/tuning.db", Database::Mode::ReadWrite, "cannot create directory");
  EXPECT_EQ(read_bytes(directory / "plain"), "x");
}

// Root writes through permissions, so as root the check runs in a child that drops to nobody.
TEST(Open, ReadWriteRefusesAReadOnlyFile) {
  TemporaryDirectory directory;
  const auto path = directory / "locked.db";
  Database(path, Database::Mode::ReadWrite).device_id(testing::sample_device());
  std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                         std::filesystem::perms::others_read);
  std::filesystem::permissions(directory.path(), std::filesystem::perms::owner_all |
                                                     std::filesystem::perms::group_read |
                                                     std::filesystem::perms::group_exec |
                                                     std::filesystem::perms::others_read |
                                                     std::filesystem::perms::others_exec);
  const std::string before = read_bytes(path);
  const auto check = [&] {
    expect_refused(path, Database::Mode::ReadWrite, "not writable");
    Database reader(path, Database::Mode::ReadOnly);
    EXPECT_EQ(reader.devices().size(), 1u);
  };
  if (geteuid() != 0) {
    check();
  } else {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      if (setgid(65534) != 0 || setuid(65534) != 0) _exit(3);
      check();
      _exit(::testing::Test::HasFailure() ? 1 : 0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "3: could not drop privileges, 1: the check failed (see above)";
  }
  EXPECT_EQ(read_bytes(path), before);
}

}  // namespace
}  // namespace gemmtune::db
