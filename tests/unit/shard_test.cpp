// --shard I/N: its parsing, and parts that are disjoint, cover the whole and are the same each time.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "tuner/cli.hpp"
#include "tuner/shard.hpp"

namespace gemmtune::cli {
namespace {

TEST(Shard, IsIOverNWithinRange) {
  EXPECT_EQ(parse_shard("2/5").index, 2u);
  EXPECT_EQ(parse_shard("2/5").count, 5u);
  EXPECT_EQ(parse_shard("1/1").count, 1u);
  for (const std::string bad : {"", "3", "0/4", "5/4", "1/0", "-1/4", "1/4x", "a/b", "1/2000000", " 1/4"}) {
    try {
      parse_shard(bad);
      ADD_FAILURE() << "'" << bad << "' was accepted";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--shard must be I/N"), std::string::npos) << error.what();
    }
  }
}

TEST(Shard, PartsOfTheProblemsAreDisjointCoverAllAndRepeat) {
  for (const std::size_t problems : {2u, 3u, 51u, 100u})
    for (const std::uint64_t count : {1u, 2u, 4u, 7u, 60u}) {
      std::multiset<std::size_t> seen;
      for (std::uint64_t index = 1; index <= count; ++index) {
        const auto part = shard_problems(problems, {index, count});
        EXPECT_EQ(part, shard_problems(problems, {index, count}));  // the same each time
        seen.insert(part.begin(), part.end());
        EXPECT_EQ(shard_budget(100, problems, {index, count}), 100u);
        EXPECT_EQ(shard_seed(9, problems, {index, count}), 9u);
      }
      std::vector<std::size_t> all(problems);
      std::iota(all.begin(), all.end(), 0);
      EXPECT_EQ(std::vector<std::size_t>(seen.begin(), seen.end()), all) << problems << " in " << count;
    }
}

TEST(Shard, OneProblemSharesItsBudgetWithASeedPerShard) {
  for (const std::uint64_t budget : {1u, 7u, 100u, 101u})
    for (const std::uint64_t count : {1u, 3u, 8u}) {
      std::uint64_t total = 0;
      std::set<std::uint64_t> seeds;
      for (std::uint64_t index = 1; index <= count; ++index) {
        EXPECT_EQ(shard_problems(1, {index, count}), std::vector<std::size_t>{0});
        const std::uint64_t part = shard_budget(budget, 1, {index, count});
        EXPECT_LE(part, budget / count + 1);
        EXPECT_GE(part, budget / count);
        total += part;
        seeds.insert(shard_seed(5, 1, {index, count}));
      }
      EXPECT_EQ(total, budget);
      EXPECT_EQ(seeds.size(), count);
    }
}

}  // namespace
}  // namespace gemmtune::cli
