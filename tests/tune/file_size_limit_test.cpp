// `gemmtune tune` beyond a file-size limit (ulimit -f): one error line and exit 1 instead of death by
// SIGXFSZ, the database keeps, intact, everything committed before, and tuning goes on once the
// limit is lifted.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
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
using db::testing::sample_device;
using db::testing::sample_evaluation;
using db::testing::sample_problem;

TEST(TuneFileSizeLimit, StopsWithOneLineAndKeepsWhatWasCommitted) {
  db::testing::TemporaryDirectory directory;
  ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1);
  const fs::path path = directory / "limited.db";
  constexpr int committed = 60;
  constexpr std::uint64_t limit = 64 << 10;  // above SQLite's 32 KiB -shm file, below the WAL
  {
    // Held open through the run, so that the WAL is not checkpointed away on closing: the tuner's
    // first write then lands beyond the limit, before any kernel is compiled.
    db::Database writer(path, db::Database::Mode::ReadWrite);
    const auto device = writer.device_id(sample_device());
    const auto kernel = writer.kernel_id("xgemm", "0123456789abcdef");
    const auto problem = writer.problem_id(sample_problem());
    for (int i = 1; i <= committed; ++i) writer.record(0, device, kernel, problem, sample_evaluation(i, 8, 0.001 * i));
    ASSERT_GT(fs::file_size(path.string() + "-wal"), 2 * limit);

    const ProcessResult result =
        run_gemmtune_with_file_size_limit("tune --sizes 16 --budget 2 --db '" + path.string() + "'", limit);
    EXPECT_NE(result.signal, SIGXFSZ) << result.err;
    EXPECT_EQ(result.exit_code, 1) << result.err;
    // Progress lines, then one line: the error, naming the database and the cause.
    std::vector<std::string> lines;
    std::istringstream err(result.err);
    for (std::string line; std::getline(err, line);) lines.push_back(line);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().rfind("gemmtune tune: error: " + path.string() + ": ", 0), 0u) << result.err;
    EXPECT_NE(lines.back().find("File too large"), std::string::npos) << result.err;
    const auto mentions_error = [](const std::string& line) { return line.find("error") != std::string::npos; };
    EXPECT_EQ(std::count_if(lines.begin(), lines.end(), mentions_error), 1) << result.err;
  }
  {
    const db::Database reopened(path, db::Database::Mode::ReadOnly);
    EXPECT_EQ(reopened.integrity_check(), std::vector<std::string>{"ok"});
    EXPECT_EQ(reopened.all_evaluations().size(), static_cast<std::size_t>(committed));
  }
  // Space is back: the same command tunes, and the database keeps both.
  const ProcessResult resumed = run_gemmtune("tune --family xgemm_skinny --sizes 16 --budget 2 --db '" + path.string() + "'");
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  const db::Database after(path, db::Database::Mode::ReadOnly);
  EXPECT_EQ(after.integrity_check(), std::vector<std::string>{"ok"});
  EXPECT_GE(after.all_evaluations().size(), static_cast<std::size_t>(committed) + 2);
  ::unsetenv("GEMMTUNE_CACHE_DIR");
}

}  // namespace
}  // namespace gemmtune::testing
