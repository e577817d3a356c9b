// What the program writes and reads: output files never replace an input or (without --force) an
// existing file, an empty database path is refused, a failed write to standard output is an
// error, and input files are refused beyond their size limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;
using db::testing::read_bytes;
using db::testing::write_bytes;

// Exit code `code`, and one error line on standard error (after any progress lines): the last,
// containing `fragment`.
void expect_one_line(const ProcessResult& result, int code, const std::string& fragment, const std::string& what) {
  EXPECT_EQ(result.exit_code, code) << what << '\n' << result.err;
  std::vector<std::string> lines;
  std::istringstream err(result.err);
  for (std::string line; std::getline(err, line);) lines.push_back(line);
  ASSERT_FALSE(lines.empty()) << what;
  EXPECT_NE(lines.back().find(fragment), std::string::npos) << what << '\n' << result.err;
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& line) { return line.find("error") != std::string::npos; }),
            1)
      << what << '\n' << result.err;
}

class Files : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1);
    ::setenv("GEMMTUNE_DB", (directory / "default.db").c_str(), 1);
    ::setenv("XDG_DATA_HOME", (directory / "data").c_str(), 1);  // where the per-user database would be
    db::Database database(database_path, db::Database::Mode::ReadWrite);
    const auto device = database.device_id(db::testing::sample_device());
    const auto kernel = database.kernel_id("xgemm", "0123456789abcdef");
    const auto problem = database.problem_id(db::testing::sample_problem());
    for (int i = 1; i <= 3; ++i)
      database.record(0, device, kernel, problem, db::testing::sample_evaluation(i, 8, 0.001 * i));
  }
  void TearDown() override {
    ::unsetenv("GEMMTUNE_CACHE_DIR");
    ::unsetenv("GEMMTUNE_DB");
    ::unsetenv("XDG_DATA_HOME");
  }

  std::size_t stored_evaluations() const {
    return db::Database(database_path, db::Database::Mode::ReadOnly).all_evaluations().size();
  }

  db::testing::TemporaryDirectory directory;
  fs::path database_path = directory / "e.db";
};

// The command lines of these tests quote paths so: a space or a quote in one stays in it.
TEST(QuotedPath, ReachesTheShellAsOneWord) {
  for (const std::string path : {"plain", "with space", "it's", "'", "a'b'c", "$HOME;`x`\\"}) {
    const ProcessResult result = run_shell("printf '%s|' " + quoted(fs::path(path)));
    EXPECT_EQ(result.exit_code, 0) << path;
    EXPECT_EQ(result.out, path + "|") << path;
  }
}

TEST_F(Files, ExportNeverWritesOverItsOwnDatabase) {
  fs::create_symlink(database_path, directory / "link.db");
  const std::string bytes = read_bytes(database_path);
  for (const auto& [db, output] : {std::pair{database_path, database_path}, {database_path, directory / "link.db"},
                                   {directory / "link.db", database_path}, {database_path, directory / "." / "e.db"}}) {
    const std::string arguments = "db export --db " + quoted(db) + " -o " + quoted(output) + " --force";
    expect_one_line(run_gemmtune(arguments), 2, "it is the input", arguments);
  }
  EXPECT_EQ(read_bytes(database_path), bytes);
  EXPECT_EQ(stored_evaluations(), 3u);
}

TEST_F(Files, ExportReplacesAnExistingFileOnlyWithForce) {
  const fs::path output = directory / "out.json";
  write_bytes(output, "old");
  const std::string arguments = "db export --db " + quoted(database_path) + " -o " + quoted(output);
  expect_one_line(run_gemmtune(arguments), 2, "exists; pass --force to replace it", arguments);
  EXPECT_EQ(read_bytes(output), "old");
  const ProcessResult forced = run_gemmtune(arguments + " --force");
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(boost::json::parse(read_bytes(output)).as_array().size(), 3u);
  const fs::path nowhere = directory / "no" / "x.json";
  expect_one_line(run_gemmtune("db export --db " + quoted(database_path) + " -o " + quoted(nowhere)), 2,
                  "no such directory", "a missing directory");
}

TEST_F(Files, AnEmptyDatabasePathIsBadUsage) {
  const std::string import = "db import " + quoted(directory / "none.json");
  const std::string report = "report --out " + quoted(directory / "r.html");
  for (const std::string& command :
       {std::string("db list"), std::string("db export"), import, std::string("tune --sizes 16 --budget 1"),
        std::string("run --size 16"), std::string("simulate"), report}) {
    expect_one_line(run_gemmtune(command + " --db ''"), 2, "--db needs a path", command);
    if (command != "simulate")  // which has no default database
      expect_one_line(run_shell("GEMMTUNE_DB= " + gemmtune_binary() + " " + command), 2,
                      "GEMMTUNE_DB is set but empty", "GEMMTUNE_DB= " + command);
  }
  EXPECT_FALSE(fs::exists(directory / "data")) << "the per-user database is not touched";
}

TEST_F(Files, AFailedWriteToStandardOutputIsAnError) {
  const std::string db = " --db " + quoted(database_path);
  for (const std::string& command :
       {"db export" + db, "db list" + db, "db best --json" + db, "db check" + db, std::string("devices"),
        std::string("--help"), "run --size 16 --json" + db, std::string("tune --help")}) {
    expect_one_line(run_shell(gemmtune_binary() + " " + command + " >/dev/full"), 1,
                    "error: cannot write standard output", command);
  }
  EXPECT_EQ(run_shell(gemmtune_binary() + " db list" + db + " >/dev/null").exit_code, 0);
}

// Endless (/dev/zero) and oversized inputs are refused with the file and its limit named. A
// virtual-memory cap and a timeout keep a regression from exhausting the machine.
TEST_F(Files, InputFilesHaveASizeLimit) {
#ifdef GEMMTUNE_SANITIZED
  // AddressSanitizer reserves terabytes of address space, which a virtual-memory cap forbids; it
  // caps resident memory itself.
  const std::string memory_cap = "ASAN_OPTIONS=hard_rss_limit_mb=4096 ";
#else
  const std::string memory_cap = "ulimit -v 4194304; ";
#endif
  const auto run_bounded = [&](const std::string& arguments) {
    return run_shell(memory_cap + "timeout 60 " + gemmtune_binary() + " " + arguments);
  };
  const auto oversized = [&](const std::string& name, std::uintmax_t limit) {
    const fs::path file = directory / name;
    write_bytes(file, "");
    fs::resize_file(file, limit + 1);  // sparse: no disk used
    return quoted(file);
  };
  const std::string bytes = read_bytes(database_path);
  const std::string db = " --db " + quoted(database_path);
  for (const std::string& input : {std::string("/dev/zero"), oversized("big.json", 256u << 20)})
    expect_one_line(run_bounded("db import " + input + db), 2, "larger than 256 MiB, the limit for a file to import",
                    input);
  EXPECT_EQ(read_bytes(database_path), bytes);
  for (const std::string& input : {std::string("/dev/zero"), oversized("big.csv", 64u << 20)})
    expect_one_line(run_bounded("simulate --from " + input), 2, "larger than 64 MiB, the limit for a replay table",
                    input);
  for (const std::string& input : {std::string("/dev/zero"), oversized("big_space.json", 1u << 20)})
    expect_one_line(run_bounded("tune --sizes 16 --space " + input + " --db " + quoted(directory / "t.db")), 2,
                    "larger than 1 MiB, the limit for a space file", input);
}

}  // namespace
}  // namespace gemmtune::testing
