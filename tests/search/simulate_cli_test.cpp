// `gemmtune simulate` run as a process on a synthetic replay table: output, JSON shape, exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <boost/json.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

struct Result {
  int code;
  std::string output;  // stdout and stderr together
};

Result run(const std::string& arguments) {
  const std::string command = std::string(GEMMTUNE_CLI) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  char buffer[4096];
  while (const std::size_t read = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, read);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

class SimulateCommand : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    table_ = (std::filesystem::temp_directory_path() / ("gemmtune_simulate_" + std::to_string(getpid()) + ".csv")).string();
    ASSERT_EQ(std::system((std::string(WRITE_SYNTHETIC_TABLE) + " 7 " + table_).c_str()), 0);
  }
  static void TearDownTestSuite() { std::filesystem::remove(table_); }
  static std::string table_;
};
std::string SimulateCommand::table_;

TEST_F(SimulateCommand, PrintsTheDocumentedJson) {
  const Result result = run("simulate --from " + table_ + " --budget 100 --seeds 3 --json");
  ASSERT_EQ(result.code, 0) << result.output;
  const boost::json::object root = boost::json::parse(result.output).as_object();
  EXPECT_GT(root.at("optimum").as_double(), 0);
  const auto& strategies = root.at("strategies").as_array();
  ASSERT_GE(strategies.size(), 5u);
  for (const auto& entry : strategies) {
    const auto& strategy = entry.as_object();
    EXPECT_FALSE(strategy.at("name").as_string().empty());
    const auto& fraction = strategy.at("fraction").as_object();
    EXPECT_EQ(fraction.size(), 3u);  // 25, 50, 100: within the budget
    for (const char* checkpoint : {"25", "50", "100"}) {
      const double median = fraction.at(checkpoint).at("median").as_double();
      const double worst = fraction.at(checkpoint).at("worst").as_double();
      EXPECT_GT(worst, 0);
      EXPECT_LE(worst, median);
      EXPECT_LE(median, 1.0);
    }
  }
}

// A budget that is none of the checkpoints is reported at its end too, and alone where it is
// below the first.
TEST_F(SimulateCommand, ReportsTheBudgetItself) {
  for (const auto& [budget, expected] :
       {std::pair<std::string, std::vector<std::string>>{"5", {"5"}}, {"30", {"25", "30"}}}) {
    const Result result = run("simulate --from " + table_ + " --strategy random --budget " + budget + " --seeds 2 --json");
    ASSERT_EQ(result.code, 0) << result.output;
    const boost::json::value parsed = boost::json::parse(result.output);
    const auto& fraction = parsed.at("strategies").at(0).at("fraction").as_object();
    std::vector<std::string> checkpoints;
    for (const auto& entry : fraction) checkpoints.emplace_back(entry.key());
    EXPECT_EQ(checkpoints, expected) << result.output;
  }
}

TEST_F(SimulateCommand, PrintsATableForOneStrategy) {
  const Result result = run("simulate --from " + table_ + " --strategy random --budget 50 --seeds 2");
  ASSERT_EQ(result.code, 0) << result.output;
  EXPECT_NE(result.output.find("random"), std::string::npos);
  EXPECT_NE(result.output.find("median / worst"), std::string::npos);
  EXPECT_EQ(result.output.find("anneal"), std::string::npos);
}

TEST_F(SimulateCommand, RefusesBadUsageWithExitCodeTwo) {
  Result result = run("simulate --budget 10");
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.output.find("give exactly one of --from FILE and --db PATH"), std::string::npos) << result.output;
  result = run("simulate --from " + table_ + " --strategy bogus");
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.output.find("unknown search strategy 'bogus' (known: "), std::string::npos) << result.output;
  result = run("simulate --from /nonexistent/table.csv");
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.output.find("/nonexistent/table.csv: cannot open the replay table"), std::string::npos) << result.output;
  const std::string bad = table_ + ".bad.csv";
  std::ofstream(bad) << "A,status,seconds\n1,ok,x\n";
  result = run("simulate --from " + bad);
  std::filesystem::remove(bad);
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.output.find(bad + ":2: an ok row needs a positive time in seconds, not 'x'"), std::string::npos) << result.output;
}

}  // namespace
