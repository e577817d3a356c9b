// The drop-in BLAS's crossovers in the database: one entry per device and precision, replaced when
// measured again, "never faster" kept as such, checked before they are written, carried by merges.
#include <gtest/gtest.h>

#include "db/crossover_size.hpp"
#include "db/database.hpp"
#include "db/record_validation.hpp"
#include "gemmtune/error.hpp"
#include "scratch_database.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::ScratchDatabase;

// Sizes 64, 128, 256; the device faster from `from` on (none: never).
CrossoverRecord measured(const std::string& precision, std::optional<std::int64_t> from, double scale = 1.0) {
  CrossoverRecord record;
  record.precision = precision;
  record.repeats = 3;
  record.host_blas = "libopenblas.so.0";
  for (const std::int64_t size : {64, 128, 256}) {
    const double host = scale * 1e-6 * static_cast<double>(size * size * size) / (64.0 * 64 * 64);
    record.timings.push_back({size, host, from && size >= *from ? host / 2 : host * 2});
  }
  record.crossover = crossover_size(record.timings);
  return record;
}

TEST(CrossoverSize, IsTheSmallestSizeFromWhichTheDeviceStaysFaster) {
  EXPECT_EQ(crossover_size(measured("fp32", 128).timings), 128);
  EXPECT_EQ(crossover_size(measured("fp32", 64).timings), 64);
  EXPECT_EQ(crossover_size(measured("fp32", std::nullopt).timings), std::nullopt);
  // Faster at 64, slower at 128, faster at 256: from 256 on.
  EXPECT_EQ(crossover_size({{64, 2, 1}, {128, 1, 2}, {256, 2, 1}}), 256);
  // Faster at 64 only: never, from the largest size's point of view.
  EXPECT_EQ(crossover_size({{64, 2, 1}, {128, 1, 2}}), std::nullopt);
  // A tie is no win.
  EXPECT_EQ(crossover_size({{64, 1, 1}}), std::nullopt);
}

TEST(Crossovers, RecordingAgainReplacesTheEntry) {
  ScratchDatabase database;
  database.record_crossover(sample_device(), measured("fp32", 128));
  database.record_crossover(sample_device(), measured("fp64", 256));
  database.record_crossover(sample_device(), measured("fp32", 64, 2.0));
  const auto all = database.all_crossovers();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].crossover.precision, "fp32");
  EXPECT_EQ(all[0].crossover.crossover, 64);
  EXPECT_EQ(all[0].crossover.timings, measured("fp32", 64, 2.0).timings);  // every time read back exactly
  EXPECT_FALSE(all[0].crossover.measured_at.empty());
  EXPECT_EQ(all[1].crossover.crossover, 256);
  EXPECT_EQ(database.crossover(sample_device().key, "fp64")->crossover, 256);
  EXPECT_FALSE(database.crossover(sample_device().key, "fp16"));
  EXPECT_FALSE(database.crossover(sample_device("Another GPU").key, "fp32"));
}

TEST(Crossovers, NeverFasterIsStoredAsNoneWithTheLargestSize) {
  ScratchDatabase database;
  database.record_crossover(sample_device(), measured("fp32", std::nullopt));
  const auto stored = database.crossover(sample_device().key, "fp32");
  ASSERT_TRUE(stored);
  EXPECT_FALSE(stored->crossover);
  EXPECT_EQ(stored->largest_size(), 256);
}

TEST(Crossovers, AnInconsistentRecordIsRefusedAndNothingWritten) {
  ScratchDatabase database;
  CrossoverRecord wrong = measured("fp32", 128);
  wrong.crossover = 64;  // the timings say 128
  EXPECT_THROW(database.record_crossover(sample_device(), wrong), InvalidArgument);
  EXPECT_EQ(invalid_crossover(wrong), "crossover: 64 is not the one the timings give (128)");
  CrossoverRecord unordered = measured("fp32", 128);
  std::swap(unordered.timings[0], unordered.timings[1]);
  EXPECT_TRUE(invalid_crossover(unordered));
  CrossoverRecord other = measured("fp16", 128);
  EXPECT_EQ(invalid_crossover(other), "precision: 'fp16' is not fp32 or fp64");
  EXPECT_TRUE(database.all_crossovers().empty());
  EXPECT_TRUE(database.devices().empty());
}

TEST(Crossovers, ImportKeepsTheStoredEntryAndReportsADifferentOne) {
  ScratchDatabase source, into;
  source.record_crossover(sample_device(), measured("fp32", 128));
  source.record_crossover(sample_device("Another GPU"), measured("fp64", std::nullopt));
  into.record_crossover(sample_device(), measured("fp32", 64));
  const auto report = into.import_crossovers(source.all_crossovers());
  EXPECT_EQ(report.inserted, 1);
  EXPECT_EQ(report.conflicts.size(), 1u);
  EXPECT_EQ(into.crossover(sample_device().key, "fp32")->crossover, 64);
  EXPECT_FALSE(into.crossover(sample_device("Another GPU").key, "fp64")->crossover);
  // The same entries again: duplicates, measured_at included.
  const auto again = into.import_crossovers(into.all_crossovers());
  EXPECT_EQ(again.inserted, 0);
  EXPECT_EQ(again.duplicates, 2);
  EXPECT_TRUE(again.conflicts.empty());
}

}  // namespace
}  // namespace gemmtune::db
