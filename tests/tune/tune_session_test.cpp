// `gemmtune tune` over many problems: problem files, the coverage set, the session time limit, and
// each problem starting from the winners of the problems before it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"
#include "tuner/problem_list.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

class TuneSession : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory temporary;
  const fs::path& directory = temporary.path();
  void SetUp() override { ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1); }

  fs::path problem_file(const std::string& name, const std::string& lines) const {
    const fs::path file = directory / name;
    std::ofstream(file) << lines;
    return file;
  }

  // Few, cheap evaluations: one family, random proposals, two timed runs.
  static std::string tune_arguments(const fs::path& db, const std::string& problems, int budget, int seed) {
    return "tune --family xgemm --problems " + problems + " --strategy random --seed " + std::to_string(seed) +
           " --budget " + std::to_string(budget) + " --runs 2 --db " + db.string() + " --json";
  }

  static std::vector<db::StoredEvaluation> evaluations(const fs::path& db) {
    return db::Database(db, db::Database::Mode::ReadOnly).all_evaluations();
  }

  // The configurations recorded for one problem, in the order they were recorded.
  static std::vector<KernelConfig> recorded_for(const std::vector<db::StoredEvaluation>& stored, std::int64_t m,
                                                std::int64_t n, std::int64_t k, const std::string& trans) {
    std::vector<KernelConfig> configs;
    for (const auto& e : stored)
      if (e.problem.m == m && e.problem.n == n && e.problem.k == k && e.problem.trans == trans)
        configs.push_back(e.evaluation.config);
    return configs;
  }
};

TEST_F(TuneSession, CoverageListIsAProblemFileOfEveryClassAndTransposition) {
  const ProcessResult listed = run_gemmtune("tune --coverage --list");
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto problems = cli::read_problem_file(problem_file("coverage.txt", listed.out));
  EXPECT_GE(problems.size(), 40u);
  EXPECT_LE(problems.size(), 120u);
  std::map<std::string, std::set<std::string>> transpositions_per_class;
  std::map<std::tuple<std::size_t, std::size_t, std::size_t>, std::set<std::string>> skinny_shapes;
  std::set<std::string> few_rows, few_columns;  // of the skinny problems: which transpositions
  std::size_t deepest = 0, odd = 0;
  std::set<std::string> flat_unaligned;  // flat products whose C's rows are not a multiple of 4 elements in either layout
  for (const auto& problem : problems) {
    const std::string trans = transpose_code(problem.trans_a, problem.trans_b);
    if (problem.size.k <= 32 && problem.size.m % 4 != 0 && problem.size.n % 4 != 0) flat_unaligned.insert(trans);
    transpositions_per_class[cli::problem_class(problem.size)].insert(trans);
    if (cli::problem_class(problem.size) == "skinny") {
      (problem.size.m < problem.size.n ? few_rows : few_columns).insert(trans);
      if (std::max(problem.size.m, problem.size.n) >= 1000)  // not a small square, which is skinny too
        skinny_shapes[{problem.size.m, problem.size.n, problem.size.k}].insert(trans);
    }
    deepest = std::max(deepest, problem.size.k);
    odd += problem.size.m % 2 == 1 && problem.size.m == problem.size.n;
  }
  const std::set<std::string> all{"NN", "NT", "TN", "TT"};
  for (const char* name : {"square", "skinny", "gemv", "deep-k", "other"}) {
    ASSERT_TRUE(transpositions_per_class.contains(name)) << name;
    EXPECT_EQ(transpositions_per_class[name], all) << name;
  }
  // A skinny C of few rows reads its operands otherwise than one of few columns: each orientation
  // under every transposition.
  EXPECT_EQ(few_rows, all);
  EXPECT_EQ(few_columns, all);
  // And each long skinny shape but one under all four, so that the dispatcher need not carry a
  // configuration from another transposition to a skinny problem.
  std::size_t under_all = 0;
  for (const auto& [shape, transpositions] : skinny_shapes) under_all += transpositions == all;
  EXPECT_GE(under_all + 1, skinny_shapes.size());
  EXPECT_EQ(deepest, 500000u);
  EXPECT_GE(odd, 2u);  // odd square sizes among the powers of two
  EXPECT_EQ(flat_unaligned, all);  // C written without vector stores, under every transposition
}

// The validation sets measure the library where it was not tuned: no coverage problem is one of theirs.
TEST_F(TuneSession, CoverageHoldsNoProblemOfTheValidationSets) {
  const ProcessResult listed = run_gemmtune("tune --coverage --list");
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::set<std::string> coverage;
  for (const auto& problem : cli::read_problem_file(problem_file("coverage.txt", listed.out)))
    coverage.insert(cli::format_problem(problem));
  std::size_t validation_problems = 0;
  for (const auto& entry : fs::directory_iterator(GEMMTUNE_SOURCE_DIR "/bench/validation")) {
    if (entry.path().extension() != ".txt") continue;
    for (const auto& problem : cli::read_problem_file(entry.path())) {
      ++validation_problems;
      EXPECT_FALSE(coverage.contains(cli::format_problem(problem))) << cli::format_problem(problem) << " of " << entry.path();
    }
  }
  EXPECT_GE(validation_problems, 500u);
}

// A device too slow for the largest squares tunes the rest: bounded by multiply-adds, the deep
// and skinny problems stay.
TEST_F(TuneSession, CoverageLeavesOutProblemsLargerThanAsked) {
  const ProcessResult all = run_gemmtune("tune --coverage --list");
  const ProcessResult bounded = run_gemmtune("tune --coverage --largest-cube 2048 --list");
  ASSERT_EQ(bounded.exit_code, 0) << bounded.err;
  const auto every = cli::read_problem_file(problem_file("all.txt", all.out));
  const auto kept = cli::read_problem_file(problem_file("kept.txt", bounded.out));
  std::size_t small = 0;
  for (const auto& problem : every) small += problem.size.m * problem.size.n * problem.size.k <= 2048ull * 2048 * 2048;
  EXPECT_EQ(kept.size(), small);
  EXPECT_LT(kept.size(), every.size());
  // Each left out is named on standard error, as those a device cannot hold; the list says the bound.
  EXPECT_EQ(static_cast<std::size_t>(std::count(bounded.err.begin(), bounded.err.end(), '\n')), every.size() - kept.size())
      << bounded.err;
  EXPECT_NE(bounded.err.find("left out of the coverage set: 4096x4096x4096 NN is more multiply-adds than 2048^3"),
            std::string::npos)
      << bounded.err;
  EXPECT_NE(bounded.out.find("# gemmtune tune --coverage --largest-cube 2048\n"), std::string::npos) << bounded.out;
  std::size_t deepest = 0;
  for (const auto& problem : kept) {
    EXPECT_LE(problem.size.m * problem.size.n * problem.size.k, 2048ull * 2048 * 2048) << problem.size.m;
    deepest = std::max(deepest, problem.size.k);
  }
  EXPECT_EQ(deepest, 500000u);
}

TEST_F(TuneSession, ProblemSourcesAreMutuallyExclusive) {
  const fs::path db = directory / "refused.db", file = problem_file("two.txt", "16 16 16\n8 8 8 TT\n");
  for (const std::string& arguments : std::vector<std::string>{
           "--sizes 16 --problems " + file.string(), "--sizes 16 --coverage", "--problems " + file.string() + " --coverage",
        "--problems " + file.string() + " --trans TT", "--coverage --trans NT", "--list",
        "--problems " + file.string() + " --list", "--problems " + (directory / "missing.txt").string(),
        "--sizes 16 --session-time-limit 0", "--sizes 16 --largest-cube 2048", "--coverage --largest-cube 0"}) {
    const ProcessResult result = run_gemmtune("tune --db " + db.string() + " " + arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments << ": " << result.err;
    EXPECT_EQ(result.err.rfind("gemmtune tune: error: ", 0), 0u) << arguments << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << arguments << ": " << result.err;
    EXPECT_FALSE(fs::exists(db)) << arguments;
  }
}

// The session ends where its time is spent; what was measured stays recorded and the problems not
// reached are named. A space of two configurations is enumerated at once, and the first
// problem's defaults (a kernel built, checked against the reference and timed at 512^3) take
// longer than the whole limit.
TEST_F(TuneSession, TheSessionTimeLimitStopsBetweenProblemsKeepingWhatWasMeasured) {
  const fs::path db = directory / "limited.db", space = directory / "two.json";
  std::ofstream(space) << R"({"kernel": "xgemm", "parameters": [{"name": "TSM", "values": [32, 64]}]})";
  const fs::path file = problem_file("three.txt", "512 512 512\n8 16 8 NT\n16 8 8 TT\n");
  const ProcessResult result = run_gemmtune(tune_arguments(db, file.string(), 5, 1) + " --space " + space.string() +
                                            " --session-time-limit 0.05");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summaries = boost::json::parse(result.out).as_array();
  ASSERT_EQ(summaries.size(), 1u);
  EXPECT_EQ(summaries[0].as_object().at("measured").as_int64(), 1);  // the defaults, measured whatever the limit
  const auto stored = evaluations(db);
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].problem.m, 512);
  EXPECT_NE(result.err.find("not tuned (2): 8x16x8 NT, 16x8x8 TT\n"), std::string::npos) << result.err;
}

// The second problem of a session (another shape and transposition) measures the first one's best
// before its strategy proposes anything: after its defaults, the seeds the session reported, which
// are the earlier problem's best configurations, fastest first, except its defaults themselves.
TEST_F(TuneSession, TheNextProblemStartsFromTheEarlierProblemsBest) {
  const fs::path db = directory / "session.db";
  const ProcessResult result = run_gemmtune(tune_arguments(db, problem_file("two.txt", "8 8 8\n8 16 8 TT\n").string(), 2, 1));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto summaries = boost::json::parse(result.out).as_array();
  ASSERT_EQ(summaries.size(), 2u);
  EXPECT_EQ(summaries[0].as_object().at("seeds").as_int64(), 0);
  EXPECT_EQ(summaries[1].as_object().at("seeds").as_int64(), 1);  // one earlier problem, one best

  const auto stored = evaluations(db);
  const auto first = recorded_for(stored, 8, 8, 8, "NN"), second = recorded_for(stored, 8, 16, 8, "TT");
  ASSERT_EQ(first.size(), 3u);  // the defaults and the budget of 2
  std::optional<db::StoredEvaluation> best;
  for (const auto& e : stored)
    if (e.problem.m == 8 && e.problem.n == 8 && e.evaluation.status == "ok" &&
        (!best || e.evaluation.median_seconds < best->evaluation.median_seconds))
      best = e;
  ASSERT_TRUE(best);
  const KernelConfig defaults = first.front();
  ASSERT_GE(second.size(), 2u);
  EXPECT_EQ(second.front(), defaults);
  if (best->evaluation.config == defaults)
    EXPECT_EQ(second.size(), 2u);  // the seed was the defaults, already measured: one of the budget left
  else
    EXPECT_EQ(second[1], best->evaluation.config);
}

// Across runs and over everything the device recorded: other problems, transpositions and kernel
// sources, the nearest shapes first and among them the fastest, each once, those the family cannot
// run passed over, counted against the budget. The earlier records are of a shape nearer to the
// problem tuned than the first run's, so the order is known whichever configuration won there.
TEST_F(TuneSession, SeedsAreTheDevicesWinnersNearestShapeFirstWithinTheBudget) {
  const fs::path db = directory / "winners.db";
  ASSERT_EQ(run_gemmtune(tune_arguments(db, problem_file("first.txt", "8 8 8\n").string(), 2, 1)).exit_code, 0);
  const auto first = evaluations(db);
  ASSERT_EQ(first.size(), 3u);
  const KernelConfig defaults = first[0].evaluation.config, one = first[1].evaluation.config,
                     two = first[2].evaluation.config;
  ASSERT_NE(one, two);

  const auto earlier = [&](const KernelConfig& config, const std::string& trans, double gflops,
                           const std::string& kernel_hash, const std::string& kernel_name = "xgemm") {
    db::StoredEvaluation e = first[1];
    e.session.reset();
    e.kernel_name = kernel_name;
    e.kernel_hash = kernel_hash;
    e.problem.m = 16, e.problem.n = 8, e.problem.k = 8;  // nearer to 16x8x16 than 8^3 is
    e.problem.trans = trans;
    e.evaluation.config = config;
    e.evaluation.gflops = gflops;
    return e;
  };
  const std::string current = first[0].kernel_hash;
  KernelConfig broken = one;
  broken["TSM"] = 3;  // breaks TSM % WPTM == 0
  {
    db::Database database(db, db::Database::Mode::ReadWrite);
    database.import({earlier(two, "NT", 900, current), earlier(one, "TT", 800, "0123456789abcdef"),
                     earlier(broken, "TN", 5000, current), earlier({{"LM", 4}, {"LN", 4}}, "NN", 4000, current, "xgemm_skinny"),
                     earlier(two, "TT", 850, current)});
  }
  const ProcessResult result = run_gemmtune(tune_arguments(db, problem_file("next.txt", "16 8 16\n").string(), 2, 2));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(boost::json::parse(result.out).as_array().at(0).as_object().at("evaluations").as_int64(), 2);
  const auto next = recorded_for(evaluations(db), 16, 8, 16, "NN");
  EXPECT_EQ(next, (std::vector<KernelConfig>{defaults, two, one}));
}

}  // namespace
}  // namespace gemmtune::testing
