// `gemmtune db` run as a process: its subcommands on crafted databases, and every bad-input path.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "db/database.hpp"
#include "db/schema.hpp"
#include "core/kernel_config.hpp"
#include "dispatch/config_selector.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/learned_model.hpp"
#include "tuner/coverage_problems.hpp"
#include "tuner/problem_list.hpp"
#include "db_test_support.hpp"
#include "version1_database.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::db {
namespace {

using gemmtune::testing::ProcessResult;
using gemmtune::testing::quoted;
using gemmtune::testing::run_gemmtune;
using testing::read_bytes;
using testing::sample_device;
using testing::sample_problem;
using testing::write_bytes;

// An evaluation of the xgemm configuration {PADA=pada, PADB=padb} (the rest defaults), which is
// valid on sample_device(): gemmtune checks imported configurations against the kernel's rules.
EvaluationRecord xgemm_evaluation(std::int64_t pada, std::int64_t padb, double median, const std::string& status = "ok") {
  EvaluationRecord e = testing::sample_evaluation(0, 0, median, status);
  e.config = {{"PADA", pada}, {"PADB", padb}};
  return e;
}

// Exit code 2 and exactly one line on standard error containing `fragment`.
void expect_bad_input(const std::string& arguments, const std::string& fragment) {
  const ProcessResult result = run_gemmtune(arguments);
  EXPECT_EQ(result.exit_code, 2) << arguments << '\n' << result.err << result.out;
  EXPECT_NE(result.err.find(fragment), std::string::npos) << arguments << '\n' << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

class DbCommand : public ::testing::Test {
 protected:
  // Two devices; the first has a current-hash problem and a stale-hash one.
  void fill(const std::filesystem::path& path, double scale = 1.0) {
    Database database(path, Database::Mode::ReadWrite);
    const auto device = database.device_id(sample_device("GPU A"));
    const auto kernel = database.kernel_id("xgemm", current_hash());
    const auto stale = database.kernel_id("xgemm", "0000000000000000");
    const auto problem = database.problem_id(sample_problem());
    for (int i = 1; i <= 4; ++i) database.record(0, device, kernel, problem, xgemm_evaluation(i, 8, scale * 0.001 * i));
    database.record(0, device, kernel, problem, xgemm_evaluation(9, 9, 0, "timeout"));
    database.record(0, device, stale, database.problem_id(sample_problem(1024)), xgemm_evaluation(1, 1, 0.01));
    database.record(0, database.device_id(sample_device("GPU B")), kernel, problem, xgemm_evaluation(2, 2, 0.002));
  }

  // The hash this build's gemmtune calls current, as `db list --json` reports it.
  static std::string current_hash() {
    static const std::string hash = [] {
      testing::TemporaryDirectory directory;
      Database(directory / "empty.db", Database::Mode::ReadWrite);
      const ProcessResult result = run_gemmtune("db list --json --db " + quoted(directory / "empty.db"));
      return std::string(boost::json::parse(result.out).at("kernels").at("xgemm").as_string());
    }();
    return hash;
  }

  testing::TemporaryDirectory directory;
};

TEST_F(DbCommand, ListMarksStaleResults) {
  fill(directory / "t.db");
  const ProcessResult text = run_gemmtune("db list --db " + quoted(directory / "t.db"));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("[0] GPU A"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("[1] GPU B"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("5 evaluations, 4 ok"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("    xgemm fp32 row NN "), std::string::npos) << "each line names its kernel family\n" << text.out;
  EXPECT_NE(text.out.find("[stale: kernel xgemm 0000000000000000]"), std::string::npos) << text.out;

  const ProcessResult json = run_gemmtune("db list --json --db " + quoted(directory / "t.db"));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto devices = boost::json::parse(json.out).at("devices").as_array();
  ASSERT_EQ(devices.size(), 2u);
  const auto& problems = devices[0].at("problems").as_array();
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_FALSE(problems[0].at("stale").as_bool());
  EXPECT_TRUE(problems[1].at("stale").as_bool());
  EXPECT_EQ(problems[0].at("best").at("config").at("PADA").as_int64(), 1);
}

TEST_F(DbCommand, ShowAndBest) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  const ProcessResult show = run_gemmtune("db show --device 0 --size 512 --top 2 --json" + db);
  ASSERT_EQ(show.exit_code, 0) << show.err;
  const auto configs = boost::json::parse(show.out).at("configs").as_array();
  ASSERT_EQ(configs.size(), 2u);
  EXPECT_EQ(configs[0].at("config_key").as_string(), "PADA=1,PADB=8");
  EXPECT_EQ(configs[1].at("config_key").as_string(), "PADA=2,PADB=8");
  const ProcessResult by_key =
      run_gemmtune("db show --device-key '" + sample_device("GPU B").key + "' --size 512x512x512" + db);
  ASSERT_EQ(by_key.exit_code, 0) << by_key.err;
  EXPECT_NE(by_key.out.find("1. "), std::string::npos) << by_key.out;
  expect_bad_input("db show --size 512" + db, "2 devices");
  expect_bad_input("db show --device 7 --size 512" + db, "no device 7");
  expect_bad_input("db show --device 0" + db, "--size");

  const ProcessResult best = run_gemmtune("db best --json" + db);
  ASSERT_EQ(best.exit_code, 0) << best.err;
  EXPECT_EQ(boost::json::parse(best.out).as_array().size(), 3u);
}

// The tuned results that ship in configs/tuned/ import cleanly and are for this build's kernel: a
// kernel change without a re-tune fails here rather than ship results the dispatcher would ignore.
TEST_F(DbCommand, ShippedTuningImportsAndIsCurrent) {
  const std::string db = " --db " + quoted(directory / "shipped.db");
  const ProcessResult imported = run_gemmtune("db import " GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json" + db);
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const ProcessResult best = run_gemmtune("db best --json" + db);
  ASSERT_EQ(best.exit_code, 0) << best.err;
  const auto problems = boost::json::parse(best.out).as_array();
  std::set<std::string> shapes;
  std::map<std::string, std::set<std::string>> precisions_of_shape;
  for (const auto& problem : problems) {
    EXPECT_FALSE(problem.at("stale").as_bool()) << boost::json::serialize(problem);
    const std::string shape = std::to_string(problem.at("m").to_number<std::int64_t>()) + "x" +
                              std::to_string(problem.at("n").to_number<std::int64_t>()) + "x" +
                              std::to_string(problem.at("k").to_number<std::int64_t>()) + " " +
                              std::string(problem.at("trans").as_string());
    shapes.insert(shape);
    precisions_of_shape[shape].insert(std::string(problem.at("precision").as_string()));
  }
  // Every problem of the coverage set, in single and double precision: the dispatcher generalises
  // from them to the shapes programs call.
  const std::vector<cli::Problem> coverage = cli::coverage_problems();
  for (const auto& problem : coverage) {
    const std::string shape = cli::format_problem(problem);
    EXPECT_TRUE(precisions_of_shape[shape].contains("fp32")) << shape;
    EXPECT_TRUE(precisions_of_shape[shape].contains("fp64")) << shape;
  }
  EXPECT_GE(coverage.size(), 90u);
  // The benchmark's shapes, tuned exactly, among the coverage set's.
  for (const char* shape : {"256x256x256 NN", "512x512x512 NN", "1024x1024x1024 NN", "2048x2048x2048 NN",
                            "4096x4096x4096 NN", "8192x8192x8192 NN", "1000x1000x1000 NN", "4096x4096x256 NN",
                            "8192x64x8192 NN", "64x8192x8192 NN", "4096x4096x4096 TN"})
    EXPECT_TRUE(shapes.contains(shape)) << shape;
  EXPECT_GE(shapes.size(), 50u);
}

// The performance model's report on the shipped tuning: every configuration timed on several of
// its problems is predicted from the others, and each problem's choice is scored.
TEST_F(DbCommand, ModelReportsHeldOutQuality) {
  const std::string db = " --db " + quoted(directory / "shipped.db");
  ASSERT_EQ(run_gemmtune("db import " GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json" + db).exit_code, 0);
  const ProcessResult report = run_gemmtune("db model --json" + db);
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const auto devices = boost::json::parse(report.out).as_array();
  ASSERT_EQ(devices.size(), 1u);
  const auto& held_out = devices[0].at("held_out");
  EXPECT_GT(held_out.at("predictions").to_number<double>(), 0);
  const double choices = held_out.at("choice_geomean").to_number<double>();
  EXPECT_TRUE(choices > 0 && choices <= 1) << report.out;
  // Trial calls time the model's best few and keep the fastest: never worse than its first alone,
  // and on the shipped tuning clearly better.
  EXPECT_EQ(held_out.at("trial_candidates").to_number<double>(), 4);
  const double trials = held_out.at("trials_geomean").to_number<double>();
  EXPECT_TRUE(trials >= choices + 0.03 && trials <= 1) << report.out;
  EXPECT_GE(held_out.at("trials_worst").to_number<double>(), held_out.at("choice_worst").to_number<double>());
  // The errors by family, and of the predictions that add into C (which the cost of an addition
  // changes) by family: the H200's fp32 tuning has both families' split K.
  for (const char* family : {"xgemm", "xgemm_skinny"}) {
    EXPECT_GT(held_out.at("median_error_by_family").at(family).to_number<double>(), 0) << family;
    EXPECT_GT(held_out.at("median_error_adding_by_family").at(family).to_number<double>(), 0) << family;
  }
  double adding = 0;
  for (const auto& [family, count] : held_out.at("adding_predictions_by_family").as_object())
    adding += count.to_number<double>();
  EXPECT_EQ(adding, held_out.at("adding_predictions").to_number<double>());
  EXPECT_GT(adding, 0);
  EXPECT_LE(adding, held_out.at("predictions").to_number<double>());
  // And of the predictions that scatter stores into C on one side (which the cost of a scattered
  // store changes): the shipped tuning's flat products with unaligned rows of C have them.
  const double scattering = held_out.at("scattering_predictions").to_number<double>();
  EXPECT_GT(scattering, 0);
  EXPECT_LE(scattering, held_out.at("predictions").to_number<double>());
  EXPECT_GT(held_out.at("median_error_scattering").to_number<double>(), 0);
  const auto& terms = devices[0].at("terms");
  EXPECT_GE(terms.at("call_seconds").to_number<double>(), 0);
  // Each work-group gain is a fraction: between taking turns (0) and running as if alone (1).
  const auto gain_is_a_fraction = [](const boost::json::value& gain) {
    const double value = gain.to_number<double>();
    return value >= 0 && value <= 1;
  };
  EXPECT_TRUE(gain_is_a_fraction(terms.at("residency_gain"))) << report.out;
  // On the H200's tuning the skinny kernel's work-groups gain otherwise than the tiled kernel's.
  const auto& family_gains = terms.at("family_residency_gain").as_object();
  EXPECT_FALSE(family_gains.empty()) << report.out;
  for (const auto& [family, gain] : family_gains) EXPECT_TRUE(gain_is_a_fraction(gain)) << family;

  const ProcessResult text = run_gemmtune("db model" + db);
  EXPECT_NE(text.out.find("held-out choices"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("the fastest of its 4 best and another family's where these are one (trial calls)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("with each shape held out under every transposition"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("of configurations that add into C: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("of configurations that scatter their stores into C: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("scattered store "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("residency gain"), std::string::npos) << text.out;
  expect_bad_input("db model --precision fp12" + db, "fp12");
}

// What db model prints is what the dispatcher uses: the terms fitted to the same measurements.
TEST_F(DbCommand, ModelPrintsTheTermsTheDispatcherFits) {
  const std::filesystem::path path = directory / "shipped.db";
  ASSERT_EQ(run_gemmtune("db import " GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json --db " + quoted(path)).exit_code, 0);
  const db::Database database(path, db::Database::Mode::ReadOnly);
  ASSERT_EQ(database.devices().size(), 1u);
  const db::DeviceRecord stored = database.devices().front();
  const DeviceFingerprint device = recorded_fingerprint(stored);
  ASSERT_EQ(device.key(), stored.key);

  for (const Precision precision : {Precision::Single, Precision::Double}) {
    const ModelTerms used = learn_model(database, device, recorded_limits(stored), precision,
                                        ConfigSelector::observations_per_problem)
                                .model.terms();
    const ProcessResult report =
        run_gemmtune("db model --json --precision " + std::string(to_string(precision)) + " --db " + quoted(path));
    ASSERT_EQ(report.exit_code, 0) << report.err;
    const boost::json::value parsed = boost::json::parse(report.out);
    const auto& printed = parsed.as_array().at(0).at("terms");
    EXPECT_DOUBLE_EQ(printed.at("call_seconds").to_number<double>(), used.call_seconds);
    EXPECT_DOUBLE_EQ(printed.at("residency_gain").to_number<double>(), used.residency_gain);
    EXPECT_DOUBLE_EQ(printed.at("distance_weight").to_number<double>(), used.distance_weight);
    EXPECT_DOUBLE_EQ(printed.at("transposition_weight").to_number<double>(), used.transposition_weight);
    EXPECT_DOUBLE_EQ(printed.at("crowding_weight").to_number<double>(), used.crowding_weight);
    EXPECT_DOUBLE_EQ(printed.at("addition_seconds").to_number<double>(), used.addition_seconds);
    EXPECT_DOUBLE_EQ(printed.at("scattered_store_seconds").to_number<double>(), used.scattered_store_seconds);
    EXPECT_GT(used.scattered_store_seconds, 0);  // derived from the device's streaming rate
    for (const auto& [family, gain] : used.family_residency_gain)
      EXPECT_DOUBLE_EQ(printed.at("family_residency_gain").at(family).to_number<double>(), gain) << family;
    for (const auto& [family, seconds] : used.family_addition_seconds)
      EXPECT_DOUBLE_EQ(printed.at("family_addition_seconds").at(family).to_number<double>(), seconds) << family;
    if (precision == Precision::Single) {
      // The weights whose choices the validation sets measured on the GPU stand: no other weights
      // choose the shipped tuning's held-out problems clearly better (held_out_choice_margin). The
      // best of the grid, 1% better, ran 47 of random_100.txt's problems 11% slower.
      EXPECT_DOUBLE_EQ(used.distance_weight, 0.02);
      EXPECT_DOUBLE_EQ(used.transposition_weight, 2);
      EXPECT_DOUBLE_EQ(used.crowding_weight, 0);
    }
    // Where the fit moved the mistrust weights (fp64 here), the report says how the weights it
    // starts from choose the held-out problems: worse with each shape held out under every
    // transposition, as the fit chooses them, or the fit would have kept them (by the margin
    // before the costs of an addition, fitted after the weights, which move the choices a little).
    const auto& initial = parsed.as_array().at(0).at("initial_weights");
    EXPECT_DOUBLE_EQ(initial.at("distance_weight").to_number<double>(), 0.02);
    EXPECT_DOUBLE_EQ(initial.at("transposition_weight").to_number<double>(), 2);
    EXPECT_DOUBLE_EQ(initial.at("crowding_weight").to_number<double>(), 0);
    const bool moved = used.distance_weight != 0.02 || used.transposition_weight != 2 || used.crowding_weight != 0;
    EXPECT_EQ(initial.at("moved").as_bool(), moved) << report.out;
    EXPECT_EQ(precision == Precision::Double, moved) << "the shipped tuning's weights as the dispatcher fits them";
    if (moved) {
      // A share of the fastest measured: above nothing, at most all of it.
      EXPECT_GT(initial.at("choice_geomean").to_number<double>(), 0.5) << report.out;
      EXPECT_LE(initial.at("choice_geomean").to_number<double>(), 1) << report.out;
      EXPECT_LT(initial.at("shape_choice_geomean").to_number<double>() + held_out_choice_margin,
                parsed.as_array().at(0).at("held_out_by_shape").at("choice_geomean").to_number<double>())
          << report.out;
    } else {
      EXPECT_FALSE(initial.as_object().contains("choice_geomean")) << report.out;
    }
  }
}

// `db choose` says what the dispatcher runs on a device the database records, without the device:
// a tuned problem's measured best alone, an untuned one's predicted candidates in the model's order.
TEST_F(DbCommand, ChooseTellsWhatTheDispatcherRunsOnARecordedDevice) {
  const std::filesystem::path path = directory / "shipped.db";
  const std::string db = " --db " + quoted(path);
  ASSERT_EQ(run_gemmtune("db import " GEMMTUNE_SOURCE_DIR "/configs/tuned/nvidia-h200.json" + db).exit_code, 0);
  write_bytes(directory / "problems.txt", "4096 4096 4096 NN\n17 1 326539 TT  # a GEMV\n3194 2731 10 TT\n");
  const ProcessResult report =
      run_gemmtune("db choose --candidates 3 --json --problems " + quoted(directory / "problems.txt") + db);
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const boost::json::value parsed = boost::json::parse(report.out);
  EXPECT_EQ(parsed.at("device").at("name").as_string(), "NVIDIA H200");
  const auto& problems = parsed.at("problems").as_array();
  ASSERT_EQ(problems.size(), 3u);

  // Tuned exactly: the fastest measured configuration, which `db show` lists first.
  const auto& tuned = problems[0].as_object();
  EXPECT_EQ(tuned.at("m").to_number<std::int64_t>(), 4096);
  const auto& exact = tuned.at("candidates").as_array();
  ASSERT_EQ(exact.size(), 1u);
  EXPECT_EQ(exact[0].at("config_source").as_string(), "exact");
  const ProcessResult shown = run_gemmtune("db show --size 4096 --family xgemm --top 1 --json" + db);
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(exact[0].at("family").as_string(), "xgemm");
  // As stored, completed with the defaults of parameters added to the family since.
  const boost::json::value shown_configs = boost::json::parse(shown.out).at("configs");
  for (const auto& [name, value] : shown_configs.at(0).at("config").as_object())
    EXPECT_EQ(exact[0].at("config").at(name), value) << name;

  // Not tuned: the model's three best, different configurations, the first the library's choice,
  // and where the three are of one family the best of another after them.
  const db::Database database(path, Database::Mode::ReadOnly);
  const DeviceRecord h200 = database.devices().front();
  const ConfigSelector selector(recorded_fingerprint(h200), recorded_limits(h200), path);
  for (std::size_t i = 1; i < problems.size(); ++i) {
    const auto& problem = problems[i].as_object();
    const auto& candidates = problem.at("candidates").as_array();
    ASSERT_GE(candidates.size(), 3u) << boost::json::serialize(problem);
    ASSERT_LE(candidates.size(), 4u) << boost::json::serialize(problem);
    std::set<std::string> families;
    for (std::size_t j = 0; j < 3; ++j) families.insert(std::string(candidates[j].at("family").as_string()));
    if (candidates.size() == 4) {
      EXPECT_EQ(families.size(), 1u) << boost::json::serialize(problem);
      EXPECT_FALSE(families.contains(std::string(candidates[3].at("family").as_string())));
    }
    std::set<std::string> distinct;
    for (const auto& candidate : candidates) {
      EXPECT_EQ(candidate.at("config_source").as_string(), "nearest");
      distinct.insert(std::string(candidate.at("family").as_string()) + boost::json::serialize(candidate.at("config")) +
                      std::string(candidate.at("runs_trans").as_string()));
    }
    EXPECT_EQ(distinct.size(), candidates.size()) << boost::json::serialize(problem);
    const GemmShape shape{Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes,
                          static_cast<std::size_t>(problem.at("m").to_number<std::int64_t>()),
                          static_cast<std::size_t>(problem.at("n").to_number<std::int64_t>()),
                          static_cast<std::size_t>(problem.at("k").to_number<std::int64_t>())};
    const ConfigChoice chosen = selector.choose(shape);
    EXPECT_EQ(candidates[0].at("family").as_string(), chosen.family);
    EXPECT_EQ(candidates[0].at("config"), config_object(chosen.config));
  }
  EXPECT_EQ(problems[1].at("trans").as_string(), "TT");

  const ProcessResult text = run_gemmtune("db choose --size 17x1x326539 --trans TT" + db);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("17x1x326539 TT fp32 row-major\n  choice ", 0), 0u) << text.out;
  // The model's four best, all of one family, and the best of another.
  EXPECT_EQ(std::count(text.out.begin(), text.out.end(), '\n'), 1 + 2 * 5) << text.out;
  std::vector<std::string> families;
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string role, family;
    if (words >> role >> family && (role == "choice" || role == "trial")) families.push_back(family);
  }
  ASSERT_EQ(families.size(), 5u) << text.out;
  EXPECT_EQ(std::count(families.begin(), families.end(), families[0]), 4) << text.out;
  EXPECT_NE(families[4], families[0]) << text.out;
}

TEST_F(DbCommand, ChooseRefusesBadInput) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  write_bytes(directory / "problems.txt", "64 64 64\n");
  const std::string file = " --problems " + quoted(directory / "problems.txt");
  expect_bad_input("db choose --device 0" + db, "no problem given");
  expect_bad_input("db choose --device 0 --size 64" + file + db, "--size and --problems exclude each other");
  expect_bad_input("db choose --device 0 --trans TT" + file + db, "--trans goes with --size");
  expect_bad_input("db choose --device 0 --size 64 --candidates 0" + db, "--candidates");
  expect_bad_input("db choose --device 0 --size 64x0x64" + db, "size");
  expect_bad_input("db choose --device 0 --problems " + quoted(directory / "none.txt") + db, "none.txt");
  expect_bad_input("db choose --size 64" + db, "2 devices");
  const ProcessResult chosen = run_gemmtune("db choose --device 0 --size 512 --json" + db);
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  const boost::json::value parsed = boost::json::parse(chosen.out);
  const auto& candidates = parsed.at("problems").at(0).at("candidates").as_array();
  ASSERT_EQ(candidates.size(), 1u);
  EXPECT_EQ(candidates[0].at("config_source").as_string(), "exact");
}

// --against: only the problems whose candidates another file changes, with both lists.
TEST_F(DbCommand, ChooseAgainstAnotherDatabaseListsWhatItChanges) {
  fill(directory / "t.db");
  { Database(directory / "empty.db", Database::Mode::ReadWrite); }
  const std::string db = " --device 0 --size 512 --json --db " + quoted(directory / "t.db");
  const ProcessResult same = run_gemmtune("db choose" + db + " --against " + quoted(directory / "t.db"));
  ASSERT_EQ(same.exit_code, 0) << same.err;
  const boost::json::value unchanged = boost::json::parse(same.out);
  EXPECT_EQ(unchanged.at("compared").to_number<std::int64_t>(), 1);
  EXPECT_EQ(unchanged.at("differ").to_number<std::int64_t>(), 0);
  EXPECT_TRUE(unchanged.at("problems").as_array().empty());

  const ProcessResult changed = run_gemmtune("db choose" + db + " --against " + quoted(directory / "empty.db"));
  ASSERT_EQ(changed.exit_code, 0) << changed.err;
  const boost::json::value report = boost::json::parse(changed.out);
  EXPECT_EQ(report.at("differ").to_number<std::int64_t>(), 1);
  const auto& problem = report.at("problems").at(0);
  EXPECT_EQ(problem.at("candidates").at(0).at("config_source").as_string(), "exact");
  EXPECT_EQ(problem.at("against_candidates").at(0).at("config_source").as_string(), "default");
  const ProcessResult text = run_gemmtune("db choose --device 0 --size 512 --db " + quoted(directory / "t.db") +
                                          " --against " + quoted(directory / "empty.db"));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("\n  against: choice xgemm "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("\n1 of 1 problems' candidates differ\n"), std::string::npos) << text.out;
  expect_bad_input("db choose" + db + " --against " + quoted(directory / "missing.db"), "no such database file");
}

TEST_F(DbCommand, ExportImportRoundTrip) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  ASSERT_EQ(run_gemmtune("db export -o " + quoted(directory / "e.json") + db).exit_code, 0);
  const auto exported = boost::json::parse(read_bytes(directory / "e.json")).as_array();
  ASSERT_EQ(exported.size(), 7u);
  for (const char* field : {"device", "kernel", "m", "n", "k", "trans", "precision", "config", "status", "gflops"})
    EXPECT_TRUE(exported[0].as_object().contains(field)) << field;

  const ProcessResult imported =
      run_gemmtune("db import " + quoted(directory / "e.json") + " --json --db " + quoted(directory / "new/c.db"));
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_EQ(boost::json::parse(imported.out).at("inserted").as_int64(), 7);
  EXPECT_EQ(Database(directory / "new/c.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "t.db", Database::Mode::ReadOnly).all_evaluations());

  const ProcessResult csv = run_gemmtune("db export --format csv" + db);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 8);
}

// Export, import into a fresh database, export again: the same bytes. Importing a database's own
// export changes nothing and conflicts with nothing.
TEST_F(DbCommand, ExportImportExportIsByteIdentical) {
  fill(directory / "t.db");
  {
    Database database(directory / "t.db", Database::Mode::ReadWrite);
    // A median that Boost.JSON's parser reads one unit in the last place off.
    database.record(0, database.device_id(sample_device("GPU A")), database.kernel_id("xgemm", current_hash()),
                    database.problem_id(sample_problem(2048)), xgemm_evaluation(5, 5, 9.837066281111471E-3));
  }
  const std::string db = " --db " + quoted(directory / "t.db");
  ASSERT_EQ(run_gemmtune("db export -o " + quoted(directory / "first.json") + db).exit_code, 0);
  ASSERT_EQ(run_gemmtune("db import " + quoted(directory / "first.json") + " --db " + quoted(directory / "fresh.db"))
                .exit_code,
            0);
  ASSERT_EQ(run_gemmtune("db export -o " + quoted(directory / "second.json") + " --db " + quoted(directory / "fresh.db"))
                .exit_code,
            0);
  EXPECT_TRUE(read_bytes(directory / "second.json") == read_bytes(directory / "first.json")) << "the exports differ";

  const ProcessResult again = run_gemmtune("db import " + quoted(directory / "first.json") + " --json" + db);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const auto report = boost::json::parse(again.out).as_object();
  EXPECT_EQ(report.at("inserted").as_int64(), 0);
  EXPECT_EQ(report.at("duplicates").as_int64(), 8);
  EXPECT_TRUE(report.at("conflicts").as_array().empty()) << again.out;
}

// An entry of nonsense refuses the whole file with exit code 2 and a line naming the entry and the
// field; the database is left as it was.
TEST_F(DbCommand, ImportRefusesNonsenseAndImportsNothing) {
  fill(directory / "t.db");
  const std::string db = " --db " + quoted(directory / "t.db");
  ASSERT_EQ(run_gemmtune("db export -o " + quoted(directory / "e.json") + db).exit_code, 0);
  const boost::json::array entries = boost::json::parse(read_bytes(directory / "e.json")).as_array();
  const std::string before = read_bytes(directory / "t.db");
  // Entry 1 is PADA=2,PADB=8, status ok, on GPU A (64 KiB of local memory, work-groups of 1024).
  const auto expect_refused = [&](const std::function<void(boost::json::object&)>& change, const std::string& fragment) {
    boost::json::array changed = entries;
    change(changed[1].as_object());
    write_bytes(directory / "bad.json", boost::json::serialize(changed));
    expect_bad_input("db import " + quoted(directory / "bad.json") + db, "bad.json: entry 1: " + fragment);
    expect_bad_input("db import " + quoted(directory / "bad.json") + " --db " + quoted(directory / "new.db"),
                     "bad.json: entry 1: " + fragment);
  };
  const auto with_config = [](boost::json::object config) {
    return [config](boost::json::object& entry) {
      std::string key;
      for (const auto& [name, value] : config)
        key += (key.empty() ? "" : ",") + std::string(name) + '=' + std::to_string(value.as_int64());
      entry["config"] = config;
      entry["config_key"] = key;
    };
  };
  expect_refused([](boost::json::object& e) { e["gflops"] = -5; }, "gflops: -5 is not a positive finite number");
  expect_refused([](boost::json::object& e) { e["median_seconds"] = -1; }, "median_seconds: -1");
  expect_refused([](boost::json::object& e) { e["m"] = 0; }, "m: 0 is not a size");
  expect_refused([](boost::json::object& e) { e["trans"] = "XY"; }, "trans: 'XY' is not NN, NT, TN or TT");
  expect_refused([](boost::json::object& e) { e["config_key"] = "PADA=3,PADB=8"; },
                 "config_key: 'PADA=3,PADB=8' is not the key of config (PADA=2,PADB=8)");
  expect_refused(with_config({{"FOO", 3}, {"PADA", 2}, {"PADB", 8}}), "config: unknown xgemm parameter 'FOO'");
  expect_refused(with_config({{"PADA", 2}, {"PADB", 8}, {"TSM", 65}}), "config: rule 'TSM % WPTM == 0' fails");
  // 4 * 16 * (128 + 300 + 128 + 8) * 2 bytes of local memory: more than the device's 64 KiB.
  expect_refused(with_config({{"PADA", 300}, {"PADB", 8}}), "config: rule 'element_bytes * TSK");
  expect_refused([](boost::json::object& e) { e["kernel"] = "sgemv"; }, "kernel: unknown kernel family 'sgemv'");
  EXPECT_EQ(read_bytes(directory / "t.db"), before);
  EXPECT_FALSE(std::filesystem::exists(directory / "new.db"));

  // A database written by another program is checked alike when merged.
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(directory / "t.db") +
                                         " 'UPDATE evaluations SET gflops = -7 WHERE id = 2'")
                .exit_code,
            0);
  expect_bad_input("db merge " + quoted(directory / "t.db") + ' ' + quoted(directory / "t.db") + " -o " +
                       quoted(directory / "m.db"),
                   "t.db: entry 1: gflops: -7 is not a positive finite number");
  EXPECT_FALSE(std::filesystem::exists(directory / "m.db"));
}

TEST_F(DbCommand, MergeReportsConflictsAndRefusesToOverwrite) {
  fill(directory / "a.db");
  fill(directory / "b.db", 2.0);  // the same keys, other timings
  const std::string out = quoted(directory / "out.db");
  const ProcessResult merged =
      run_gemmtune("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " + out + " --json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  const auto report = boost::json::parse(merged.out).as_object();
  EXPECT_EQ(report.at("inserted").as_int64(), 7);
  EXPECT_EQ(report.at("duplicates").as_int64(), 3);  // the timeout and the unscaled timings
  EXPECT_EQ(report.at("conflicts").as_array().size(), 4u);
  EXPECT_EQ(Database(directory / "out.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "a.db", Database::Mode::ReadOnly).all_evaluations());

  const std::string before = read_bytes(directory / "out.db");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " + out,
                   "exists; pass --force");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") + " -o " +
                       quoted(directory / "a.db") + " --force",
                   "it is the input");
  expect_bad_input("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "missing.db") + " -o " +
                       quoted(directory / "new.db"),
                   "no such database file");
  EXPECT_FALSE(std::filesystem::exists(directory / "new.db"));
  EXPECT_EQ(read_bytes(directory / "out.db"), before);
  ASSERT_EQ(run_gemmtune("db merge " + quoted(directory / "b.db") + ' ' + quoted(directory / "a.db") + " -o " + out +
                         " --force").exit_code,
            0);
  EXPECT_EQ(Database(directory / "out.db", Database::Mode::ReadOnly).all_evaluations(),
            Database(directory / "b.db", Database::Mode::ReadOnly).all_evaluations());
}

// A crossover of the drop-in BLAS at sizes 64 and 128, the device faster at 128 only when `faster`.
CrossoverRecord blas_crossover(const std::string& precision, bool faster) {
  CrossoverRecord record;
  record.precision = precision;
  record.repeats = 1;
  record.host_blas = "libopenblas.so.0";
  record.timings = {{64, 1e-4, 2e-4}, {128, 1e-3, faster ? 5e-4 : 2e-3}};
  if (faster) record.crossover = 128;
  return record;
}

TEST_F(DbCommand, MergeCarriesBlasCrossoversAndListShowsThem) {
  {
    Database a(directory / "a.db", Database::Mode::ReadWrite);
    a.record_crossover(sample_device("GPU A"), blas_crossover("fp32", true));
    a.record_crossover(sample_device("GPU A"), blas_crossover("fp64", false));
    Database b(directory / "b.db", Database::Mode::ReadWrite);
    b.record_crossover(sample_device("GPU A"), blas_crossover("fp32", false));  // a conflict: A's kept
    b.record_crossover(sample_device("GPU B"), blas_crossover("fp32", true));
  }
  const ProcessResult merged = run_gemmtune("db merge " + quoted(directory / "a.db") + ' ' + quoted(directory / "b.db") +
                                            " -o " + quoted(directory / "out.db") + " --json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  const auto report = boost::json::parse(merged.out).at("blas_crossovers").as_object();
  EXPECT_EQ(report.at("inserted").as_int64(), 3);
  EXPECT_EQ(report.at("conflicts").as_array().size(), 1u);
  const Database out(directory / "out.db", Database::Mode::ReadOnly);
  EXPECT_EQ(out.all_crossovers().size(), 3u);
  EXPECT_EQ(out.crossover(sample_device("GPU A").key, "fp32")->crossover, 128);
  EXPECT_FALSE(out.crossover(sample_device("GPU A").key, "fp64")->crossover);

  const ProcessResult list = run_gemmtune("db list --db " + quoted(directory / "out.db"));
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("blas crossover fp32: 128 (host 1.000 ms, device 0.500 ms at 128;"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("blas crossover fp64: none, the device never faster up to 128"), std::string::npos)
      << list.out;
  const ProcessResult json = run_gemmtune("db list --json --db " + quoted(directory / "out.db"));
  const auto devices = boost::json::parse(json.out).at("devices").as_array();
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(devices[0].at("blas_crossovers").as_array().size(), 2u);
  EXPECT_TRUE(devices[0].at("blas_crossovers").at(1).at("crossover").is_null());
}

TEST_F(DbCommand, CheckReportsTheSchemaVersion) {
  fill(directory / "t.db");
  const ProcessResult check = run_gemmtune("db check --json --db " + quoted(directory / "t.db"));
  ASSERT_EQ(check.exit_code, 0) << check.err;
  const auto out = boost::json::parse(check.out).as_object();
  EXPECT_EQ(out.at("integrity").as_string(), "ok");
  EXPECT_EQ(out.at("schema_version").as_int64(), out.at("build_schema_version").as_int64());
}

// A page of a table overwritten stops SQLite's own check part way: check reports the file damaged
// in its usual form, as it does for the problems a whole check lists.
TEST_F(DbCommand, CheckReportsDamageThatStopsSqlitesCheck) {
  const auto damaged = directory / "damaged.db";
  fill(damaged);
  // Out of WAL mode, which opening it to write would switch back (a write of the header).
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(damaged) + " 'PRAGMA journal_mode = DELETE' > /dev/null").exit_code, 0);
  std::string bytes = read_bytes(damaged);
  const std::size_t page = (static_cast<unsigned char>(bytes[16]) << 8) | static_cast<unsigned char>(bytes[17]);
  ASSERT_GE(bytes.size(), 3 * page);
  std::fill_n(bytes.begin() + static_cast<std::ptrdiff_t>(page), page, '\xab');  // page 2, a table's
  write_bytes(damaged, bytes);
  const ProcessResult check = run_gemmtune("db check --db " + quoted(damaged));
  EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
  EXPECT_NE(check.out.find("integrity DAMAGED"), std::string::npos) << check.out << check.err;
  EXPECT_NE(check.out.find("malformed"), std::string::npos) << check.out;
  const ProcessResult json = run_gemmtune("db check --json --db " + quoted(damaged));
  EXPECT_EQ(json.exit_code, 1) << json.err;
  EXPECT_EQ(boost::json::parse(json.out).at("integrity").as_string(), "damaged") << json.out;

  // The writers refuse it before their first write, in one line, the file as it was.
  const std::string before = read_bytes(damaged);
  write_bytes(directory / "none.json", "[]");
  expect_bad_input("db import " + quoted(directory / "none.json") + " --db " + quoted(damaged), "damaged.db: damaged (");
  expect_bad_input("tune --sizes 8 --budget 1 --db " + quoted(damaged), "damaged.db: damaged (");
  EXPECT_EQ(read_bytes(damaged), before);
}

// SQLite may find a file sound that is no (longer a) gemmtune database: check names what is missing.
TEST_F(DbCommand, CheckFailsOnAnIncompleteSchemaNamingWhatIsMissing) {
  fill(directory / "dropped.db");
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(directory / "dropped.db") + " 'DROP VIEW best_configs'")
                .exit_code,
            0);
  const ProcessResult dropped = run_gemmtune("db check --db " + quoted(directory / "dropped.db"));
  EXPECT_EQ(dropped.exit_code, 1) << dropped.out << dropped.err;
  EXPECT_NE(dropped.out.find("schema INCOMPLETE\n  view best_configs is missing\n"), std::string::npos) << dropped.out;
  const ProcessResult json = run_gemmtune("db check --json --db " + quoted(directory / "dropped.db"));
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_EQ(boost::json::parse(json.out).at("schema_problems").as_array(), boost::json::array{"view best_configs is missing"});

  const auto other = directory / "other.db";
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(other) +
                                         " 'CREATE TABLE contacts (name TEXT); PRAGMA user_version = 1'")
                .exit_code,
            0);
  const std::string other_bytes = read_bytes(other);
  const ProcessResult foreign = run_gemmtune("db check --db " + quoted(other));
  EXPECT_EQ(foreign.exit_code, 1) << foreign.out << foreign.err;
  EXPECT_NE(foreign.out.find("schema version 1 without any of its tables"), std::string::npos) << foreign.out;
  write_bytes(directory / "empty.json", "[]");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(other), "not a gemmtune database");
  EXPECT_EQ(read_bytes(other), other_bytes);  // not even switched to WAL

  const auto negative = directory / "negative.db";
  fill(negative);
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(negative) + " 'PRAGMA user_version = -1'").exit_code, 0);
  const std::string negative_bytes = read_bytes(negative);
  expect_bad_input("db check --db " + quoted(negative), "not a gemmtune database (schema version -1)");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(negative),
                   "not a gemmtune database (schema version -1)");
  EXPECT_EQ(read_bytes(negative), negative_bytes);
}

// SQLite would otherwise report the first query that meets a missing part ("no such table"), with
// exit code 1 and without saying whose the file is.
TEST_F(DbCommand, ReadingCommandsRefuseAnIncompleteSchemaNamingTheFileAndWhatIsMissing) {
  const auto sound = directory / "sound.db";
  fill(sound);
  const std::vector<std::pair<std::string, std::string>> damages = {
      {"DROP VIEW best_configs", "view best_configs is missing"},
      {"DROP TABLE sessions", "table sessions is missing"},
      {"ALTER TABLE sessions DROP COLUMN tool_version", "table sessions: column tool_version is missing"},
  };
  for (const auto& [damage, missing] : damages) {
    const auto damaged = directory / "damaged.db";
    std::filesystem::copy_file(sound, damaged, std::filesystem::copy_options::overwrite_existing);
    ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(damaged) + " '" + damage + "'").exit_code, 0) << damage;
    const std::string bytes = read_bytes(damaged);
    const std::string message = damaged.string() + ": not a gemmtune database, or a damaged one: " + missing;
    for (const std::string command : {"list", "list --json", "show --size 512", "best", "export"})
      expect_bad_input("db " + command + " --db " + quoted(damaged), message);
    expect_bad_input("db merge " + quoted(sound) + ' ' + quoted(damaged) + " -o " + quoted(directory / "m.db"), message);
    expect_bad_input("simulate --db " + quoted(damaged), message);
    EXPECT_EQ(read_bytes(damaged), bytes);
  }
  const auto tables_missing = directory / "version-only.db";
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(tables_missing) + " 'CREATE TABLE notes (text TEXT); " +
                                         "PRAGMA user_version = " + std::to_string(current_schema_version()) + "'")
                .exit_code,
            0);
  expect_bad_input("db list --db " + quoted(tables_missing),
                   tables_missing.string() + ": not a gemmtune database, or a damaged one: schema version " +
                       std::to_string(current_schema_version()) + " without any of its tables");
  EXPECT_FALSE(std::filesystem::exists(directory / "m.db"));
}

// An earlier build's file is listed, shown and exported as this build reads it, and not changed.
TEST_F(DbCommand, ReadingCommandsReadAnOlderSchemaWithoutChangingTheFile) {
  const auto old_file = directory / "version1.db";
  {
    testing::Version1Database old(old_file);
    const auto kernel = old.add_kernel("xgemm", current_hash());
    const auto device = old.add_device(sample_device("GPU A"));
    const KernelConfig config = {{"PADA", 1}, {"PADB", 8}};
    old.add_evaluation(device, kernel, old.add_problem(sample_problem(512, 512, 512, "fp64")), 0, config, 1e-3);
  }
  const std::string bytes = read_bytes(old_file);
  const ProcessResult list = run_gemmtune("db list --db " + quoted(old_file));
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("fp64 row NN 512x512x512: 1 evaluations, 1 ok"), std::string::npos) << list.out;
  const ProcessResult best = run_gemmtune("db best --json --db " + quoted(old_file));
  ASSERT_EQ(best.exit_code, 0) << best.err;
  const auto entry = boost::json::parse(best.out).as_array().at(0).as_object();
  EXPECT_EQ(entry.at("config_key").as_string(), "PADA=1,PADB=8");
  EXPECT_EQ(entry.at("precision").as_string(), "fp64");
  EXPECT_EQ(entry.at("device_key").as_string(), sample_device("GPU A").key);
  EXPECT_FALSE(entry.at("stale").as_bool());
  const ProcessResult check = run_gemmtune("db check --json --db " + quoted(old_file));
  EXPECT_EQ(boost::json::parse(check.out).at("schema_version").as_int64(), 1);  // the file itself is not upgraded
  EXPECT_EQ(read_bytes(old_file), bytes);
}

TEST_F(DbCommand, BadFilesExitTwoAndStayUntouched) {
  const auto text = directory / "notes.txt";
  write_bytes(text, "not a database\n");
  const auto foreign = directory / "newer.db";
  {
    Database database(foreign, Database::Mode::ReadWrite);
  }
  ASSERT_EQ(gemmtune::testing::run_shell("sqlite3 " + quoted(foreign) + " 'PRAGMA user_version = 99'").exit_code, 0);
  const std::string foreign_bytes = read_bytes(foreign);
  for (const char* command : {"list", "show --size 64", "best", "export", "check", "choose --size 64"}) {
    expect_bad_input(std::string("db ") + command + " --db " + quoted(text), "not an SQLite database");
    expect_bad_input(std::string("db ") + command + " --db " + quoted(directory / "missing.db"), "no such database file");
    expect_bad_input(std::string("db ") + command + " --db " + quoted(foreign), "newer than this build");
  }
  expect_bad_input("db import /dev/null --db " + quoted(text), "not JSON");
  write_bytes(directory / "empty.json", "[]");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(text), "not an SQLite database");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(foreign), "newer than this build");
  expect_bad_input("db import " + quoted(directory / "empty.json") + " --db " + quoted(text / "sub.db"),
                   "cannot create directory");
  expect_bad_input("db import " + quoted(directory / "missing.json") + " --db " + quoted(directory / "x.db"),
                   "cannot open the file to import");
  expect_bad_input("db merge " + quoted(text) + ' ' + quoted(foreign) + " -o " + quoted(directory / "m.db"),
                   "not an SQLite database");
  expect_bad_input("db export -o " + quoted(text) + " --db " + quoted(foreign), "exists; pass --force");
  expect_bad_input("db list --db " + quoted(directory.path()), "not a regular file");
  expect_bad_input("db nosuch", "unknown subcommand");
  expect_bad_input("db list --frobnicate", "frobnicate");
  EXPECT_EQ(read_bytes(text), "not a database\n");
  EXPECT_EQ(read_bytes(foreign), foreign_bytes);
  EXPECT_FALSE(std::filesystem::exists(directory / "x.db"));
  EXPECT_FALSE(std::filesystem::exists(directory / "m.db"));
}

}  // namespace
}  // namespace gemmtune::db
