// Numeric options and configurations of every command: negatives, non-numbers, non-finite values,
// values out of range and repeated parameters exit 2 with one line naming the option.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

void expect_usage_error(const std::string& arguments, const std::string& expected) {
  const ProcessResult result = run_gemmtune(arguments);
  EXPECT_EQ(result.exit_code, 2) << arguments << ": " << result.err;
  EXPECT_NE(result.err.find(expected), std::string::npos) << arguments << ": " << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << arguments << ": " << result.err;
  EXPECT_TRUE(result.out.empty()) << arguments << ": " << result.out;
}

// Before: --alpha nan ran and printed NaN into the JSON, which strict parsers refuse.
TEST(NumericOptions, RunRefusesNonFiniteScalars) {
  for (const std::string option : {"--alpha nan", "--alpha inf", "--alpha -inf", "--beta nan", "--beta 1e999", "--alpha x"})
    expect_usage_error("run --size 16 --json --db /nonexistent/x.db " + option, option.substr(0, option.find(' ')) + " must be a finite number");
}

TEST(NumericOptions, RunRefusesARepeatOutOfRange) {
  for (const std::string repeat : {"-1", "0", "1000001", "ten"})
    expect_usage_error("run --size 16 --repeat " + repeat, "--repeat must be a whole number from 1 to 1000000, not '" + repeat + "'");
}

// Before: the last of two values was taken silently.
TEST(NumericOptions, RunRefusesAConfigurationNamingAParameterTwice) {
  expect_usage_error("run --size 16 --config TSM=64,TSM=32", "gives TSM twice");
}

TEST(NumericOptions, SimulateRefusesNegativeAndZeroCounts) {
  for (const std::string option : {"--budget -1", "--budget 0", "--seeds -1", "--seeds 0", "--seeds 1e3"})
    expect_usage_error("simulate --from /nonexistent.csv " + option, option.substr(0, option.find(' ')) + " must be a whole number");
}

// Before: --device -1 was read as 2^64 - 1; both are checked before the database is opened.
TEST(NumericOptions, DbRefusesNegativeIndicesAndCounts) {
  expect_usage_error("db show --size 64 --top -1 --db /nonexistent/x.db", "--top must be a whole number from 1");
  expect_usage_error("db show --size 64 --device -1 --db /nonexistent/x.db", "--device must be a whole number from 0");
  expect_usage_error("db best --device -1 --db /nonexistent/x.db", "--device must be a whole number from 0");
}

}  // namespace
}  // namespace gemmtune::testing
