// The dispatcher's queries on a crafted database: exact, per problem, other driver, vendor and type.
#include <gtest/gtest.h>

#include "db/database.hpp"
#include "db_test_support.hpp"
#include "scratch_database.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_evaluation;
using testing::sample_problem;

class Queries : public ::testing::Test {
 protected:
  void SetUp() override {
    kernel = database.kernel_id("xgemm", hash);
    stale_kernel = database.kernel_id("xgemm", "old");
    // This device, driver 1.0: two problems, several configs, one failure faster than everything.
    add(here, sample_problem(), sample_evaluation(64, 64, 0.004));
    add(here, sample_problem(), sample_evaluation(32, 64, 0.002));  // best of 512^3
    add(here, sample_problem(), sample_evaluation(16, 64, 0.003));
    add(here, sample_problem(), sample_evaluation(8, 8, 0.0001, "wrong_result"));
    add(here, sample_problem(1024), sample_evaluation(64, 128, 0.01));
    add(here, sample_problem(512, 512, 512, "fp64"), sample_evaluation(16, 16, 0.02));
    // A stale kernel's result: faster, but never returned for the current hash.
    add(here, sample_problem(), sample_evaluation(128, 128, 0.0005), stale_kernel);
    // Same model, driver 2.0.
    add(other_driver, sample_problem(), sample_evaluation(16, 32, 0.0025));
    add(other_driver, sample_problem(2048), sample_evaluation(128, 64, 0.05));
    // Another model of the same vendor and type, and a CPU of the same vendor.
    add(other_model, sample_problem(), sample_evaluation(64, 32, 0.001));
    add(cpu, sample_problem(), sample_evaluation(8, 16, 0.0002));
  }

  void add(const DeviceRecord& device, const ProblemRecord& problem, const EvaluationRecord& evaluation,
           std::int64_t kernel_id = 0) {
    ASSERT_TRUE(database.record(0, database.device_id(device), kernel_id ? kernel_id : kernel,
                                database.problem_id(problem), evaluation));
  }

  testing::ScratchDatabase database;
  const std::string hash = "current";
  const KernelVersion current{"xgemm", hash};
  std::int64_t kernel = 0, stale_kernel = 0;
  const DeviceRecord here = sample_device("GPU X", "1.0");
  const DeviceRecord other_driver = sample_device("GPU X", "2.0");
  const DeviceRecord other_model = sample_device("GPU Y", "1.0");
  const DeviceRecord cpu = sample_device("CPU Z", "1.0", "Acme", "cpu");
};

TEST_F(Queries, ExactReturnsTheLowestMedianOkConfig) {
  const auto best = database.best(here.key, current, sample_problem());
  ASSERT_TRUE(best.has_value());
  EXPECT_EQ(best->config, sample_evaluation(32, 64, 0.002).config);
  EXPECT_DOUBLE_EQ(best->median_seconds, 0.002);
  EXPECT_DOUBLE_EQ(best->gflops, sample_evaluation(32, 64, 0.002).gflops);
  EXPECT_EQ(best->device_key, here.key);
  EXPECT_EQ(best->driver_version, "1.0");
  EXPECT_EQ(best->problem, sample_problem());

  EXPECT_FALSE(database.best(here.key, current, sample_problem(256)).has_value());
  EXPECT_FALSE(database.best(here.key, {"xgemm", "unknown"}, sample_problem()).has_value());
  EXPECT_EQ(database.best(here.key, {"xgemm", "old"}, sample_problem())->config, sample_evaluation(128, 128, 1).config);
}

TEST_F(Queries, LeadingConfigsAreTheFastestOkOnesOfEveryProblemAndTransposition) {
  add(here, sample_problem(512, 512, 512, "fp32", "TN"), sample_evaluation(8, 64, 0.005));
  const auto rows = database.leading_configs(here.key, current, "fp32", "row", 2);
  // 512^3 NN: the two fastest ok ones (not the failure, not the stale kernel's); 512^3 TN; 1024^3.
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].config, sample_evaluation(32, 64, 1).config);
  EXPECT_EQ(rows[1].config, sample_evaluation(16, 64, 1).config);
  EXPECT_EQ(rows[2].problem.trans, "TN");
  EXPECT_EQ(rows[3].problem, sample_problem(1024));
  EXPECT_EQ(database.leading_configs(here.key, current, "fp32", "row", 10).size(), 5u);
  EXPECT_EQ(database.leading_configs(here.key, current, "fp64", "row", 10).size(), 1u);
  EXPECT_TRUE(database.leading_configs(cpu.key, current, "fp32", "col", 10).empty());
}

TEST_F(Queries, VendorAndTypeAcrossDevicesBestFirst) {
  const auto gpus = database.best_for_vendor_type("Acme", "gpu", current, "fp32", "row", "NN");
  ASSERT_EQ(gpus.size(), 5u);  // here x2 problems, other driver x2, other model x1
  EXPECT_EQ(gpus[0].device_key, other_model.key);
  for (std::size_t i = 1; i < gpus.size(); ++i) EXPECT_GE(gpus[i - 1].gflops, gpus[i].gflops);
  const auto cpus = database.best_for_vendor_type("Acme", "cpu", current, "fp32", "row", "NN");
  ASSERT_EQ(cpus.size(), 1u);
  EXPECT_EQ(cpus[0].device_key, cpu.key);
  EXPECT_TRUE(database.best_for_vendor_type("Other", "gpu", current, "fp32", "row", "NN").empty());
}

TEST_F(Queries, DeviceWinnersAreEachProblemsBestOfThePrecisionFastestFirst) {
  add(here, sample_problem(64, 64, 64, "fp32", "TT"), sample_evaluation(4, 4, 0.001));
  const auto rows = database.device_winners(here.key, "fp32");
  ASSERT_EQ(rows.size(), 4u);  // 512^3 under both kernel versions, 1024^3, 64^3 TT; not fp64, not other devices
  EXPECT_EQ(rows[0].kernel_hash, "old");
  EXPECT_EQ(rows[1].problem.trans, "TT");
  EXPECT_EQ(rows[2].config, sample_evaluation(32, 64, 1).config);
  EXPECT_EQ(rows[3].problem, sample_problem(1024));
  EXPECT_EQ(database.device_winners(here.key, "fp64").size(), 1u);
  EXPECT_TRUE(database.device_winners("no such device", "fp32").empty());
}

TEST_F(Queries, TopConfigsAndSummaries) {
  const auto top = database.top_configs(here.key, "xgemm", sample_problem(), 2);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].kernel_hash, "old");  // every kernel hash, so that show can mark stale ones
  EXPECT_EQ(top[1].config, sample_evaluation(32, 64, 1).config);

  const auto summaries = database.problem_summaries();
  ASSERT_EQ(summaries.size(), 8u);
  EXPECT_EQ(summaries[0].device_key, here.key);
  EXPECT_EQ(summaries[0].evaluations, 4);
  EXPECT_EQ(summaries[0].ok, 3);
  ASSERT_TRUE(summaries[0].best.has_value());
  EXPECT_DOUBLE_EQ(summaries[0].best->median_seconds, 0.002);
}

}  // namespace
}  // namespace gemmtune::db
