// `gemmtune bench --json FILE`: the file is checked before anything is measured, never replaces the
// database read, and replaces an existing file only with --force.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;
using db::testing::read_bytes;
using db::testing::write_bytes;

const std::string bench = "bench --sizes 16 --peers openblas --repeat 1 --warm-up 0";

// Refused with exit code 2 and one line containing `fragment`, before any shape was measured.
void expect_refused_up_front(const std::string& arguments, const std::string& fragment) {
  const ProcessResult result = run_gemmtune(arguments);
  EXPECT_EQ(result.exit_code, 2) << arguments << '\n' << result.err;
  EXPECT_NE(result.err.find(fragment), std::string::npos) << arguments << '\n' << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.out, "") << "nothing was measured";
}

TEST(BenchOutput, AnUnwritableFileIsRefusedBeforeTheBenchmark) {
  db::testing::TemporaryDirectory directory;
  ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1);
  expect_refused_up_front(bench + " --json '" + (directory / "missing" / "x.json").string() + "'", "no such directory");
  expect_refused_up_front(bench + " --db ''", "--db needs a path");
}

TEST(BenchOutput, AnExistingFileIsReplacedOnlyWithForceAndNeverTheDatabase) {
  db::testing::TemporaryDirectory directory;
  ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1);
  const fs::path existing = directory / "tuning.db", results = directory / "results.json";
  write_bytes(directory / "none.json", "[]");
  ASSERT_EQ(run_gemmtune("db import --db '" + existing.string() + "' '" + (directory / "none.json").string() + "'").exit_code, 0);
  const std::string database = read_bytes(existing);
  expect_refused_up_front(bench + " --json '" + existing.string() + "'", "exists; pass --force to replace it");
  expect_refused_up_front(bench + " --db '" + existing.string() + "' --json '" + existing.string() + "' --force",
                          "it is the input");
  EXPECT_EQ(read_bytes(existing), database);

  write_bytes(results, "old results");
  const ProcessResult forced =
      run_gemmtune(bench + " --db '" + existing.string() + "' --json '" + results.string() + "' --force");
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(boost::json::parse(read_bytes(results)).at("results").as_array().size(), 2u);
  EXPECT_EQ(read_bytes(existing), database);

  // Nor is a file that is no database, or none at all, read as no tuning: it is refused, untouched.
  const fs::path precious = directory / "precious.db", missing = directory / "missing.db";
  write_bytes(precious, "precious");
  expect_refused_up_front(bench + " --db '" + precious.string() + "'", "not an SQLite database");
  EXPECT_EQ(read_bytes(precious), "precious");
  expect_refused_up_front(bench + " --db '" + missing.string() + "'", "missing.db: no such database file");
  EXPECT_FALSE(fs::exists(missing));
}

}  // namespace
}  // namespace gemmtune::testing
