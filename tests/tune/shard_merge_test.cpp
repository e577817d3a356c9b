// `gemmtune tune --shard I/N`: the parts of a session, tuned into databases of their own and merged,
// hold exactly the evaluations one process makes of the whole (a space small enough to be searched
// whole, so that no part's search depends on what another part found).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

std::set<std::string> evaluated(const fs::path& db) {
  std::set<std::string> keys;
  for (const auto& stored : db::Database(db, db::Database::Mode::ReadOnly).all_evaluations())
    keys.insert(std::to_string(stored.problem.m) + "x" + std::to_string(stored.problem.n) + "x" +
                std::to_string(stored.problem.k) + " " + config_key(stored.evaluation.config) + " " +
                stored.evaluation.status);
  return keys;
}

TEST(ShardedTuning, MergedPartsHoldWhatOneProcessEvaluates) {
  db::testing::TemporaryDirectory directory;
  const fs::path space = directory / "space.json";
  std::ofstream(space) << R"({"kernel": "xgemm_skinny", "parameters": [{"name": "WPTM", "values": [1, 2]},
                                                                    {"name": "WPTN", "values": [1, 2]}]})";
  const std::string session = "tune --space " + space.string() + " --sizes 16,24,32,40x8x16,8 --budget 4 --runs 1";
  for (const int part : {1, 2, 3}) {
    const ProcessResult result = run_gemmtune(session + " --shard " + std::to_string(part) + "/3 --db " +
                                              (directory / ("part" + std::to_string(part) + ".db")).string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  ASSERT_EQ(run_gemmtune("db merge " + (directory / "part1.db").string() + " " + (directory / "part2.db").string() +
                         " -o " + (directory / "half.db").string()).exit_code, 0);
  ASSERT_EQ(run_gemmtune("db merge " + (directory / "half.db").string() + " " + (directory / "part3.db").string() +
                         " -o " + (directory / "merged.db").string()).exit_code, 0);
  ASSERT_EQ(run_gemmtune(session + " --db " + (directory / "single.db").string()).exit_code, 0);
  const auto merged = evaluated(directory / "merged.db");
  EXPECT_EQ(merged.size(), 25u);  // 5 problems, 4 configurations and the defaults each
  EXPECT_EQ(merged, evaluated(directory / "single.db"));
  // Every part is a different one: 2, 2 and 1 of the 5 problems.
  EXPECT_EQ(evaluated(directory / "part1.db").size() + evaluated(directory / "part2.db").size() +
                evaluated(directory / "part3.db").size(), 25u);
}

TEST(ShardedTuning, AShardWithNothingToDoSaysSoAndRecordsNothing) {
  db::testing::TemporaryDirectory directory;
  const ProcessResult result =
      run_gemmtune("tune --sizes 16,24 --budget 2 --shard 3/4 --db " + (directory / "empty.db").string());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("shard 3/4: 0 of 2 problems"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(directory / "empty.db"));
  EXPECT_EQ(run_gemmtune("tune --sizes 16 --shard 0/4").exit_code, 2);
}

}  // namespace
}  // namespace gemmtune::testing
