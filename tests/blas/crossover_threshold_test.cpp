// The library's threshold from the crossover recorded for its device in $GEMMTUNE_DB, the variable
// over it, and the default when the database cannot be read. One case per process (CTest runs each
// with its own environment): the threshold is resolved once, at the first call.
#include <cblas.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "db/crossover_size.hpp"
#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "dispatch/device_record.hpp"
#include "gemmtune/blas.h"

namespace {

using gemmtune::db::CrossoverRecord;

unsigned long long sgemm_device_calls(int m, int n, int k) {
  std::vector<float> a(static_cast<std::size_t>(m) * k, 1.0f), b(static_cast<std::size_t>(k) * n, 1.0f),
      c(static_cast<std::size_t>(m) * n, 0.0f);
  const unsigned long long before = gemmtune_blas_device_calls();
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), m, b.data(), k, 0.0f, c.data(), m);
  EXPECT_EQ(c.back(), static_cast<float>(k));
  return gemmtune_blas_device_calls() - before;
}

unsigned long long dgemm_device_calls(int size) {
  std::vector<double> a(static_cast<std::size_t>(size) * size, 1.0), c(a.size(), 0.0);
  const unsigned long long before = gemmtune_blas_device_calls();
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, size, size, size, 1.0, a.data(), size, a.data(), size, 0.0,
              c.data(), size);
  EXPECT_EQ(c.back(), static_cast<double>(size));
  return gemmtune_blas_device_calls() - before;
}

// Timings at 16, 32 and 64 with the device faster from `from` on (none: never).
CrossoverRecord crossover_from(const std::string& precision, std::optional<std::int64_t> from) {
  CrossoverRecord record;
  record.precision = precision;
  record.repeats = 1;
  record.host_blas = "libopenblas.so.0";
  for (const std::int64_t size : {16, 32, 64})
    record.timings.push_back({size, 1e-3, from && size >= *from ? 5e-4 : 2e-3});
  record.crossover = gemmtune::db::crossover_size(record.timings);
  return record;
}

// The database the library reads ($GEMMTUNE_DB, set by CTest), made anew with these entries for
// the device the library chooses.
void record_for_the_library(const std::vector<CrossoverRecord>& crossovers) {
  const std::filesystem::path path = std::getenv("GEMMTUNE_DB");
  std::filesystem::remove(path);
  const char* selector = std::getenv("GEMMTUNE_DEVICE");
  const auto device = gemmtune::device_record(gemmtune::select_device(selector ? selector : "").fingerprint);
  gemmtune::db::Database database(path, gemmtune::db::Database::Mode::ReadWrite);
  for (const auto& crossover : crossovers) database.record_crossover(device, crossover);
}

// sgemm from 32^3 on, dgemm never.
void record_sgemm_32_dgemm_never() {
  record_for_the_library({crossover_from("fp32", 32), crossover_from("fp64", std::nullopt)});
}

TEST(RecordedCrossover, SendsCallsFromItsCubeOnAndSaysSo) {
  record_sgemm_32_dgemm_never();
  ::testing::internal::CaptureStderr();
  const auto below = sgemm_device_calls(32, 32, 31);
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(below, 0u);
  EXPECT_EQ(sgemm_device_calls(32, 32, 32), 1u);
  EXPECT_EQ(sgemm_device_calls(16, 64, 32), 1u);  // as many multiply-adds as 32^3
  EXPECT_NE(told.find("the sgemm threshold is 32768 multiply-adds, from the crossover of "), std::string::npos) << told;
  EXPECT_NE(told.find("32^3 (measured "), std::string::npos) << told;
}

TEST(RecordedCrossover, NeverFasterKeepsEveryCallOnTheHost) {
  record_sgemm_32_dgemm_never();
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(dgemm_device_calls(256), 0u);  // the default threshold would send it to the device
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(told.find("the dgemm threshold is none (no call goes to the device), from every call on the host: "),
            std::string::npos)
      << told;
  EXPECT_NE(told.find("never faster up to 64^3"), std::string::npos) << told;
}

// Run with GEMMTUNE_BLAS_THRESHOLD=4096.
TEST(RecordedCrossover, TheVariableOverridesIt) {
  record_sgemm_32_dgemm_never();
  ::testing::internal::CaptureStderr();
  const auto at_the_variable = sgemm_device_calls(16, 16, 16);
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(at_the_variable, 1u);
  EXPECT_EQ(sgemm_device_calls(16, 16, 15), 0u);
  EXPECT_NE(told.find("the sgemm threshold is 4096 multiply-adds, from GEMMTUNE_BLAS_THRESHOLD"), std::string::npos) << told;
}

// A database that is not SQLite: the default, and no error.
TEST(UnreadableDatabase, MeansTheDefault) {
  std::ofstream(std::getenv("GEMMTUNE_DB"), std::ios::binary | std::ios::trunc) << "not a database";
  ::testing::internal::CaptureStderr();
  const auto below = sgemm_device_calls(256, 256, 255);
  const std::string told = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(below, 0u);
  EXPECT_EQ(sgemm_device_calls(256, 256, 256), 1u);
  EXPECT_NE(told.find("the sgemm threshold is 16777216 multiply-adds, from the built-in default (256^3): "), std::string::npos)
      << told;
  EXPECT_EQ(told.find("error"), std::string::npos) << told;
}

}  // namespace
