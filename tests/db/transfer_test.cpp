// Export, import and merge: lossless JSON round trips, duplicates skipped, conflicts reported.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cmath>
#include <random>

#include "db/database.hpp"
#include "db/transfer.hpp"
#include "db_test_support.hpp"
#include "scratch_database.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;

// Two sessions on two devices, failures included, awkward text and numbers.
void fill(Database& database, const std::string& driver, double scale) {
  const auto device = database.device_id(sample_device("GPU \"quoted\", name", driver));
  const auto kernel = database.kernel_id("xgemm", "hash");
  const auto session = database.begin_session({"gemmtune tune --sizes 512", "random", "0.1.0", ~0ull - 7, 10, 2.5},
                                              device, kernel);
  for (int i = 1; i <= 5; ++i)
    database.record(session, device, kernel, database.problem_id(sample_problem(128 * i)),
                    sample_evaluation(i, 8, scale * 0.1 / 3 * i));
  database.record(session, device, kernel, database.problem_id(sample_problem()),
                  sample_evaluation(99, 1, 0, "compile_error"));
  database.end_session(session);
  const auto cpu = database.device_id(sample_device("CPU", driver, "Acme", "cpu"));
  database.record(0, cpu, kernel, database.problem_id(sample_problem(64, 32, 16, "fp64", "TT")),
                  sample_evaluation(4, 4, scale * 1e-7));
}

TEST(Transfer, JsonExportImportRoundTripIsLossless) {
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  const auto original = source.all_evaluations();
  ASSERT_EQ(original.size(), 7u);

  const std::string text = export_json(original);
  const auto parsed = import_json(text, "export.json");
  EXPECT_EQ(parsed, original);

  testing::ScratchDatabase target;
  const ImportReport report = target.import(parsed);
  EXPECT_EQ(report.inserted, 7);
  EXPECT_EQ(report.duplicates, 0);
  EXPECT_TRUE(report.conflicts.empty());
  EXPECT_EQ(target.all_evaluations(), original);  // times and sessions kept
  EXPECT_EQ(export_json(target.all_evaluations()), text);

  // Importing again changes nothing.
  const ImportReport again = target.import(parsed);
  EXPECT_EQ(again.inserted, 0);
  EXPECT_EQ(again.duplicates, 7);
  EXPECT_EQ(target.all_evaluations().size(), 7u);
}

// Times and rates with every digit significant: about one in ten such doubles came back one unit in
// the last place off through Boost.JSON's parser, and then met itself as a conflict.
TEST(Transfer, DoublesComeBackBitForBit) {
  testing::ScratchDatabase source;
  const auto device = source.device_id(sample_device());
  const auto kernel = source.kernel_id("xgemm", "hash");
  const auto problem = source.problem_id(sample_problem());
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> exponent(-7, 1);
  for (int i = 0; i < 200; ++i) {
    // The first: a value seen to come back off by one unit.
    EvaluationRecord e = sample_evaluation(i, 1, i == 0 ? 9.837066281111471E-3 : std::pow(10.0, exponent(random)));
    e.spread = std::pow(10.0, exponent(random));
    e.compile_seconds = std::pow(10.0, exponent(random));
    source.record(0, device, kernel, problem, e);
  }
  const std::string text = export_json(source.all_evaluations());

  testing::ScratchDatabase fresh;
  EXPECT_EQ(fresh.import(import_json(text, "export.json")).inserted, 200);
  EXPECT_TRUE(export_json(fresh.all_evaluations()) == text) << "the second export differs from the first";

  const ImportReport again = source.import(import_json(text, "export.json"));
  EXPECT_EQ(again.inserted, 0);
  EXPECT_EQ(again.duplicates, 200);
  EXPECT_TRUE(again.conflicts.empty()) << again.conflicts.front();
}

TEST(Transfer, JsonHasTheDocumentedFields) {
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  const std::string text = export_json(source.all_evaluations());
  for (const char* field : {"\"device\":", "\"kernel\":", "\"m\":", "\"n\":", "\"k\":", "\"trans\":",
                            "\"precision\":", "\"config\":{", "\"status\":", "\"gflops\":"})
    EXPECT_NE(text.find(field), std::string::npos) << field;
}

TEST(Transfer, ImportRefusesMalformedInputNamingTheEntry) {
  EXPECT_THROW(import_json("not json", "x.json"), InvalidArgument);
  EXPECT_THROW(import_json("{}", "x.json"), InvalidArgument);
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  std::string text = export_json(source.all_evaluations());
  text.replace(text.find("\"status\":\"ok\""), 13, "\"status\":\"meh\"");
  try {
    import_json(text, "x.json");
    ADD_FAILURE();
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("x.json: entry 0: status: 'meh' is not one of ok"), std::string::npos) << error.what();
  }
  EXPECT_EQ(import_json("[]", "x.json").size(), 0u);
}

// The entry is named by its number (from 0) and the field; nothing of the file is returned.
TEST(Transfer, ImportRefusesAnInvalidEntryNamingItsNumberAndField) {
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  const std::string text = export_json(source.all_evaluations());
  const auto refusal = [&](const char* field, boost::json::value value) {
    boost::json::array entries = boost::json::parse(text).as_array();
    entries[2].as_object()[field] = std::move(value);
    try {
      import_json(boost::json::serialize(entries), "x.json");
    } catch (const InvalidArgument& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("gflops", -5), "x.json: entry 2: gflops: -5 is not a positive finite number");
  EXPECT_EQ(refusal("median_seconds", 0), "x.json: entry 2: median_seconds: 0 is not a positive finite number");
  EXPECT_EQ(refusal("m", 0), "x.json: entry 2: m: 0 is not a size (at least 1)");
  EXPECT_EQ(refusal("trans", "XY"), "x.json: entry 2: trans: 'XY' is not NN, NT, TN or TT");
  EXPECT_EQ(refusal("config_key", "KWG=16"), "x.json: entry 2: config_key: 'KWG=16' is not the key of config (KWG=16,MWG=3,NWG=8)");
  EXPECT_EQ(refusal("runs", "five"), "x.json: entry 2: field 'runs' is not an integer in range");
}

TEST(Transfer, DatabaseImportRefusesTheWholeBatchForOneBadEvaluation) {
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  auto evaluations = source.all_evaluations();
  evaluations[3].evaluation.gflops = -1;
  testing::ScratchDatabase target;
  try {
    target.import(evaluations);
    ADD_FAILURE() << "imported";
  } catch (const InvalidArgument& error) {
    EXPECT_NE(std::string(error.what()).find("evaluation 3 to import"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("gflops: -1"), std::string::npos) << error.what();
  }
  EXPECT_TRUE(target.all_evaluations().empty());
  EXPECT_TRUE(target.devices().empty());
}

TEST(Transfer, CsvHasAHeaderAndQuotesText) {
  testing::ScratchDatabase source;
  fill(source, "1.0", 1.0);
  const std::string csv = export_csv(source.all_evaluations());
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "device_key,device_name,driver_version,kernel,kernel_hash,precision,layout,trans,m,n,k,config_key,"
            "status,runs,min_seconds,median_seconds,spread,gflops,compile_seconds,error,recorded_at,session_uid");
  EXPECT_NE(csv.find("\"GPU \"\"quoted\"\", name\""), std::string::npos);
  EXPECT_NE(csv.find("\"KWG=16,MWG=1,NWG=8\""), std::string::npos);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 8);
}

TEST(Transfer, MergeOfOverlappingDatabasesKeepsTheFirstAndReportsConflicts) {
  testing::ScratchDatabase a;
  fill(a, "1.0", 1.0);
  testing::ScratchDatabase b;
  b.import(a.all_evaluations());  // the same measurements (duplicates) ...
  fill(b, "2.0", 1.0);            // ... another driver (new) ...
  const auto device = b.device_id(sample_device("GPU \"quoted\", name", "1.0"));
  const auto kernel = b.kernel_id("xgemm", "hash");
  const auto problem = b.problem_id(sample_problem(4096));
  b.record(0, device, kernel, problem, sample_evaluation(1, 1, 0.5));  // ... one only in b ...
  testing::ScratchDatabase c;
  fill(c, "1.0", 2.0);  // ... and a database whose same keys measured differently: conflicts

  testing::ScratchDatabase merged;
  const ImportReport from_a = merged.import(a.all_evaluations());
  EXPECT_EQ(from_a.inserted, 7);
  const ImportReport from_b = merged.import(b.all_evaluations());
  EXPECT_EQ(from_b.inserted, 8);
  EXPECT_EQ(from_b.duplicates, 7);
  EXPECT_TRUE(from_b.conflicts.empty());
  const ImportReport from_c = merged.import(c.all_evaluations());
  EXPECT_EQ(from_c.inserted, 0);
  EXPECT_EQ(from_c.duplicates, 1);  // the compile error: no timings, so nothing differs
  ASSERT_EQ(from_c.conflicts.size(), 6u);
  EXPECT_NE(from_c.conflicts[0].find("kept ok"), std::string::npos) << from_c.conflicts[0];
  EXPECT_EQ(merged.all_evaluations().size(), 15u);
  // The first kept: a's timings.
  const auto best = merged.best(sample_device("CPU", "1.0", "Acme", "cpu").key, {"xgemm", "hash"},
                                sample_problem(64, 32, 16, "fp64", "TT"));
  ASSERT_TRUE(best.has_value());
  EXPECT_DOUBLE_EQ(best->median_seconds, 1e-7);
  // Sessions are merged by uid, not duplicated.
  std::set<std::string> sessions;
  for (const auto& e : merged.all_evaluations())
    if (e.session) sessions.insert(e.session->uid);
  EXPECT_EQ(sessions.size(), 2u);  // c's session has no evaluation of its own
}

}  // namespace
}  // namespace gemmtune::db
