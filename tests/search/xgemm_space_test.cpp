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
          {"element_bytes", device.precision == Precision::Double ? 8 : 4},
          {"cpu_device", device.limits.cpu ? 1 : 0}};
}

// The file's tuning choices (its constraints after the kernel's rules).
bool tuning_choices_hold(const Config& c, bool cpu) {
  const std::int64_t accumulators = c.at("WPTM") * c.at("WPTN");
  return (c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN")) >= 64 &&
         ((accumulators <= 64 && c.at("WPTN") <= 8) || (c.at("WPTM") == 8 && c.at("WPTN") == 16) ||
          (cpu && accumulators <= 128)) &&
         c.at("PADA") == c.at("PADB") && (c.at("WARPN") == 0 || (c.at("STRM") != 1 && c.at("STRN") != 1)) &&
         (c.at("KSPLIT") == 1 || c.at("TSM") * c.at("TSN") <= 16384) && (c.at("KSPLIT") == 1 || c.at("WARPN") == 0) &&
         (c.at("KSPLIT") == 1 || !cpu) &&
         (c.at("STRM") != 2 || c.at("WPTM") % 4 == 0) && (c.at("STRN") != 2 || c.at("WPTN") % 4 == 0) &&
         (c.at("KUNROLL") == 8 || cpu) && c.at("ADVANCE") == c.at("UNCHECKED") && (c.at("ADVANCE") == 0 || !cpu) &&
         (c.at("SWIZZLE") == 0 || (c.at("PADA") == 0 && c.at("TSM") * c.at("TSN") >= 32768 && !cpu));
}

// Both directions: every configuration the space holds obeys the kernel's rules and the tuning
// choices, and every combination of values that obeys them is held. The second direction is
// sampled: every 293rd of the 358 million combinations, a sample that meets every value of every
// parameter in many contexts.
TEST(XgemmSpace, ReproducesTheKernelRules) {
  const std::vector<Device> devices = {
      {{1024, {1024, 1024, 64}, 49152, 0, 0, true}, Precision::Single},
      {{1024, {1024, 1024, 64}, 49152, 0, 0, true}, Precision::Double},
      {{256, {128, 64, 64}, 16384, 0, 0, true}, Precision::Single},
      {{4096, {4096, 4096, 4096}, 4194304, 0, 0, true, false, true}, Precision::Single},  // a CPU
  };
  const auto allowed = [](const Config& config, const Device& device) {
    return !xgemm_rule_violation(config, device.limits, device.precision) && tuning_choices_hold(config, device.limits.cpu);
  };
  for (const auto& device : devices) {
    const ParameterSpace space = ParameterSpace::from_file(GEMMTUNE_SOURCE_DIR "/configs/xgemm.json", limits_by_name(device));
    ASSERT_EQ(space.kernel(), "xgemm");
    ASSERT_GT(space.valid_count(), 0u);
    for (std::uint64_t valid = 0; valid < space.valid_count(); ++valid)
      ASSERT_TRUE(allowed(space.at(valid), device)) << describe_config(space.at(valid));
    const auto& parameters = space.parameters();
    for (std::uint64_t index = 0; index < space.total_count(); index += 293) {
      Config config;
      std::uint64_t rest = index;
      for (const auto& parameter : parameters) {
        config[parameter.name] = parameter.values[rest % parameter.values.size()];
        rest /= parameter.values.size();
      }
      ASSERT_EQ(space.contains(config), allowed(config, device)) << describe_config(config);
    }
  }
}

TEST(XgemmSpace, IsRichAndHoldsTheKernelDefaultAndTheDerivedRanges) {
  const ParameterSpace space = ParameterSpace::from_file(
      GEMMTUNE_SOURCE_DIR "/configs/xgemm.json",
      {{"max_work_group_size", 1024}, {"max_work_item_size_0", 1024}, {"max_work_item_size_1", 1024}, {"local_mem_size", 49152}, {"element_bytes", 4}, {"cpu_device", 0}});
  EXPECT_GE(space.valid_count(), 5000u);
  EXPECT_LE(space.valid_count(), 1000000u);
  // The kernel's defaults, less the NVIDIA-only register cap that this space leaves to the compiler.
  KernelConfig defaults = xgemm_default_config();
  defaults.erase("MAXREG");
  EXPECT_TRUE(space.contains(defaults));
  const Config fast = {{"TSM", 128}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 8}, {"PADA", 1}, {"PADB", 1},
                       {"VWA", 4}, {"VWB", 4}, {"STRM", 0}, {"STRN", 1}, {"KUNROLL", 8}, {"PREFETCH", 1},
                       {"WARPN", 0}, {"KSPLIT", 1}, {"ADVANCE", 0}, {"UNCHECKED", 0}, {"SWIZZLE", 0}};
  EXPECT_TRUE(space.contains(fast));
  const auto derived = space.derived(fast, {{"M", 4096}, {"N", 1000}});
  EXPECT_EQ(derived.at("local_0"), 16);
  EXPECT_EQ(derived.at("local_1"), 16);
  EXPECT_EQ(derived.at("global_0"), 8 * 16);
  EXPECT_EQ(derived.at("global_1"), 32 * 16);
}

}  // namespace
}  // namespace gemmtune::search
