// The seeds of a problem, read from a crafted database: which sources, in which order, how many.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/kernel_config.hpp"
#include "db/device_keys.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/db/scratch_database.hpp"
#include "tests/support/device_limits.hpp"
#include "tuner/family_space.hpp"
#include "tuner/seed_sources.hpp"

namespace gemmtune {
namespace {

class SeedSources : public ::testing::Test {
 protected:
  void SetUp() override {
    DeviceLimits limits;
    limits.max_work_group_size = 4096;
    limits.max_work_item_sizes = {4096, 4096, 4096};
    limits.local_mem_bytes = 64 << 10;
    limits.cpu = true;
    cpu_limits = named_limits(limits, Precision::Single);
    space.emplace(family_space(family, cpu_limits));
    device.vendor = "Acme", device.name = "CPU", device.type = "cpu", device.platform = "Test";
    device.compute_units = 2, device.max_work_group_size = 4096;
    device = db::with_computed_keys(device);
    stranger = device;
    stranger.name = "Other CPU";
    stranger = db::with_computed_keys(stranger);
  }

  // The index-th configuration of the space, far apart so that they differ.
  KernelConfig config(std::uint64_t index) const { return space->at(index * 997 % space->valid_count()); }

  void add(const db::DeviceRecord& on, const db::ProblemRecord& problem, const KernelConfig& config, double seconds,
           const std::string& hash, const std::string& kernel = "xgemm") {
    db::EvaluationRecord e;
    e.config = config;
    e.status = "ok";
    e.runs = 1;
    e.min_seconds = e.median_seconds = seconds;
    e.gflops = 2.0 * problem.m * problem.n * problem.k / seconds * 1e-9;
    ASSERT_TRUE(database.record(0, database.device_id(on), database.kernel_id(kernel, hash),
                                database.problem_id(problem), e));
  }

  static db::ProblemRecord problem_of(std::int64_t size, const std::string& trans = "NN",
                                      const std::string& precision = "fp32") {
    return {precision, "row", trans, size, size, size};
  }

  const KernelFamily& family = kernel_family("xgemm");
  const std::string current = family.source().hash;
  NamedValues cpu_limits;
  std::optional<search::ParameterSpace> space;
  db::testing::ScratchDatabase database;
  db::DeviceRecord device, stranger;
  const db::ProblemRecord tuned = problem_of(100);
};

TEST_F(SeedSources, OlderSourcesOfTheProblemThenTheDevicesWinnersNearestFirstAtMostEight) {
  add(device, tuned, config(0), 0.5e-3, current);  // recorded by the session itself: never a seed
  for (int i = 1; i <= 5; ++i) add(device, tuned, config(i), i * 1e-3, "old");  // the 4 fastest are seeds
  // Each problem's best, the nearest shape first, then by GFLOP/s (of size 64: the fastest first).
  add(device, problem_of(64, "TT"), config(6), 1e-6, current);
  add(device, problem_of(64, "NT"), config(2), 1.5e-6, current);  // already a seed
  add(device, problem_of(64, "TN"), config(7), 2e-6, current);
  add(device, problem_of(64, "TN", "fp64"), config(8), 0.5e-6, current);  // another precision
  KernelConfig broken = config(9);
  broken["TSM"] = 3;
  add(device, problem_of(63), broken, 0.1e-6, current);  // breaks a rule
  add(device, problem_of(62), {{"LM", 4}}, 0.1e-6, current, "xgemm_skinny");  // another family's
  add(stranger, problem_of(61), config(10), 0.1e-6, current);  // another device
  add(device, {"fp32", "col", "NN", 64, 64, 65}, config(11), 3e-6, "old");  // nearer than 64^3
  add(device, problem_of(60), config(12), 4e-6, current);
  add(device, problem_of(59), config(13), 5e-6, current);  // a ninth: beyond the cap

  const auto seeds = gemmtune::seeds({database, device, family, tuned, 1, cpu_limits}, *space);
  const std::vector<KernelConfig> expected{config(1), config(2),  config(3), config(4),
                                           config(11), config(6), config(7), config(12)};
  ASSERT_EQ(seeds.size(), most_seeds);
  EXPECT_EQ(seeds, expected);
}

// A skinny problem starts from the winners of skinny shapes, however much faster a square one ran;
// a column-major problem is as near as the row-major one its kernel runs.
TEST_F(SeedSources, TheDevicesWinnersOfTheNearestShapesComeFirst) {
  const db::ProblemRecord skinny{"fp32", "row", "NN", 4096, 32, 4096};
  add(device, problem_of(4096), config(1), 1e-3, current);                     // 137 TFLOP/s, far
  add(device, {"fp32", "row", "TN", 2000, 64, 4000}, config(2), 1e-3, current);  // 1 TFLOP/s, near
  add(device, {"fp32", "col", "NN", 16, 3000, 4000}, config(3), 1e-3, current);  // runs 3000 x 16: nearest
  add(device, {"fp32", "row", "NN", 16, 3000, 4000}, config(4), 1e-4, current);  // 4 TFLOP/s, farthest
  const auto seeds = gemmtune::seeds({database, device, family, skinny, 0, cpu_limits}, *space);
  EXPECT_EQ(seeds, (std::vector<KernelConfig>{config(3), config(2), config(1), config(4)}));
}

// On a GPU, a winner is offered split as the model predicts fastest for the problem's shape: a
// square product's winner, measured whole, splits K for a deep product with a small C (on the H200
// such seeds took the coverage set's 448x320x48000 from 23 to 29 TFLOP/s in 20 s of tuning), while
// a winner of a like shape keeps the split it ran with.
TEST_F(SeedSources, AWinnersSplitOfKIsCarriedToTheProblemsShape) {
  const NamedValues limits = named_limits(testing::nvidia_like(), Precision::Single);
  const search::ParameterSpace gpu_space = family_space(family, limits);
  device.type = "gpu", device.name = "GPU", device.compute_units = 132, device.max_work_group_size = 1024;
  device = db::with_computed_keys(device);
  const auto in_space = [&](KernelConfig config) {
    config = in_space_terms(family, family.complete(config), gpu_space);
    EXPECT_TRUE(gpu_space.contains(config)) << config_key(config);
    return config;
  };
  const KernelConfig tile{{"TSM", 64}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 4}, {"PADA", 4},
                          {"PADB", 4}, {"VWA", 2}, {"VWB", 2}, {"STRM", 2}, {"STRN", 2}, {"KUNROLL", 8},
                          {"PREFETCH", 1}, {"ADVANCE", 1}, {"UNCHECKED", 1}};
  KernelConfig whole = tile, deep = tile;
  whole["KSPLIT"] = 1;
  deep["KSPLIT"] = 16, deep["PREFETCH"] = 0;
  whole = in_space(whole), deep = in_space(deep);
  add(device, problem_of(4096), whole, 3.5e-3, current);                                 // 39 TFLOP/s
  add(device, {"fp32", "row", "NN", 448, 320, 40000}, deep, 0.55e-3, current);  // 21 TFLOP/s

  const auto seeds = gemmtune::seeds({database, device, family, {"fp32", "row", "NN", 448, 320, 48000}, 0, limits},
                                     gpu_space);
  ASSERT_EQ(seeds.size(), 2u);
  EXPECT_EQ(seeds[0], deep);  // the nearest shape's winner, as it ran
  KernelConfig carried = seeds[1];
  EXPECT_GE(carried.at("KSPLIT"), 8) << config_key(carried);
  carried["KSPLIT"] = 1;
  EXPECT_EQ(carried, whole);  // nothing else changed

  // The square product itself keeps the square winner whole.
  const auto square_seeds = gemmtune::seeds({database, device, family, problem_of(4000), 0, limits}, gpu_space);
  EXPECT_NE(std::ranges::find(square_seeds, whole), square_seeds.end());
}

// However much the session recorded for the problem itself, the older sources still give four.
TEST_F(SeedSources, TheSessionsOwnRecordsLeaveTheOlderSourcesTheirPlaces) {
  for (int i = 0; i < 6; ++i) add(device, tuned, config(20 + i), 0.1e-3 * (i + 1), current);
  add(device, tuned, config(1), 1e-3, "old");
  add(device, tuned, config(2), 2e-3, "old");  // second under the old source: only that source offers it
  const auto seeds = gemmtune::seeds({database, device, family, tuned, 6, cpu_limits}, *space);
  EXPECT_EQ(seeds, (std::vector<KernelConfig>{config(1), config(2)}));
}

// A device with no results of its own starts each problem from its siblings' fastest for that very
// problem; a device of another architecture gives nothing.
TEST_F(SeedSources, ANewDeviceStartsFromItsSiblingsWinnersForTheProblem) {
  device.architecture = "arch_9";
  db::DeviceRecord sibling = device, other_architecture = device;
  sibling.name = "Sibling CPU";
  sibling = db::with_computed_keys(sibling);
  other_architecture.name = "Old CPU";
  other_architecture.architecture = "arch_8";
  other_architecture = db::with_computed_keys(other_architecture);
  add(sibling, tuned, config(2), 2e-3, current);
  add(sibling, tuned, config(1), 1e-3, current);
  add(sibling, problem_of(64), config(3), 1e-6, current);  // another problem: not this one's start
  add(other_architecture, tuned, config(4), 0.5e-3, current);
  const auto seeds = gemmtune::seeds({database, device, family, tuned, 0, cpu_limits}, *space);
  EXPECT_EQ(seeds, (std::vector<KernelConfig>{config(1), config(2)}));
}

// A TN product with a tall, narrow C on an NVIDIA device starts from xgemm_skinny's starting
// points, after the problem's winners under an older source and on a sibling, and before the
// device's winners of other problems, two at most; the kernel's view decides, so a column-major NT
// product of a short m gets them too, and an NN or a square product, or double precision, none. A
// resumed session, which recorded a starting point itself, gets the same seeds.
TEST_F(SeedSources, ADescriptionsStartingPointsComeBetweenTheProblemsWinnersAndTheDevices) {
  const DeviceLimits nvidia = testing::nvidia_like();
  const NamedValues limits = named_limits(nvidia, Precision::Single);
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  const search::ParameterSpace skinny_space = family_space(skinny, limits);
  const auto skinny_config = [&](std::uint64_t index) {
    return skinny_space.at(index * 997 % skinny_space.valid_count());
  };
  std::vector<KernelConfig> points = skinny.starting_points(limits, Precision::Single, {2048, 16, 4096}, "TN");
  ASSERT_EQ(points.size(), 2u);
  for (auto& point : points) {
    point = in_space_terms(skinny, point, skinny_space);
    ASSERT_TRUE(skinny_space.contains(point)) << config_key(point);
  }

  device.architecture = "arch_9";
  db::DeviceRecord sibling = device;
  sibling.name = "Sibling GPU";
  sibling = db::with_computed_keys(sibling);
  const db::ProblemRecord tall{"fp32", "row", "TN", 2048, 16, 4096};
  add(device, tall, skinny_config(1), 1e-3, "old", "xgemm_skinny");
  add(sibling, tall, skinny_config(3), 1e-3, skinny.source().hash, "xgemm_skinny");
  add(device, {"fp32", "row", "TN", 2000, 16, 4000}, skinny_config(2), 1e-3, skinny.source().hash, "xgemm_skinny");
  const auto seeds_of = [&](const KernelFamily& of, const db::ProblemRecord& problem, std::size_t recorded = 0) {
    return gemmtune::seeds({database, device, of, problem, recorded, limits}, skinny_space);
  };
  const std::vector<KernelConfig> expected{skinny_config(1), skinny_config(3), points[0], points[1], skinny_config(2)};
  EXPECT_EQ(seeds_of(skinny, tall), expected);
  EXPECT_EQ(seeds_of(skinny, {"fp32", "col", "NT", 16, 2048, 4096}),  // runs 2048 x 16, TN
            (std::vector<KernelConfig>{points[0], points[1], skinny_config(1), skinny_config(2)}));
  for (const db::ProblemRecord& other : {db::ProblemRecord{"fp32", "row", "NN", 2048, 16, 4096},
                                         db::ProblemRecord{"fp32", "row", "TN", 2048, 2048, 2048},
                                         db::ProblemRecord{"fp32", "col", "TN", 16, 2048, 4096},
                                         db::ProblemRecord{"fp64", "row", "TN", 2048, 16, 4096}}) {
    const auto seeds = seeds_of(skinny, other);
    for (const auto& point : points)
      EXPECT_EQ(std::ranges::find(seeds, point), seeds.end())
          << other.precision << " " << other.layout << " " << other.trans << " " << other.m;
  }

  // Resumed after measuring its seeds: the same ones, in the same order.
  add(device, tall, points[0], 0.5e-3, skinny.source().hash, "xgemm_skinny");
  add(device, tall, skinny_config(1), 2e-3, skinny.source().hash, "xgemm_skinny");
  EXPECT_EQ(seeds_of(skinny, tall, 2), expected);

  // A third starting point, for any transpositions, ahead of the two: the first two are taken.
  std::string description = skinny.description();
  const std::string key = R"("starting_points": [)";
  const auto at = description.find(key);
  ASSERT_NE(at, std::string::npos);
  description.insert(at + key.size(), R"({"when": "N <= 64", "config": {"WPTM": 1, "WPTN": 8, "LM": 8, "LN": 1,
      "LK": 32, "KWI": 4, "VWA": 1, "VWB": 4, "ORDER": 1, "KSPLIT": 1}},)");
  const KernelFamily three = KernelFamily::from_json(description, skinny.source(), skinny.origin());
  const std::vector<KernelConfig> three_points =
      three.starting_points(limits, Precision::Single, {2048, 16, 4096}, "TN");
  ASSERT_EQ(three_points.size(), 3u);
  const KernelConfig third = in_space_terms(three, three_points[0], skinny_space);
  ASSERT_TRUE(skinny_space.contains(third));
  EXPECT_EQ(seeds_of(three, tall),
            (std::vector<KernelConfig>{skinny_config(1), skinny_config(3), third, points[0], skinny_config(2)}));
}

}  // namespace
}  // namespace gemmtune
