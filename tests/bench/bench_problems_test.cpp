// `gemmtune bench` over problem lists: --problems, --random and --list, the class of each row and
// the summary by class, and the validation sets kept under bench/validation/.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

using db::testing::read_bytes;
using db::testing::write_bytes;

const std::string validation = std::string(GEMMTUNE_SOURCE_DIR) + "/bench/validation/";

struct Line {
  std::size_t m = 0, n = 0, k = 0;
  std::string trans;
};

// The problem lines of a problem file, comments and blank lines left out.
std::vector<Line> problem_lines(const std::string& text) {
  std::vector<Line> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    Line parsed;
    if (fields >> parsed.m >> parsed.n >> parsed.k) {
      fields >> parsed.trans;
      lines.push_back(parsed);
    }
  }
  return lines;
}

std::string text_of(const std::vector<Line>& lines) {
  std::ostringstream out;
  for (const Line& l : lines) out << l.m << ' ' << l.n << ' ' << l.k << ' ' << l.trans << '\n';
  return out.str();
}

TEST(BenchProblems, AProblemFileRunsAndIsSummarisedByClass) {
  db::testing::TemporaryDirectory directory;
  const auto problems = directory / "problems.txt", json = directory / "results.json";
  write_bytes(problems, "# three classes\n32 32 32\n2 48 40  # gemv\n5 8 64 NN\n");
  const ProcessResult result = run_gemmtune("bench --problems '" + problems.string() +
                                            "' --peers openblas --repeat 1 --warm-up 0 --json '" +
                                            json.string() + "'");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("2x48x40             NN    gemv"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("summary"), std::string::npos) << result.out;
  for (const char* row : {"gemv            1  openblas", "deep-k          1  openblas", "skinny          1  openblas",
                          "square          0  -", "all             3  openblas          3"})
    EXPECT_NE(result.out.find(row), std::string::npos) << row << '\n' << result.out;

  const auto out = boost::json::parse(read_bytes(json)).as_object();
  EXPECT_EQ(out.at("problems").as_string(), "--problems " + problems.string());
  std::set<std::string> classes;
  for (const auto& r : out.at("results").as_array()) classes.insert(std::string(r.at("class").as_string()));
  EXPECT_EQ(classes, (std::set<std::string>{"skinny", "gemv", "deep-k"}));
  const auto& summary = out.at("summary").as_object();
  EXPECT_EQ(summary.at("deep-k").at("problems").as_int64(), 1);
  EXPECT_EQ(summary.at("square").at("problems").as_int64(), 0);
  const auto& all = summary.at("all").as_object();
  EXPECT_EQ(all.at("problems").as_int64(), 3);
  const auto& openblas = all.at("peers").at("openblas").as_object();
  EXPECT_EQ(openblas.at("compared").as_int64(), 3);
  EXPECT_GT(openblas.at("geomean").as_double(), 0);
  EXPECT_LE(openblas.at("worst").as_double(), openblas.at("geomean").as_double());
  EXPECT_FALSE(openblas.at("worst_problem").as_string().empty());
  EXPECT_LE(openblas.at("slower").as_int64(), 3);
}

// --list prints a problem file that --problems reads back to the same problems, and opens no device.
TEST(BenchProblems, ListPrintsAProblemFileThatReadsBack) {
  db::testing::TemporaryDirectory directory;
  const ProcessResult drawn = run_gemmtune("bench --random 40 --seed 5 --list --device 99");
  ASSERT_EQ(drawn.exit_code, 0) << drawn.err;
  EXPECT_EQ(drawn.out.rfind("# gemmtune bench --random 40 --seed 5 --largest 8192 --deepest 500000", 0), 0u) << drawn.out;
  const std::vector<Line> lines = problem_lines(drawn.out);
  ASSERT_EQ(lines.size(), 40u);
  std::set<std::string> transpositions;
  for (const Line& l : lines) transpositions.insert(l.trans);
  EXPECT_EQ(transpositions, (std::set<std::string>{"NN", "NT", "TN", "TT"}));

  const auto file = directory / "drawn.txt";
  write_bytes(file, drawn.out);
  const ProcessResult again = run_gemmtune("bench --problems '" + file.string() + "' --list");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(text_of(problem_lines(again.out)), text_of(lines));
  EXPECT_NE(run_gemmtune("bench --random 40 --seed 6 --list").out, drawn.out);

  // --largest alone bounds K too: "up to 2048" means every dimension.
  const ProcessResult small = run_gemmtune("bench --random 200 --largest 64 --list");
  ASSERT_EQ(small.exit_code, 0) << small.err;
  for (const Line& l : problem_lines(small.out)) EXPECT_TRUE(l.m <= 64 && l.n <= 64 && l.k <= 64) << l.k;
}

TEST(BenchProblems, MixedOrMisplacedProblemOptionsExitTwo) {
  db::testing::TemporaryDirectory directory;
  const auto file = directory / "problems.txt";
  write_bytes(file, "16 16 16\n");
  const std::string problems = " --problems '" + file.string() + "'";
  for (const std::string& arguments : std::vector<std::string>{
           "bench --sizes 64" + problems, "bench --sizes 64 --random 3", "bench --random 3" + problems,
        "bench --random 3 --trans NT", "bench --trans NT" + problems, "bench --seed 3 --sizes 64",
        "bench --largest 64" + problems, "bench --random 0", "bench --random 3 --largest 0",
        "bench --random 3 --list --json x.json", "bench --problems '" + (directory / "none.txt").string() + "'"}) {
    const ProcessResult result = run_gemmtune(arguments + " --peers openblas --repeat 1 --warm-up 0");
    EXPECT_EQ(result.exit_code, 2) << arguments << '\n' << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << arguments << '\n' << result.err;
    EXPECT_EQ(result.out, "") << arguments;
  }
  EXPECT_NE(run_gemmtune("bench --sizes 64" + problems).err.find("--sizes, --problems and --random are alternatives"),
            std::string::npos);
}

// A problem whose data this machine cannot hold is refused before anything runs, in one line,
// instead of failing part way through the table.
TEST(BenchProblems, AProblemBeyondTheHostsMemoryExitsTwoBeforeAnyRow) {
  const ProcessResult result = run_gemmtune("bench --sizes 64,1000000x1000000x1 --peers openblas --repeat 1 --warm-up 0");
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("size 1000000x1000000x1 needs"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("of host memory"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.out, "");
}

// The kept sets are what their headers say: a random one is the draw its header names.
TEST(BenchProblems, RandomValidationSetsAreTheDrawsTheirHeadersName) {
  for (const auto& [file, arguments, count] :
       {std::tuple<std::string, std::string, std::size_t>{"random_100.txt", "--random 100 --seed 2026", 100},
        {"random_100_seed20261201.txt", "--random 100 --seed 20261201", 100},
        {"cpu_random_30.txt", "--random 30 --largest 2048 --seed 1", 30},
        {"cpu_random_30_seed2.txt", "--random 30 --largest 2048 --seed 2", 30}}) {
    const std::string kept = read_bytes(validation + file);
    const ProcessResult drawn = run_gemmtune("bench " + arguments + " --list");
    ASSERT_EQ(drawn.exit_code, 0) << drawn.err;
    EXPECT_NE(kept.find("gemmtune bench " + arguments + " --list"), std::string::npos) << file;
    ASSERT_EQ(problem_lines(kept).size(), count) << file;
    EXPECT_EQ(text_of(problem_lines(kept)), text_of(problem_lines(drawn.out))) << file;
  }
}

TEST(BenchProblems, RealApplicationSetCoversEveryTranspositionAndFits) {
  const ProcessResult listed = run_gemmtune("bench --problems '" + validation + "real_applications.txt' --list");
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const std::vector<Line> lines = problem_lines(listed.out);
  EXPECT_GE(lines.size(), 220u);
  std::set<std::string> transpositions, distinct;
  std::size_t smallest = SIZE_MAX, largest = 0;
  for (const Line& l : lines) {
    transpositions.insert(l.trans);
    distinct.insert(text_of({l}));
    for (std::size_t side : {l.m, l.n, l.k}) smallest = std::min(smallest, side), largest = std::max(largest, side);
    const std::size_t most = std::size_t{1} << 28;
    EXPECT_TRUE(l.m * l.k <= most && l.k * l.n <= most && l.m * l.n <= most) << text_of({l});
  }
  EXPECT_EQ(distinct.size(), lines.size()) << "a problem is listed twice";
  EXPECT_EQ(transpositions, (std::set<std::string>{"NN", "NT", "TN", "TT"}));
  EXPECT_EQ(smallest, 1u);
  EXPECT_EQ(largest, 500000u);
}

}  // namespace
}  // namespace gemmtune::testing
