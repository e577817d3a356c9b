// Replay tables: the CSV format, its error messages, and the simulation summary.
#include <gtest/gtest.h>

#include <sstream>

#include "gemmtune/error.hpp"
#include "search/registry.hpp"
#include "search/replay.hpp"
#include "search/simulation.hpp"
#include "synthetic_table.hpp"

namespace gemmtune::search {
namespace {

std::string table_error_of(const std::string& text) {
  std::istringstream input(text);
  try {
    parse_replay_table(input, "t.csv");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

TEST(ReplayTable, ReadsCommentsHeaderAndRows) {
  std::istringstream input("# device: synthetic\nTSM,WPTM,status,seconds\n64,4,ok,0.0125\n128, 8 ,compile_error,\n\n32,2,timeout,0\n");
  const ReplayTable table = parse_replay_table(input, "t.csv");
  EXPECT_EQ(table.parameter_names(), (std::vector<std::string>{"TSM", "WPTM"}));
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(table.config(0), (KernelConfig{{"TSM", 64}, {"WPTM", 4}}));
  EXPECT_EQ(table.measurement(0).status, Status::ok);
  EXPECT_DOUBLE_EQ(table.measurement(0).seconds, 0.0125);
  EXPECT_EQ(table.measurement(1).status, Status::compile_error);
  EXPECT_EQ(table.measurement(2).status, Status::timeout);
}

TEST(ReplayTable, RoundTripsThroughWrite) {
  const ReplayTable table = testing::tiny_table(5, 3, {2});
  std::stringstream text;
  testing::write_replay_table(text, table);
  const ReplayTable again = parse_replay_table(text, "t.csv");
  ASSERT_EQ(again.size(), table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(again.config(i), table.config(i));
    EXPECT_EQ(again.measurement(i).status, table.measurement(i).status);
    EXPECT_DOUBLE_EQ(again.measurement(i).seconds, table.measurement(i).seconds);
  }
}

TEST(ReplayTable, ErrorsNameTheFileAndLine) {
  EXPECT_EQ(table_error_of(""), "t.csv: the replay table has no header line");
  EXPECT_EQ(table_error_of("TSM,seconds,status\n"), "t.csv:1: the header must name the parameters, then status, then seconds");
  EXPECT_EQ(table_error_of("tsm,status,seconds\n"), "t.csv:1: column 'tsm' is not a parameter name ([A-Z_][A-Z0-9_]*)");
  EXPECT_EQ(table_error_of("A,status,seconds\n1,ok\n"), "t.csv:2: expected 3 fields, found 2");
  EXPECT_EQ(table_error_of("A,status,seconds\n1.5,ok,1\n"), "t.csv:2: A '1.5' is not an integer");
  EXPECT_EQ(table_error_of("A,status,seconds\n1,fast,1\n"),
            "t.csv:2: unknown measurement status 'fast' (expected one of ok, compile_error, launch_error, wrong_result, timeout, invalid, crashed)");
  EXPECT_EQ(table_error_of("A,status,seconds\n1,ok,\n"), "t.csv:2: an ok row needs a positive time in seconds, not ''");
  EXPECT_EQ(table_error_of("A,status,seconds\n1,ok,2\n1,ok,3\n"), "t.csv:3: configuration A=1 is recorded twice");
}

// Repeats are found once every row is read, yet the first fault in the file is the one reported.
TEST(ReplayTable, ReportsTheFirstFaultInTheFileRepeatsIncluded) {
  EXPECT_EQ(table_error_of("A,B,status,seconds\n1,2,ok,1\n# c\n3,4,ok,1\n\n1,2,ok,2\n5,x,ok,1\n"),
            "t.csv:6: configuration A=1,B=2 is recorded twice");
  EXPECT_EQ(table_error_of("A,B,status,seconds\n1,2,ok,1\n5,x,ok,1\n1,2,ok,2\n"), "t.csv:3: B 'x' is not an integer");
  EXPECT_EQ(table_error_of("A,B,status,seconds\n1,1,ok,1\n2,2,ok,1\n2,2,ok,1\n1,1,ok,1\n"),
            "t.csv:4: configuration A=2,B=2 is recorded twice");
  std::string many = "A,B,C,status,seconds\n";
  for (int i = 0; i < 3000; ++i) many += std::to_string(i % 30) + "," + std::to_string(i / 30 % 10) + "," + std::to_string(i / 300) + ",ok,1\n";
  EXPECT_EQ(table_error_of(many), "no error");
  EXPECT_EQ(table_error_of(many + "17,3,9,ok,2\n"), "t.csv:3002: configuration A=17,B=3,C=9 is recorded twice");
}

TEST(ReplayTable, RefusesAColumnOfMoreThan65535Values) {
  std::string text = "A,status,seconds\n";
  for (int i = 0; i < 65535; ++i) text += std::to_string(i) + ",ok,1\n";
  EXPECT_EQ(table_error_of(text), "no error");
  EXPECT_EQ(table_error_of(text + "-1,ok,1\n"), "t.csv:65537: parameter A takes more than 65535 distinct values");
}

// A database may hold a configuration twice (two devices of one name and driver): the space has it
// once, answering the measurement recorded last, and the report counts both.
TEST(ReplayTable, RowsFromADatabaseReplayTheLastOfARepeatedConfiguration) {
  ReplayTable table({"B", "A"});
  table.add(KernelConfig{{"A", 1}, {"B", 5}}, {Status::ok, 3.0});
  table.add(KernelConfig{{"A", 2}, {"B", 5}}, {Status::ok, 2.0});
  table.add(KernelConfig{{"A", 1}, {"B", 5}}, {Status::compile_error, 0});
  try {
    table.add(KernelConfig{{"A", 1}}, {Status::ok, 1.0});
    ADD_FAILURE() << "a configuration without B was added";
  } catch (const ConfigError& error) {
    EXPECT_STREQ(error.what(), "recorded configuration 'A=1' does not name the same parameters as 'A=1,B=5'");
  }
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(table.config(2), (KernelConfig{{"A", 1}, {"B", 5}}));
  const Replay replay(table);
  EXPECT_EQ(replay.space().valid_count(), 2u);
  EXPECT_EQ(replay({{"A", 1}, {"B", 5}}).status, Status::compile_error);
  EXPECT_DOUBLE_EQ(replay({{"A", 2}, {"B", 5}}).seconds, 2.0);
  EXPECT_THROW(replay({{"A", 3}, {"B", 5}}), InvalidArgument);
  const SimulationReport report = simulate(table, {"grid"}, 25, 1);
  EXPECT_EQ(report.configurations, 3u);
  EXPECT_EQ(report.ok_configurations, 2u);
  EXPECT_DOUBLE_EQ(report.optimum_seconds, 2.0);
}

TEST(Simulation, ReportsFractionsOfTheOptimumAtEachCheckpointWithinTheBudget) {
  const ReplayTable table = testing::tiny_table(30, 8, {});
  const SimulationReport report = simulate(table, {"grid", "random"}, 50, 5);
  EXPECT_DOUBLE_EQ(report.optimum_seconds, 1.0);
  EXPECT_EQ(report.configurations, 30u);
  ASSERT_EQ(report.strategies.size(), 2u);
  const auto& grid = report.strategies[0];
  EXPECT_EQ(grid.name, "grid");
  ASSERT_EQ(grid.fraction.size(), 2u);  // 25 and 50 are within the budget
  EXPECT_DOUBLE_EQ(grid.fraction.at(50).median, 1.0);  // all 30 tried by then
  EXPECT_DOUBLE_EQ(grid.fraction.at(50).worst, 1.0);
  EXPECT_LE(grid.fraction.at(25).worst, grid.fraction.at(25).median);
  EXPECT_THROW(simulate(testing::tiny_table(3, 1, {0, 1, 2}), {"grid"}, 50, 2), InvalidArgument);
}

TEST(Simulation, DefaultStrategyNearsTheSyntheticOptimumQuickly) {
  const SimulationReport report = simulate(testing::synthetic_xgemm_table(7), {default_strategy_name()}, 200, 10);
  const auto& fraction = report.strategies.at(0).fraction;
  EXPECT_GE(fraction.at(100).median, 0.85);
  EXPECT_GE(fraction.at(200).median, 0.9);
}

// The project's target on real data: the exhaustive H200 record at 4096^3, 20 seeds.
TEST(Simulation, DefaultStrategyMeetsTheTargetOnTheRecordedH200Space) {
  const ReplayTable table = read_replay_table(GEMMTUNE_SOURCE_DIR "/tests/data/h200_xgemm_4096.csv");
  ASSERT_GE(table.size(), 2000u);
  const SimulationReport report = simulate(table, {default_strategy_name()}, 200, 20);
  const auto& fraction = report.strategies.at(0).fraction;
  EXPECT_GE(fraction.at(100).median, 0.98);
  EXPECT_GE(fraction.at(200).median, 0.995);
}

}  // namespace
}  // namespace gemmtune::search
