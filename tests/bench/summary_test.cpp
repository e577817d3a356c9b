// The arithmetic of the bench's summary: geometric means, worst ratios and slower counts by class.
#include "bench/summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace gemmtune::bench {
namespace {

TEST(BenchSummary, GeomeanWorstAndSlowerByClassAndOverall) {
  Summary summary;
  summary.add_problem("square");
  summary.add_ratio("square", "cublas", "4096x4096x4096 NN", 2.0);
  summary.add_problem("square");
  summary.add_ratio("square", "cublas", "1000x1000x1000 NN", 0.5);
  summary.add_problem("gemv");
  summary.add_ratio("gemv", "cublas", "7680x1x2560 NN", 0.25);
  summary.add_ratio("gemv", "clblast", "7680x1x2560 NN", 4.0);
  summary.add_problem("skinny");  // measured by no peer beside gemmtune

  const std::vector<ClassSummary> classes = summary.classes();
  ASSERT_EQ(classes.size(), 6u);
  EXPECT_EQ(classes[0].name, "gemv");
  EXPECT_EQ(classes[1].name, "deep-k");
  EXPECT_EQ(classes[3].name, "square");
  EXPECT_EQ(classes[5].name, "all");

  const ClassSummary& square = classes[3];
  EXPECT_EQ(square.problems, 2u);
  ASSERT_EQ(square.peers.size(), 1u);
  const PeerComparison& square_cublas = square.peers.at("cublas");
  EXPECT_EQ(square_cublas.compared, 2u);
  EXPECT_DOUBLE_EQ(square_cublas.geomean, 1.0);
  EXPECT_DOUBLE_EQ(square_cublas.worst, 0.5);
  EXPECT_EQ(square_cublas.worst_problem, "1000x1000x1000 NN");
  EXPECT_EQ(square_cublas.slower, 1u);

  EXPECT_EQ(classes[1].problems, 0u);
  EXPECT_TRUE(classes[1].peers.empty());
  EXPECT_EQ(classes[2].problems, 1u);
  EXPECT_TRUE(classes[2].peers.empty());

  const ClassSummary& all = classes[5];
  EXPECT_EQ(all.problems, 4u);
  const PeerComparison& all_cublas = all.peers.at("cublas");
  EXPECT_EQ(all_cublas.compared, 3u);
  EXPECT_NEAR(all_cublas.geomean, 0.629960524947437, 1e-12);  // (2 * 0.5 * 0.25)^(1/3)
  EXPECT_DOUBLE_EQ(all_cublas.worst, 0.25);
  EXPECT_EQ(all_cublas.worst_problem, "7680x1x2560 NN");
  EXPECT_EQ(all_cublas.slower, 2u);
  const PeerComparison& all_clblast = all.peers.at("clblast");
  EXPECT_EQ(all_clblast.compared, 1u);
  EXPECT_DOUBLE_EQ(all_clblast.geomean, 4.0);
  EXPECT_EQ(all_clblast.slower, 0u);
}

TEST(BenchSummary, JsonHasAnObjectPerClass) {
  Summary summary;
  summary.add_problem("deep-k");
  summary.add_ratio("deep-k", "openblas", "512x16x500000 NN", 0.8);
  const boost::json::object json = summary.to_json();
  for (const char* name : {"gemv", "deep-k", "skinny", "square", "other", "all"}) EXPECT_TRUE(json.contains(name)) << name;
  EXPECT_EQ(json.at("gemv").at("problems").as_uint64(), 0u);
  EXPECT_TRUE(json.at("gemv").at("peers").as_object().empty());
  const auto& openblas = json.at("deep-k").at("peers").at("openblas").as_object();
  EXPECT_EQ(openblas.at("compared").as_uint64(), 1u);
  EXPECT_DOUBLE_EQ(openblas.at("geomean").as_double(), 0.8);
  EXPECT_DOUBLE_EQ(openblas.at("worst").as_double(), 0.8);
  EXPECT_EQ(openblas.at("worst_problem").as_string(), "512x16x500000 NN");
  EXPECT_EQ(openblas.at("slower").as_uint64(), 1u);
  EXPECT_EQ(json.at("all").at("problems").as_uint64(), 1u);
}

TEST(BenchSummary, RefusesRatiosNoTimingGivesAndUnknownClasses) {
  Summary summary;
  EXPECT_THROW(summary.add_ratio("square", "cublas", "64x64x64 NN", 0.0), std::invalid_argument);
  EXPECT_THROW(summary.add_ratio("square", "cublas", "64x64x64 NN", -1.0), std::invalid_argument);
  EXPECT_THROW(summary.add_ratio("square", "cublas", "64x64x64 NN", std::nan("")), std::invalid_argument);
  EXPECT_THROW(summary.add_problem("cube"), std::invalid_argument);
  EXPECT_THROW(summary.add_ratio("cube", "cublas", "64x64x64 NN", 1.0), std::invalid_argument);
  EXPECT_EQ(summary.classes().back().problems, 0u);
  EXPECT_TRUE(summary.classes().back().peers.empty());
}

}  // namespace
}  // namespace gemmtune::bench
