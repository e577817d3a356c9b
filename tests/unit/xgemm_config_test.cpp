// The xgemm family as its description defines it: defaults are valid, each broken rule is named
// with its values, build options carry every parameter.
#include <gtest/gtest.h>

#include "core/kernel_config.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

const KernelFamily& xgemm() { return kernel_family("xgemm"); }

std::optional<std::string> xgemm_rule_violation(const KernelConfig& config, const DeviceLimits& limits,
                                                Precision precision) {
  return violation_on_device(xgemm(), config, limits, precision, "NN");
}

void check_xgemm_config(const KernelConfig& config, const DeviceLimits& limits, Precision precision) {
  if (auto violation = xgemm_rule_violation(config, limits, precision)) throw ConfigError(*violation);
}

KernelConfig xgemm_default_config() { return xgemm().defaults(); }

KernelConfig xgemm_default_config(const DeviceLimits& limits, Precision precision) {
  return default_on_device(xgemm(), limits, precision);
}

std::string xgemm_defines(const KernelConfig& config, Precision precision, const RowMajorGemm& problem) {
  return gemm_build_options(xgemm(), config, precision, problem);
}

// CHECKS=0 is what the kernel is built with when it may leave out its bounds checks.
bool xgemm_needs_checks(const KernelConfig& config, const RowMajorGemm& problem) {
  return !xgemm_defines(config, Precision::Single, problem).ends_with(" -DCHECKS=0");
}

DeviceLimits gpu_like() {
  DeviceLimits limits;
  limits.max_work_group_size = 1024;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.local_mem_bytes = 48 * 1024;
  limits.fp64 = true;
  return limits;
}

TEST(XgemmConfig, DefaultsFitEveryDevice) {
  EXPECT_FALSE(xgemm_rule_violation(xgemm_default_config(), gpu_like(), Precision::Single));
  EXPECT_EQ(xgemm_default_config(gpu_like(), Precision::Single), xgemm_default_config());
  // 64 KiB of local memory in double precision: too much for 48 KiB, so a smaller one is chosen.
  EXPECT_TRUE(xgemm_rule_violation(xgemm_default_config(), gpu_like(), Precision::Double));
  EXPECT_FALSE(xgemm_rule_violation(xgemm_default_config(gpu_like(), Precision::Double), gpu_like(), Precision::Double));
  DeviceLimits tiny = gpu_like();
  tiny.max_work_group_size = 64;
  tiny.local_mem_bytes = 4096;
  EXPECT_FALSE(xgemm_rule_violation(xgemm_default_config(tiny, Precision::Double), tiny, Precision::Double));
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
      xgemm_rule_violation({{"TSM", 64}, {"TSN", 64}, {"WPTM", 1}, {"WPTN", 2}, {"TSK", 32}, {"VWA", 1}, {"VWB", 1}},
                           gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("max_work_group_size"), std::string::npos) << *violation;
}

TEST(XgemmConfig, WarpLayoutMustTileTheWorkItems) {
  // 16 x 16 work-items: a warp of 8 x 4 fits, one of 1 x 32 does not fit 16 columns.
  const KernelConfig base{{"TSM", 128}, {"TSN", 128}, {"WPTM", 8}, {"WPTN", 8}};
  KernelConfig fits = base, too_wide = base;
  fits["WARPN"] = 4;
  too_wide["WARPN"] = 32;
  EXPECT_FALSE(xgemm_rule_violation(fits, gpu_like(), Precision::Single));
  const auto violation = xgemm_rule_violation(too_wide, gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("WARPN == 0 ||"), std::string::npos) << *violation;
}

// The swizzle permutes columns within blocks of 32: narrower tiles are refused, by name.
TEST(XgemmConfig, SwizzleNeedsTilesOfWholeBlocksOf32) {
  EXPECT_FALSE(xgemm_rule_violation({{"TSM", 32}, {"TSN", 64}, {"WPTM", 4}, {"WPTN", 4}, {"SWIZZLE", 1}}, gpu_like(),
                                    Precision::Single));
  const auto narrow = xgemm_rule_violation({{"TSM", 16}, {"TSN", 64}, {"WPTM", 2}, {"WPTN", 4}, {"SWIZZLE", 1}},
                                           gpu_like(), Precision::Single);
  ASSERT_TRUE(narrow);
  EXPECT_NE(narrow->find("TSM=16 TSN=64 SWIZZLE=1"), std::string::npos) << *narrow;
  EXPECT_TRUE(xgemm_rule_violation({{"SWIZZLE", 2}}, gpu_like(), Precision::Single));
}

TEST(XgemmConfig, RefusesUnknownParameters) {
  EXPECT_THROW(check_xgemm_config({{"TSX", 4}}, gpu_like(), Precision::Single), ConfigError);
}

TEST(XgemmConfig, DoubleNeedsFp64) {
  DeviceLimits limits = gpu_like();
  limits.fp64 = false;
  EXPECT_THROW(check_xgemm_config({}, limits, Precision::Double), ConfigError);
}

RowMajorGemm row_major(std::size_t m, std::size_t n, std::size_t k, bool trans_a = false, bool trans_b = false) {
  return to_row_major(dense_gemm_arguments(Layout::RowMajor, trans_a ? Transpose::Yes : Transpose::No,
                                           trans_b ? Transpose::Yes : Transpose::No, m, n, k));
}

TEST(XgemmConfig, DefinesAreOnlyNamesAndIntegers) {
  EXPECT_EQ(xgemm_defines({{"TSM", 32}}, Precision::Double, row_major(64, 256, 32, true, false)),
            "-DADVANCE=0 -DCSTAGE=0 -DKSPLIT=1 -DKUNROLL=8 -DMAXREG=0 -DPADA=4 -DPADB=4 -DPREFETCH=1 -DSTRM=2 "
            "-DSTRN=2 -DSWIZZLE=0 -DTSK=16 -DTSM=32 -DTSN=128 -DUNCHECKED=0 -DVWA=4 -DVWB=4 -DWARPN=0 -DWPTM=8 "
            "-DWPTN=8 -DPRECISION=64 -DTRANSA=1 -DTRANSB=0 -DCHECKS=1");
}

// Bounds checks are compiled out only where asked for and where every tile lies inside the matrices.
TEST(XgemmConfig, ChecksAreLeftOutOnlyForWholeTiles) {
  const KernelConfig unchecked = {{"TSM", 64}, {"TSN", 128}, {"TSK", 16}, {"UNCHECKED", 1}};
  EXPECT_FALSE(xgemm_needs_checks(unchecked, row_major(128, 256, 32)));
  EXPECT_FALSE(xgemm_needs_checks(unchecked, row_major(0, 0, 0)));
  EXPECT_TRUE(xgemm_needs_checks(unchecked, row_major(96, 256, 32)));
  EXPECT_TRUE(xgemm_needs_checks(unchecked, row_major(128, 200, 32)));
  EXPECT_TRUE(xgemm_needs_checks(unchecked, row_major(128, 256, 40)));
  KernelConfig checked = unchecked;
  checked["UNCHECKED"] = 0;
  EXPECT_TRUE(xgemm_needs_checks(checked, row_major(128, 256, 32)));
  EXPECT_TRUE(xgemm_defines(unchecked, Precision::Single, row_major(128, 256, 32)).ends_with(" -DCHECKS=0"));
}

// A CPU compiler vectorises a work-item's row of accumulators: CPU devices get 16 columns per
// work-item by default, GPUs the kernel's own defaults; both are valid where they are chosen.
TEST(XgemmConfig, CpuDevicesGetADefaultOfTheirOwn) {
  DeviceLimits limits = gpu_like();
  EXPECT_EQ(xgemm_default_config(limits, Precision::Single), xgemm_default_config());
  limits.cpu = true;
  const KernelConfig cpu = xgemm_default_config(limits, Precision::Single);
  EXPECT_EQ(cpu.at("WPTN"), 16);
  EXPECT_FALSE(xgemm_rule_violation(cpu, limits, Precision::Single)) << describe_config(cpu);
}

// NVIDIA GPUs get 8 x 16 per work-item where it fits their local memory; the kernel's defaults or
// smaller tiles where it does not (double precision needs twice the local memory).
TEST(XgemmConfig, NvidiaDevicesGetLargeWorkItemsWhereTheyFit) {
  DeviceLimits limits = gpu_like();
  limits.nv_compiler_options = true;
  limits.local_mem_bytes = 49152;
  const KernelConfig single = xgemm_default_config(limits, Precision::Single);
  EXPECT_EQ(single.at("WPTN"), 16);
  EXPECT_EQ(single.at("TSN"), 256);
  EXPECT_FALSE(xgemm_rule_violation(single, limits, Precision::Single)) << describe_config(single);
  const KernelConfig twice = xgemm_default_config(limits, Precision::Double);
  EXPECT_NE(twice.at("WPTN"), 16);
  EXPECT_FALSE(xgemm_rule_violation(twice, limits, Precision::Double)) << describe_config(twice);
  limits.local_mem_bytes = 40960;  // holds the kernel's defaults (33 KiB), not 48 KiB
  EXPECT_EQ(xgemm_default_config(limits, Precision::Single), xgemm_default_config());
}

TEST(XgemmConfig, CompletionFillsDefaultsAndRefusesUnknownNames) {
  EXPECT_EQ(xgemm().complete({{"TSM", 32}}).at("TSM"), 32);
  EXPECT_EQ(xgemm().complete({{"TSM", 32}}).at("KSPLIT"), xgemm_default_config().at("KSPLIT"));
  EXPECT_THROW(xgemm().complete({{"TSX", 4}}), ConfigError);
}

// A rule's arithmetic cannot wrap around into a pass: a huge tile depth overflows the local-memory
// rule, which then fails, so the kernel is never built with it (it would loop for ever).
TEST(XgemmConfig, RulesThatOverflowFail) {
  const auto violation = xgemm_rule_violation({{"TSK", 4611686018427387904}, {"KUNROLL", 1}}, gpu_like(), Precision::Single);
  ASSERT_TRUE(violation);
  EXPECT_NE(violation->find("overflows"), std::string::npos) << *violation;
}

TEST(XgemmConfig, RegisterCapIsACompilerOptionOfNvidiaDevicesOnly) {
  const std::string defines = xgemm_defines({{"MAXREG", 128}}, Precision::Single, row_major(64, 64, 64));
  EXPECT_TRUE(defines.ends_with(" -cl-nv-maxrregcount=128")) << defines;
  DeviceLimits limits = gpu_like();
  limits.nv_compiler_options = true;
  EXPECT_NO_THROW(check_xgemm_config({{"MAXREG", 128}}, limits, Precision::Single));
  EXPECT_THROW(check_xgemm_config({{"MAXREG", 8}}, limits, Precision::Single), ConfigError);
  limits.nv_compiler_options = false;
  EXPECT_THROW(check_xgemm_config({{"MAXREG", 128}}, limits, Precision::Single), ConfigError);
}

}  // namespace
}  // namespace gemmtune

namespace gemmtune {
namespace {

// Every parameter reaches the compiler, so the kernel source keeps no defaults of its own that
// could drift from the description's.
TEST(XgemmConfig, KernelSourceHasNoDefaultsOfItsOwn) {
  const std::string& source = xgemm().source().text;
  for (const auto& parameter : xgemm().parameters())
    EXPECT_EQ(source.find("#ifndef " + parameter.name + "\n"), std::string::npos) << parameter.name;
}

}  // namespace
}  // namespace gemmtune
