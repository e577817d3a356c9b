// configs/xgemm.json against the kernel's own rules in dispatch/xgemm_config.cpp, value by value.
#include <gtest/gtest.h>

#include "dispatch/xgemm_config.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {
namespace {

struct Device {
  DeviceLimits limits;
  Precision precision;
};

Limits limits_by_name(const Device& device) {
  return {{"max_work_group_size", static_cast<std::int64_t>(device.limits.max_work_group_size)},
          {"max_work_item_size_0", static_cast<std::int64_t>(device.limits.max_work_item_sizes[0])},
          {"max_work_item_size_1", static_cast<std::int64_t>(device.limits.max_work_item_sizes[1])},
          {"local_mem_size", static_cast<std::int64_t>(device.limits.local_mem_bytes)},
          {"element_bytes", device.precision == Precision::Double ? 8 : 4}};
}

// The file's tuning choices (its constraints after the kernel's rules).
bool tuning_choices_hold(const Config& c) {
  return (c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN")) >= 64 && c.at("WPTM") * c.at("WPTN") <= 64 &&
         c.at("PADA") == c.at("PADB") && (c.at("WARPN") == 0 || (c.at("STRM") == 0 && c.at("STRN") == 0)) &&
         (c.at("KSPLIT") == 1 || c.at("TSM") * c.at("TSN") <= 4096) &&
         (c.at("KSPLIT") == 1 || (c.at("WARPN") == 0 && c.at("PADA") == 0));
}

TEST(XgemmSpace, ReproducesTheKernelRulesOnEveryCombination) {
  const std::vector<Device> devices = {
      {{1024, {1024, 1024, 64}, 49152, 0, 0, true}, Precision::Single},
      {{1024, {1024, 1024, 64}, 49152, 0, 0, true}, Precision::Double},
      {{256, {128, 64, 64}, 16384, 0, 0, true}, Precision::Single},
  };
  for (const auto& device : devices) {
    const ParameterSpace space = ParameterSpace::from_file(GEMMTUNE_SOURCE_DIR "/configs/xgemm.json", limits_by_name(device));
    ASSERT_EQ(space.kernel(), "xgemm");
    const auto& parameters = space.parameters();
    std::vector<std::size_t> position(parameters.size(), 0);
    std::uint64_t valid = 0, combinations = 0;
    while (true) {
      Config config;
      for (std::size_t p = 0; p < parameters.size(); ++p) config[parameters[p].name] = parameters[p].values[position[p]];
      const bool expected = !xgemm_rule_violation(config, device.limits, device.precision) && tuning_choices_hold(config);
      ASSERT_EQ(space.contains(config), expected) << describe_config(config);
      valid += expected;
      ++combinations;
      std::size_t p = 0;
      while (p < parameters.size() && ++position[p] == parameters[p].values.size()) position[p++] = 0;
      if (p == parameters.size()) break;
    }
    EXPECT_EQ(combinations, space.total_count());
    EXPECT_EQ(valid, space.valid_count());
  }
}

TEST(XgemmSpace, IsRichAndHoldsTheKernelDefaultAndTheDerivedRanges) {
  const ParameterSpace space = ParameterSpace::from_file(
      GEMMTUNE_SOURCE_DIR "/configs/xgemm.json",
      {{"max_work_group_size", 1024}, {"max_work_item_size_0", 1024}, {"max_work_item_size_1", 1024}, {"local_mem_size", 49152}, {"element_bytes", 4}});
  EXPECT_GE(space.valid_count(), 5000u);
  EXPECT_LE(space.valid_count(), 100000u);
  EXPECT_TRUE(space.contains(xgemm_default_config()));
  const Config fast = {{"TSM", 128}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 8}, {"PADA", 1}, {"PADB", 1},
                       {"VWA", 4}, {"VWB", 4}, {"STRM", 0}, {"STRN", 1}, {"KUNROLL", 4}, {"PREFETCH", 1},
                       {"WARPN", 0}, {"KSPLIT", 1}};
  EXPECT_TRUE(space.contains(fast));
  const auto derived = space.derived(fast, {{"M", 4096}, {"N", 1000}});
  EXPECT_EQ(derived.at("local_0"), 16);
  EXPECT_EQ(derived.at("local_1"), 16);
  EXPECT_EQ(derived.at("global_0"), 8 * 16);
  EXPECT_EQ(derived.at("global_1"), 32 * 16);
}

}  // namespace
}  // namespace gemmtune::search
