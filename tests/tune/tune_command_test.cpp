// `gemmtune tune` as a process: killed with SIGKILL and resumed, two tuners on one database.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "core/kernel_config.hpp"
#include "db/database.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

class TuneCommand : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory temporary;
  const fs::path& directory = temporary.path();
  void SetUp() override { ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1); }

  static std::string tune_arguments(const fs::path& db, const std::string& size, int budget, int seed) {
    return "tune --family xgemm --sizes " + size + " --strategy random --seed " + std::to_string(seed) + " --budget " +
           std::to_string(budget) + " --runs 2 --db " + db.string() + " --json";
  }

  // Starts the program without waiting; its standard output goes to `output`, its errors to `errors`.
  static pid_t start(const std::string& arguments, const fs::path& output = "/dev/null",
                     const fs::path& errors = "/dev/null") {
    const pid_t pid = ::fork();
    if (pid == 0) {
      const std::string command =
          "exec " + gemmtune_binary() + " " + arguments + " >" + output.string() + " 2>" + errors.string();
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    return pid;
  }

  static int wait_for(pid_t pid) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  static std::string last_line(const fs::path& file) {
    std::ifstream stream(file);
    std::string line, last;
    while (std::getline(stream, line))
      if (!line.empty()) last = line;
    return last;
  }

  // True once the process has ended (it is then reaped).
  static bool has_ended(pid_t pid) {
    int status = 0;
    return ::waitpid(pid, &status, WNOHANG) == pid;
  }

  static std::vector<db::StoredEvaluation> evaluations(const fs::path& db) {
    if (!fs::exists(db)) return {};
    try {
      return db::Database(db, db::Database::Mode::ReadOnly).all_evaluations();
    } catch (const DatabaseError&) {
      return {};  // created but not yet migrated by the writer
    }
  }

  static std::set<std::string> config_keys(const std::vector<db::StoredEvaluation>& stored) {
    std::set<std::string> keys;
    for (const auto& evaluation : stored) keys.insert(config_key(evaluation.evaluation.config));
    return keys;
  }
};

// The kernel's defaults, measured first, are recorded in the space's own names (not with the
// parameters the space leaves at their defaults), so the search finds them already measured.
TEST_F(TuneCommand, RecordsTheDefaultsInTheSpacesNames) {
  const fs::path db = directory / "defaults.db";
  ASSERT_EQ(run_gemmtune(tune_arguments(db, "24x16x8", 3, 1)).exit_code, 0);
  const auto stored = evaluations(db);
  ASSERT_GE(stored.size(), 2u);
  const auto names = [](const KernelConfig& config) {
    std::set<std::string> set;
    for (const auto& [name, value] : config) set.insert(name);
    return set;
  };
  for (const auto& evaluation : stored)
    EXPECT_EQ(names(evaluation.evaluation.config), names(stored.back().evaluation.config)) << config_key(evaluation.evaluation.config);
  EXPECT_FALSE(names(stored.front().evaluation.config).contains("MAXREG"));
}

// After a change of the kernel source, a new session measures the previous winners first, so that
// even a short re-tune ends no slower than the old best configurations under the new kernel; they
// count against the budget like the strategy's own proposals.
TEST_F(TuneCommand, ReTuningAfterAKernelChangeMeasuresTheOldWinnersFirst) {
  const fs::path first = directory / "first.db", changed = directory / "changed.db";
  ASSERT_EQ(run_gemmtune(tune_arguments(first, "24x16x8", 6, 3)).exit_code, 0);
  auto older = evaluations(first);
  for (auto& evaluation : older) evaluation.kernel_hash = "0123456789abcdef";  // as if the kernel changed
  {
    db::Database database(changed, db::Database::Mode::ReadWrite);
    database.import(older);
  }
  std::erase_if(older, [](const auto& e) { return e.evaluation.status != "ok"; });
  // Stable, as the database breaks ties between equal medians by the order of recording.
  std::stable_sort(older.begin(), older.end(), [](const auto& x, const auto& y) {
    return x.evaluation.median_seconds < y.evaluation.median_seconds;
  });
  older.resize(std::min<std::size_t>(older.size(), 4));
  ASSERT_GE(older.size(), 2u);

  // A budget of as many evaluations as there are old winners: they take it all, fastest first.
  ASSERT_EQ(run_gemmtune(tune_arguments(changed, "24x16x8", static_cast<int>(older.size()), 9)).exit_code, 0);
  std::vector<std::string> remeasured;
  for (const auto& evaluation : evaluations(changed))
    if (evaluation.kernel_hash != "0123456789abcdef") remeasured.push_back(config_key(evaluation.evaluation.config));
  ASSERT_FALSE(remeasured.empty());
  std::vector<std::string> winners;  // the defaults, measured first, are not measured again
  for (const auto& winner : older)
    if (config_key(winner.evaluation.config) != remeasured.front()) winners.push_back(config_key(winner.evaluation.config));
  EXPECT_EQ(std::vector<std::string>(remeasured.begin() + 1, remeasured.end()), winners);
}

TEST_F(TuneCommand, KilledWithSigkillResumesWithoutLosingOrRepeating) {
  const fs::path db = directory / "killed.db";
  const int budget = 10;
  const pid_t tuner = start(tune_arguments(db, "40x24x56", budget, 7));
  // Killed once three evaluations are recorded, however long they take (CTest's timeout bounds a hang).
  bool ended = false;
  while (evaluations(db).size() < 3 && !(ended = has_ended(tuner)))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_FALSE(ended) << "the tuner ended before three evaluations were recorded";
  ::kill(tuner, SIGKILL);
  wait_for(tuner);
  const std::size_t kept = evaluations(db).size();
  ASSERT_GE(kept, 3u);
  ASSERT_LT(kept, static_cast<std::size_t>(budget)) << "the tuner finished before it was killed";

  const ProcessResult resumed = run_gemmtune(tune_arguments(db, "40x24x56", budget, 7));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const auto summary = boost::json::parse(resumed.out).as_array().at(0).as_object();
  EXPECT_EQ(summary.at("evaluations").as_int64(), budget);
  const auto after = evaluations(db);
  // Everything recorded before the kill was kept, and only what was missing was measured.
  EXPECT_EQ(static_cast<std::size_t>(summary.at("measured").as_int64()), after.size() - kept);
  EXPECT_GE(after.size(), static_cast<std::size_t>(budget));  // the budget, plus the kernel's defaults
  EXPECT_LE(after.size(), static_cast<std::size_t>(budget) + 1);
  EXPECT_EQ(config_keys(after).size(), after.size());

  // The interrupted search is the search an uninterrupted run with the same seed makes.
  const fs::path whole = directory / "whole.db";
  ASSERT_EQ(run_gemmtune(tune_arguments(whole, "40x24x56", budget, 7)).exit_code, 0);
  EXPECT_EQ(config_keys(evaluations(whole)), config_keys(after));
}

// SIGTERM or SIGINT, here while a candidate hangs, ends the session at once: the hung worker is
// killed, what was measured is kept and said so in one line, the exit code is 128 + the signal, the
// session is recorded as ended, and the same command resumes it.
// A resumed session's progress counts from the best already recorded, not from its first replay.
TEST_F(TuneCommand, AResumedSessionsProgressStartsFromTheBestRecorded) {
  const fs::path db = directory / "resumed.db";
  const ProcessResult first = run_gemmtune(tune_arguments(db, "40x24x56", 4, 7));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const double best = boost::json::parse(first.out).as_array().at(0).at("best_gflops").as_double();
  std::ostringstream expected;
  expected << "1/6 evaluated, best " << std::fixed << std::setprecision(1) << best << " GFLOP/s";
  const ProcessResult resumed = run_gemmtune(tune_arguments(db, "40x24x56", 6, 7));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find(expected.str()), std::string::npos) << expected.str() << '\n' << resumed.err;
}

TEST_F(TuneCommand, InterruptedEndsCleanlyKeepingWhatWasMeasured) {
  for (const int signal : {SIGTERM, SIGINT}) {
    const fs::path db = directory / ("interrupted-" + std::to_string(signal) + ".db");
    const int budget = 6;
    const std::string arguments = tune_arguments(db, "40x24x56", budget, 7) + " --run-limit 600";
    ::setenv("GEMMTUNE_TEST_FAULTS", "hang@4", 1);  // read by the workers, which the tuner starts
    const pid_t tuner = start(arguments, directory / "summaries.json", directory / "errors.txt");
    ::unsetenv("GEMMTUNE_TEST_FAULTS");
    bool ended = false;
    while (evaluations(db).size() < 3 && !(ended = has_ended(tuner)))
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_FALSE(ended) << last_line(directory / "errors.txt");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // into the fourth, which would hang
    const auto sent = std::chrono::steady_clock::now();
    ::kill(tuner, signal);
    EXPECT_EQ(wait_for(tuner), 128 + signal);
    EXPECT_LT(std::chrono::steady_clock::now() - sent, std::chrono::seconds(5));
    EXPECT_EQ(last_line(directory / "errors.txt"),
              std::string("gemmtune tune: interrupted by ") + (signal == SIGINT ? "SIGINT" : "SIGTERM") +
                  ": the 3 evaluations measured in this run are kept in " + db.string() +
                  "; the same command resumes where this one stopped");
    // --json still prints what was tuned to the end: nothing here, the one problem cut short.
    std::ifstream summaries(directory / "summaries.json");
    const std::string printed((std::istreambuf_iterator<char>(summaries)), std::istreambuf_iterator<char>());
    EXPECT_EQ(printed, "[]\n");
    const auto kept = evaluations(db);
    ASSERT_EQ(kept.size(), 3u);
    ASSERT_TRUE(kept[0].session.has_value());
    EXPECT_FALSE(kept[0].session->ended_at.empty());
    EXPECT_EQ(db::Database(db, db::Database::Mode::ReadOnly).integrity_check(), std::vector<std::string>{"ok"});

    const ProcessResult resumed = run_gemmtune(arguments);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const auto after = evaluations(db);
    EXPECT_EQ(after.size(), static_cast<std::size_t>(budget) + 1);
    EXPECT_EQ(config_keys(after).size(), after.size());
  }
}

TEST_F(TuneCommand, TwoTunersWritingOneDatabaseLoseNothing) {
  const fs::path db = directory / "shared.db";
  const pid_t first = start(tune_arguments(db, "40", 6, 1), directory / "first.json");
  const pid_t second = start(tune_arguments(db, "24x56x8", 6, 2), directory / "second.json");
  EXPECT_EQ(wait_for(first), 0);
  EXPECT_EQ(wait_for(second), 0);
  std::int64_t measured = 0;
  for (const char* output : {"first.json", "second.json"}) {
    std::ifstream file(directory / output);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    measured += boost::json::parse(text).as_array().at(0).as_object().at("measured").as_int64();
  }
  const auto stored = evaluations(db);
  EXPECT_GE(measured, 12);
  EXPECT_EQ(static_cast<std::int64_t>(stored.size()), measured);  // every measurement of both is there
  std::set<std::int64_t> sizes;
  for (const auto& evaluation : stored) sizes.insert(evaluation.problem.m);
  EXPECT_EQ(sizes, (std::set<std::int64_t>{24, 40}));
}

TEST_F(TuneCommand, BadInputExitsTwoWithOneLine) {
  for (const char* arguments : {"tune --sizes 12x --db /tmp/x.db", "tune --strategy nosuch --db /tmp/x.db",
                                "tune --device 99 --db /tmp/x.db"}) {
    const ProcessResult result = run_gemmtune(arguments);
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_NE(result.err.find("error"), std::string::npos) << result.err;
  }
  const fs::path not_a_database = directory / "text.db";
  {
    std::ofstream(not_a_database) << "not a database\n";
  }
  const ProcessResult result = run_gemmtune(tune_arguments(not_a_database, "16", 2, 1));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  std::ifstream kept(not_a_database);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "not a database");  // never overwritten
}

// Exit 2, an error of one line (the last, after any progress lines) holding `expected`, and no
// database made.
void expect_refused_before_recording(const ProcessResult& result, const std::string& expected, const fs::path& db,
                                     const std::string& arguments) {
  EXPECT_EQ(result.exit_code, 2) << arguments << ": " << result.err;
  const std::size_t error = result.err.find("gemmtune tune: error: ");
  ASSERT_NE(error, std::string::npos) << arguments << ": " << result.err;
  const std::string line = result.err.substr(error);
  EXPECT_NE(line.find(expected), std::string::npos) << arguments << ": " << line;
  EXPECT_EQ(line.find('\n'), line.size() - 1) << line;
  EXPECT_FALSE(fs::exists(db)) << arguments;
}

// A family of NVIDIA's matrix-unit instructions on the CPU device: named, it is refused before
// anything is recorded; among "all", it is passed over with the reason and the others are tuned.
TEST_F(TuneCommand, AFamilyTheDeviceCannotRunIsRefusedByNameAndPassedOverAmongAll) {
  const fs::path named = directory / "named.db";
  const std::string arguments = "tune --family xgemm_mma64 --precision fp64 --sizes 16 --budget 2 --db " + named.string();
  expect_refused_before_recording(run_gemmtune(arguments), "kernel family xgemm_mma64 cannot run on", named, arguments);

  const fs::path all = directory / "all.db";
  const ProcessResult result =
      run_gemmtune("tune --precision fp64 --sizes 16 --budget 2 --runs 1 --db " + all.string() + " --json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("kernel family xgemm_mma64: not for this device (rule 'nv_compute_capability >= 80' fails"),
            std::string::npos)
      << result.err;
  std::set<std::string> tuned;
  const boost::json::value summaries = boost::json::parse(result.out);
  for (const auto& summary : summaries.as_array())
    tuned.insert(std::string(summary.at("family").as_string()));
  EXPECT_EQ(tuned, (std::set<std::string>{"xgemm", "xgemm_skinny"}));

  const ProcessResult listed = run_gemmtune("kernels --precision fp64");
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("fp64: cannot run here: rule 'nv_compute_capability >= 80' fails: nv_compute_capability=0"),
            std::string::npos)
      << listed.out;
}

// `kernels` says which family runs untuned first and which are rebuilt from their PTX, in text and
// JSON.
TEST_F(TuneCommand, KernelsNamesTheDefaultPriorityAndThePtxPass) {
  const ProcessResult listed = run_gemmtune("kernels --precision fp16");
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("includes precision_storage async_copy operand_pack; default priority 3; rebuilt from its PTX for sm_90a; operands packed first for tf32 3xtf32\n"),
            std::string::npos)
      << listed.out;
  EXPECT_NE(listed.out.find("transpositions NN NT TN TT; includes precision_storage; default priority 0\n"),
            std::string::npos)
      << listed.out;
  const ProcessResult json = run_gemmtune("kernels --json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::map<std::string, std::pair<std::int64_t, std::string>> seen;
  const boost::json::value families = boost::json::parse(json.out);
  for (const auto& family : families.as_array())
    seen[std::string(family.at("family").as_string())] = {family.at("default_priority").as_int64(),
                                                          std::string(family.at("ptx_target").as_string())};
  EXPECT_EQ(seen.at("xgemm_wgmma"), (std::pair<std::int64_t, std::string>{3, "sm_90a"}));
  EXPECT_EQ(seen.at("xgemm_mma"), (std::pair<std::int64_t, std::string>{2, ""}));
  EXPECT_EQ(seen.at("xgemm"), (std::pair<std::int64_t, std::string>{1, ""}));
  EXPECT_EQ(seen.at("xgemm_lowp"), (std::pair<std::int64_t, std::string>{0, ""}));
  for (const auto& family : families.as_array()) {
    const auto& packed = family.at("packed_precisions").as_array();
    if (family.at("family").as_string() == "xgemm_wgmma")
      EXPECT_EQ(boost::json::serialize(packed), R"(["tf32","3xtf32"])");
    else
      EXPECT_TRUE(packed.empty()) << family.at("family").as_string();
  }
}

// Each precision of matrix units tunes on this device (its candidates verified against the device
// reference at the precision's bound) and is recorded under its own code, which `run` then reads
// as the exact entry; a family that does not serve the precision is refused before anything is
// recorded, never run at another precision.
TEST_F(TuneCommand, LowPrecisionsTuneAndRunTheirTunedConfiguration) {
  for (const std::string precision : {"fp16", "bf16", "tf32", "3xtf32"}) {
    const fs::path db = directory / (precision + ".db");
    const ProcessResult tuned = run_gemmtune("tune --precision " + precision +
                                             " --sizes 67x45x37 --trans TN --budget 1 --runs 1 --db " + db.string() +
                                             " --json");
    ASSERT_EQ(tuned.exit_code, 0) << precision << ": " << tuned.err;
    const boost::json::value summaries = boost::json::parse(tuned.out);
    for (const auto& summary : summaries.as_array()) {
      EXPECT_EQ(summary.at("precision").as_string(), precision);
      EXPECT_EQ(summary.at("failed").as_int64(), 0) << boost::json::serialize(summary);
      EXPECT_GT(summary.at("best_gflops").as_double(), 0) << boost::json::serialize(summary);
    }
    const std::vector<db::StoredEvaluation> stored = evaluations(db);
    ASSERT_FALSE(stored.empty());
    for (const auto& evaluation : stored) {
      EXPECT_EQ(evaluation.problem.precision, precision);
      EXPECT_EQ(evaluation.evaluation.status, "ok") << evaluation.evaluation.error;
    }

    const ProcessResult ran = run_gemmtune("run --precision " + precision + " --size 67x45x37 --trans TN --check "
                                           "--repeat 1 --json --db " + db.string());
    ASSERT_EQ(ran.exit_code, 0) << precision << ": " << ran.err << ran.out;
    const auto out = boost::json::parse(ran.out).as_object();
    EXPECT_EQ(out.at("config_source").as_string(), "exact") << ran.out;
    EXPECT_TRUE(out.at("ok").as_bool()) << ran.out;
  }
  const fs::path refused = directory / "refused.db";
  const std::string arguments = "tune --family xgemm --precision bf16 --sizes 16 --budget 1 --db " + refused.string();
  expect_refused_before_recording(run_gemmtune(arguments), "kernel family xgemm does not serve bf16 NN problems",
                                  refused, arguments);
}

// A family serves the transpositions of the row-major form its kernel runs: a column-major TN
// problem runs as NT, which xgemm_outer (TN and TT) does not serve, and a column-major NT one as TN,
// which it tunes, and `run` then reads as the exact entry.
TEST_F(TuneCommand, AFamilyServesTheTranspositionsItsKernelRuns) {
  const fs::path refused = directory / "refused.db";
  const std::string arguments =
      "tune --family xgemm_outer --layout col --trans TN --sizes 17x3x300 --budget 1 --db " + refused.string();
  expect_refused_before_recording(run_gemmtune(arguments),
                                  "kernel family xgemm_outer does not serve fp32 TN column-major problems", refused,
                                  arguments);

  const fs::path db = directory / "outer.db";
  const ProcessResult tuned = run_gemmtune("tune --family xgemm_outer --layout col --trans NT --sizes 3x17x300 "
                                           "--budget 1 --runs 1 --db " + db.string());
  ASSERT_EQ(tuned.exit_code, 0) << tuned.err;
  const ProcessResult ran = run_gemmtune("run --layout col --trans NT --size 3x17x300 --check --repeat 1 --json --db " +
                                         db.string());
  ASSERT_EQ(ran.exit_code, 0) << ran.err << ran.out;
  const auto out = boost::json::parse(ran.out).as_object();
  EXPECT_EQ(out.at("family").as_string(), "xgemm_outer") << ran.out;
  EXPECT_EQ(out.at("config_source").as_string(), "exact") << ran.out;
  EXPECT_TRUE(out.at("ok").as_bool()) << ran.out;
}

// Before: -1 compile threads aborted, budgets, seeds and patience of -1 wrapped to 2^64 - 1, a
// time limit of 0 or -1 ran nothing and exited 0, one of nan failed on a database constraint.
TEST_F(TuneCommand, NumericOptionsOutOfRangeExitTwoNamingTheOption) {
  const fs::path db = directory / "options.db";
  for (const std::string option : {"--compile-threads -1", "--compile-threads 100000", "--budget -1", "--budget 0",
                                   "--seed -1", "--patience -1", "--runs 0", "--time-limit 0", "--time-limit -1",
                                   "--time-limit nan", "--time-limit inf", "--budget 2.5"}) {
    const std::string arguments = "tune --sizes 16 --db " + db.string() + " " + option;
    expect_refused_before_recording(run_gemmtune(arguments), option.substr(0, option.find(' ')) + " must be", db,
                                    arguments);
  }
}

// Before: std::bad_alloc and exit 1, after the first problem had been tuned and recorded.
TEST_F(TuneCommand, ASizeTheDeviceCannotHoldRecordsNothing) {
  const fs::path db = directory / "large.db";
  const std::string arguments = "tune --sizes 16,100000 --budget 1 --db " + db.string();
  expect_refused_before_recording(run_gemmtune(arguments), "size 100000x100000x100000 needs", db, arguments);
}

// Before: 20,000 nested parentheses in a constraint crashed the parser (SIGSEGV).
TEST_F(TuneCommand, DeeplyNestedConstraintsExitTwo) {
  const fs::path db = directory / "nested.db";
  for (const int depth : {300, 20000}) {
    const fs::path space = directory / "nested.json";
    std::ofstream(space) << boost::json::serialize(boost::json::object{
        {"kernel", "xgemm"},
        {"parameters", boost::json::array{boost::json::object{{"name", "TSM"}, {"values", {16, 32}}}}},
        {"constraints", boost::json::array{std::string(depth, '(') + "TSM" + std::string(depth, ')') + " > 0"}}});
    const std::string arguments = "tune --sizes 16 --budget 1 --space " + space.string() + " --db " + db.string();
    expect_refused_before_recording(run_gemmtune(arguments), depth == 300 ? "nested deeper than 256 levels" : "longer than 4096",
                                    db, arguments);
  }
}

// Before: enumerating a space that prunes only when its last parameter is bound ignored
// --time-limit. Here 40,000 x 40,000 paddings, excluded only as pairs: 1.6e9 candidates.
TEST_F(TuneCommand, ASpaceTooLargeToEnumerateInTheTimeLimitExitsTwo) {
  const fs::path db = directory / "endless.db", space = directory / "endless.json";
  boost::json::array values;
  for (int v = 0; v < 40000; ++v) values.push_back(v);
  std::ofstream(space) << boost::json::serialize(boost::json::object{
      {"kernel", "xgemm"},
      {"parameters", boost::json::array{boost::json::object{{"name", "PADA"}, {"values", values}},
                                        boost::json::object{{"name", "PADB"}, {"values", values}}}},
      {"constraints", boost::json::array{"PADA + PADB < 0"}}});
  const std::string arguments = "tune --sizes 16 --time-limit 2 --space " + space.string() + " --db " + db.string();
  const auto started = std::chrono::steady_clock::now();
  expect_refused_before_recording(run_gemmtune(arguments), "too large to enumerate within the time limit", db, arguments);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));
}

}  // namespace
}  // namespace gemmtune::testing
