// `gemmtune crossover` on the test device: it records one entry per precision, which a second run
// replaces, in a database `db check` passes; a database it cannot write and bad options are refused
// in one line, before anything is measured.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>

#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

// Two small sizes, one timed call each: seconds on PoCL once the kernels are compiled.
const std::string quick = " --sizes 16,32 --repeats 1";

void expect_refused(const ProcessResult& result, const std::string& fragment) {
  EXPECT_EQ(result.exit_code, 2) << result.err << result.out;
  EXPECT_NE(result.err.find(fragment), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

TEST(CrossoverCommand, RecordsOneEntryPerPrecisionAndReplacesItWhenRunAgain) {
  db::testing::TemporaryDirectory directory;
  const fs::path path = directory / "tuning.db";
  const bool fp64 = limits_of(select_device("").device).fp64;
  const ProcessResult first = run_gemmtune("crossover --db " + quoted(path) + quick + " --json");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto printed = boost::json::parse(first.out).as_object().at("crossovers").as_array();
  ASSERT_EQ(printed.size(), fp64 ? 2u : 1u);
  EXPECT_EQ(printed[0].at("timings").as_array().size(), 2u);

  const ProcessResult check = run_gemmtune("db check --db " + quoted(path));
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  const auto before = db::Database(path, db::Database::Mode::ReadOnly).all_crossovers();
  ASSERT_EQ(before.size(), printed.size());

  const ProcessResult again = run_gemmtune("crossover --db " + quoted(path) + quick + " --precision fp32");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("fp32:"), std::string::npos) << again.out;
  const auto after = db::Database(path, db::Database::Mode::ReadOnly).all_crossovers();
  ASSERT_EQ(after.size(), before.size());  // replaced, not added
  EXPECT_EQ(after[0].crossover.precision, "fp32");
  EXPECT_GT(after[0].crossover.measured_at, before[0].crossover.measured_at);
  if (fp64) {
    EXPECT_EQ(after[1].crossover, before[1].crossover);  // the other precision untouched
  }

  const ProcessResult list = run_gemmtune("db list --db " + quoted(path));
  EXPECT_NE(list.out.find("blas crossover fp32: "), std::string::npos) << list.out;
}

TEST(CrossoverCommand, ADatabaseItCannotWriteIsRefusedBeforeMeasuring) {
  db::testing::TemporaryDirectory directory;
  const fs::path path = directory / "tuning.db";
  { db::Database created(path, db::Database::Mode::ReadWrite); }
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string before = db::testing::read_bytes(path);
  // root writes any file: the command runs as nobody then.
  const std::string as_reader = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  const ProcessResult result =
      run_shell(as_reader + gemmtune_binary() + " crossover --db " + quoted(path) + quick);
  expect_refused(result, "not writable");
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(db::testing::read_bytes(path), before);
}

TEST(CrossoverCommand, BadOptionsAreRefusedInOneLine) {
  expect_refused(run_gemmtune("crossover --sizes 32,16"), "--sizes must ascend");
  expect_refused(run_gemmtune("crossover --sizes 0,16"), "--sizes");
  expect_refused(run_gemmtune("crossover --precision fp16"), "--precision must be fp32, fp64 or both");
  expect_refused(run_gemmtune("crossover --repeats 0"), "--repeats");
}

TEST(CrossoverCommand, MeasuresTheLibrarysDeviceByDefault) {
  db::testing::TemporaryDirectory directory;
  const ProcessResult result =
      run_shell("GEMMTUNE_DEVICE=no-such-platform:0 " + gemmtune_binary() + " crossover --db " +
                quoted(directory / "tuning.db") + quick);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("unknown device 'no-such-platform:0'"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gemmtune::testing
