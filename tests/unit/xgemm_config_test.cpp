// The kernel's rules: defaults are valid, each broken rule is named with its values.
#include <gtest/gtest.h>

#include "dispatch/xgemm_config.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

DeviceLimits gpu_like() {
  DeviceLimits limits;
  limits.max_work_group_size = 1024;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.local_mem_bytes = 48 * 1024;
  limits.fp64 = true;
  return limits;
}

TEST(XgemmConfig, DefaultsAreValid) {
  EXPECT_FALSE(xgemm_rule_violation(xgemm_default_config(), gpu_like(), Precision::Single));
  EXPECT_FALSE(xgemm_rule_violation(xgemm_default_config(), gpu_like(), Precision::Double));
}

TEST(XgemmConfig, NamesTheBrokenRuleAndItsValues) {
  const auto violation = xgemm_rule_violation({{"TSM", 64}, {"WPTM", 6}}, gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_EQ(*violation, "rule 'TSM % WPTM == 0' fails: TSM=64 WPTM=6");
}

TEST(XgemmConfig, RefusesTooMuchLocalMemory) {
  const KernelConfig big{{"TSM", 256}, {"TSN", 256}, {"TSK", 32}, {"WPTM", 16}, {"WPTN", 16}, {"PREFETCH", 1}};
  const auto violation = xgemm_rule_violation(big, gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("local_mem_size"), std::string::npos) << *violation;
}

TEST(XgemmConfig, RefusesTooManyWorkItems) {
  const auto violation =
      xgemm_rule_violation({{"TSM", 64}, {"TSN", 64}, {"WPTM", 1}, {"WPTN", 2}, {"TSK", 32}}, gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("max_work_group_size"), std::string::npos) << *violation;
}

TEST(XgemmConfig, RefusesUnknownParameters) {
  EXPECT_THROW(check_xgemm_config({{"TSX", 4}}, gpu_like(), Precision::Single), ConfigError);
}

TEST(XgemmConfig, DoubleNeedsFp64) {
  DeviceLimits limits = gpu_like();
  limits.fp64 = false;
  EXPECT_THROW(check_xgemm_config({}, limits, Precision::Double), ConfigError);
}

TEST(XgemmConfig, DefinesAreOnlyNamesAndIntegers) {
  EXPECT_EQ(xgemm_defines({{"TSM", 32}}, Precision::Double, true, false),
            "-DKUNROLL=1 -DPADA=1 -DPADB=1 -DPREFETCH=0 -DSTRM=0 -DSTRN=1 -DTSK=16 -DTSM=32 -DTSN=64 "
            "-DVWA=1 -DVWB=1 -DWPTM=4 -DWPTN=4 -DPRECISION=64 -DTRANSA=1 -DTRANSB=0");
}

}  // namespace
}  // namespace gemmtune
