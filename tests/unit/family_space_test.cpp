// A family's tuning space on a device: its rules always hold, its defaults are in it, space files are
// checked against the family; the starting points a description proposes for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <optional>

#include "core/precision.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"
#include "tests/support/device_limits.hpp"
#include "tuner/family_space.hpp"

namespace gemmtune {
namespace {

using testing::cpu_like;
using testing::nvidia_like;

// Every family at every precision it serves, on both kinds of device it runs on: configurations
// spread over the whole space obey the rules, and the device's default is in the space (so the
// tuner can meet it again and know it as measured), but for xgemm's double precision. Only families of NVIDIA's instructions are
// unavailable on the CPU device, for want of a compute capability, and double precision where a
// family adds into C atomically, for want of NVIDIA's atomic FP64 addition.
TEST(FamilySpace, HoldsOnlyValidConfigurationsAndTheDeviceDefault) {
  for (const auto& family : kernel_families())
    for (const Precision precision : family.precisions())
      for (const DeviceLimits& limits : {nvidia_like(), cpu_like()}) {
        const std::string where = family.name() + " " + std::string(precision_info(precision).code);
        if (const auto unavailable = unavailable_on_device(family, limits, precision)) {
          const bool for_want_of_nvidia = unavailable->find("nv_compute_capability=0") != std::string::npos ||
                                          (precision == Precision::Double &&
                                           unavailable->find("nv_compiler_options=0") != std::string::npos);
          EXPECT_TRUE(limits.cpu && for_want_of_nvidia) << where << ": " << *unavailable;
          continue;
        }
        const auto space = family_space(family, named_limits(limits, precision));
        ASSERT_GT(space.valid_count(), 0u) << where;
        const std::uint64_t stride = std::max<std::uint64_t>(1, space.valid_count() / 500);
        const std::string& served = family.transpositions().front();
        for (std::uint64_t index = 0; index < space.valid_count(); index += stride) {
          const KernelConfig config = space.at(index);
          EXPECT_FALSE(violation_on_device(family, config, limits, precision, served)) << where << " "
                                                                                       << config_key(config);
        }
        // xgemm's double precision falls back to a safe default outside its space (its NVIDIA
        // default does not fit 48 KiB in doubles); every other default is in its space.
        if (family.name() != "xgemm" || precision != Precision::Double) {
          const KernelConfig default_config =
              in_space_terms(family, default_on_device(family, limits, precision), space);
          EXPECT_TRUE(space.contains(default_config)) << where << ": " << config_key(default_config);
        }
      }
}

// The 16-bit and TF32 matrix-unit family: its kernel's own local arrays may take what a Hopper
// multiprocessor gives one block (227 KiB less the driver's KiB), not only the 48 KiB the device
// reports; split K only where C is FP32 (it adds with atomic FP32 adds); never without NVIDIA's
// compute capability 8.0.
TEST(FamilySpace, SixteenBitMatrixUnitFamilyKeepsToItsMultiprocessor) {
  const KernelFamily& mma = kernel_family("xgemm_mma");
  const KernelConfig deep = {{"WARPS_M", 2}, {"WARPS_N", 4}, {"WTM", 64}, {"WTN", 64}, {"BK", 64}, {"STAGES", 4}};
  EXPECT_FALSE(violation_on_device(mma, deep, nvidia_like(), Precision::Half, "NN"));  // 192 KiB
  KernelConfig deeper = deep;
  deeper["STAGES"] = 5;  // 240 KiB
  EXPECT_TRUE(violation_on_device(mma, deeper, nvidia_like(), Precision::Half, "NN"));
  DeviceLimits ada = nvidia_like();
  ada.nv_compute_capability = 89;
  EXPECT_TRUE(violation_on_device(mma, deep, ada, Precision::Half, "NN"));  // 99 KiB there

  KernelConfig split = mma.defaults();
  split["KSPLIT"] = 4;
  EXPECT_TRUE(violation_on_device(mma, split, nvidia_like(), Precision::Half, "NN"));
  EXPECT_TRUE(violation_on_device(mma, split, nvidia_like(), Precision::BFloat16, "NN"));
  EXPECT_FALSE(violation_on_device(mma, split, nvidia_like(), Precision::TF32, "NN"));
  EXPECT_FALSE(violation_on_device(mma, split, nvidia_like(), Precision::Single3xTF32, "NN"));
  EXPECT_TRUE(violation_on_device(mma, mma.defaults(), nvidia_like(), Precision::Single, "NN"));  // not FP32

  const auto cpu_reason = unavailable_on_device(mma, cpu_like(), Precision::Half);
  ASSERT_TRUE(cpu_reason);
  EXPECT_NE(cpu_reason->find("nv_compute_capability=0"), std::string::npos) << *cpu_reason;
}

// The warpgroup matrix-unit family: Hopper's sm_90a only (neither before 9.0 nor after, nor off
// NVIDIA), 16-bit precisions only, at most 128 accumulators per work-item, and local memory up to
// what one block may have on Hopper (227 KiB, the first KiB the driver's).
TEST(FamilySpace, WarpgroupMatrixUnitFamilyRunsOnlyOnHopper) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  EXPECT_FALSE(violation_on_device(wgmma, wgmma.defaults(), nvidia_like(), Precision::Half, "NN"));
  EXPECT_FALSE(violation_on_device(wgmma, wgmma.defaults(), nvidia_like(), Precision::BFloat16, "TT"));
  for (const int capability : {0, 80, 89, 100}) {
    DeviceLimits other = nvidia_like();
    other.nv_compute_capability = capability;
    const auto reason = unavailable_on_device(wgmma, other, Precision::Half);
    ASSERT_TRUE(reason) << capability;
    EXPECT_NE(reason->find("nv_compute_capability == 90"), std::string::npos) << *reason;
  }
  EXPECT_TRUE(unavailable_on_device(wgmma, cpu_like(), Precision::Half));

  // 2 x (2 x 64 + 256) x 64 x 4 stages: 192 KiB; 3 warpgroups: 224 KiB; 5 stages: 240 KiB.
  const KernelConfig deep = {{"WARPGROUPS", 2}, {"MT", 1}, {"BN", 256}, {"BK", 64}, {"STAGES", 4}};
  EXPECT_FALSE(violation_on_device(wgmma, deep, nvidia_like(), Precision::Half, "NN"));
  KernelConfig wide = deep;
  wide["WARPGROUPS"] = 3;
  EXPECT_FALSE(violation_on_device(wgmma, wide, nvidia_like(), Precision::Half, "NN"));
  KernelConfig deeper = deep;
  deeper["STAGES"] = 5;
  EXPECT_TRUE(violation_on_device(wgmma, deeper, nvidia_like(), Precision::Half, "NN"));
  KernelConfig crowded = deep;
  crowded["MT"] = 2;  // 2 x 128 accumulators
  EXPECT_TRUE(violation_on_device(wgmma, crowded, nvidia_like(), Precision::Half, "NN"));
  KernelConfig crowd = deep;
  crowd["WARPGROUPS"] = 4;
  EXPECT_TRUE(violation_on_device(wgmma, crowd, nvidia_like(), Precision::Half, "NN"));
  KernelConfig shallow = deep;
  shallow["STAGES"] = 2;  // the pipeline overwrites the stage of two steps ago
  EXPECT_TRUE(violation_on_device(wgmma, shallow, nvidia_like(), Precision::Half, "NN"));
}

// A producer warpgroup joins the work-group, and the default space leaves out the tiles whose
// accumulators would not fit in the registers beside it: 128 x 256 tiles with it (3 x 128 work-items
// of 128 accumulators), not 192 x 256 (4 x 128 of them).
TEST(FamilySpace, WarpgroupProducerTakesAWarpgroupOfItsOwn) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  const KernelConfig consumers = wgmma.complete({{"WARPGROUPS", 2}, {"MT", 1}, {"BN", 256}, {"BK", 64}, {"STAGES", 4}});
  KernelConfig produced = consumers;
  produced["PRODUCER"] = 1;
  EXPECT_FALSE(violation_on_device(wgmma, produced, nvidia_like(), Precision::Half, "TN"));
  const ProblemSize problem{1000, 777, 333};
  const auto plain = wgmma.ranges(consumers, problem), with_producer = wgmma.ranges(produced, problem);
  EXPECT_EQ(plain.local[0], 256u);
  EXPECT_EQ(with_producer.local[0], 384u);
  EXPECT_EQ(with_producer.global[0] / with_producer.local[0], plain.global[0] / plain.local[0]);  // same tiles of C

  const auto space = family_space(wgmma, named_limits(nvidia_like(), Precision::Half));
  EXPECT_TRUE(space.contains(in_space_terms(wgmma, produced, space)));
  KernelConfig crowded = produced;
  crowded["WARPGROUPS"] = 3;
  crowded["STAGES"] = 3;
  EXPECT_FALSE(violation_on_device(wgmma, crowded, nvidia_like(), Precision::Half, "NN"));  // valid, yet
  EXPECT_FALSE(space.contains(in_space_terms(wgmma, crowded, space)));                       // not worth timing
  crowded["PRODUCER"] = 0;
  EXPECT_TRUE(space.contains(in_space_terms(wgmma, crowded, space)));
}

// C written through local memory is staged in FP32 where the stages were, so the staged tile must
// fit within them: 128 x (256 + 4) floats (133,120 bytes) fit in 4 stages of depth 64 of 16-bit
// tiles (196,608 bytes) and of depth 32 of 32-bit ones (196,608), not in 3 stages of depth 32 of
// 192 x 256 tiles' 32-bit ones (3 x 32 x (192 + 256) x 4 = 172,032 against 192 x 260 x 4 = 199,680).
TEST(FamilySpace, WarpgroupEpilogueStagesCWithinTheStages) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  KernelConfig staged = {{"WARPGROUPS", 2}, {"MT", 1}, {"BN", 256}, {"BK", 64}, {"STAGES", 4}, {"EPILOGUE", 1}};
  EXPECT_FALSE(violation_on_device(wgmma, staged, nvidia_like(), Precision::Half, "NT"));
  staged["BK"] = 32;
  EXPECT_FALSE(violation_on_device(wgmma, staged, nvidia_like(), Precision::TF32, "NN"));
  staged["WARPGROUPS"] = 3;
  staged["STAGES"] = 3;
  const auto reason = violation_on_device(wgmma, staged, nvidia_like(), Precision::TF32, "NN");
  ASSERT_TRUE(reason);
  EXPECT_NE(reason->find("EPILOGUE == 0 ||"), std::string::npos) << *reason;
  staged["EPILOGUE"] = 0;
  EXPECT_FALSE(violation_on_device(wgmma, staged, nvidia_like(), Precision::TF32, "NN"));
  // Hopper's default writes C through local memory, in 16-bit and 32-bit precisions alike.
  for (const Precision precision : {Precision::Half, Precision::TF32}) {
    const KernelConfig chosen = wgmma.default_for(named_limits(nvidia_like(), precision));
    EXPECT_EQ(chosen.at("EPILOGUE"), 1);
    EXPECT_FALSE(violation_on_device(wgmma, chosen, nvidia_like(), precision, "TT"));
  }
}

// Split K in the warpgroup family adds FP32 parts atomically: FP32 C only (tf32, 3xtf32), one more
// dimension of work-groups, C scaled by beta first. Reading operands in place is for tf32 alone
// (3xTF32's parts are the pack's) and not with tile images, which only packing makes.
TEST(FamilySpace, WarpgroupSplitKAndInPlaceOperandsKeepToTheirPrecisions) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  const KernelConfig split = wgmma.complete({{"KSPLIT", 2}, {"BK", 32}});
  EXPECT_FALSE(violation_on_device(wgmma, split, nvidia_like(), Precision::TF32, "NN"));
  EXPECT_FALSE(violation_on_device(wgmma, split, nvidia_like(), Precision::Single3xTF32, "TN"));
  EXPECT_TRUE(violation_on_device(wgmma, wgmma.complete({{"KSPLIT", 2}}), nvidia_like(), Precision::Half, "NN"));
  EXPECT_TRUE(wgmma.scale_first(split));
  EXPECT_FALSE(wgmma.scale_first(wgmma.defaults()));
  EXPECT_EQ(wgmma.ranges(split, {1024, 1024, 1024}).global[2], 2u);
  EXPECT_EQ(wgmma.ranges(wgmma.defaults(), {1024, 1024, 1024}).global[2], 1u);

  const KernelConfig in_place = wgmma.complete({{"IN_PLACE", 1}, {"BK", 32}, {"COPY", 2}});
  EXPECT_FALSE(violation_on_device(wgmma, in_place, nvidia_like(), Precision::TF32, "NN"));
  EXPECT_TRUE(violation_on_device(wgmma, in_place, nvidia_like(), Precision::Single3xTF32, "NN"));
  EXPECT_TRUE(violation_on_device(wgmma, wgmma.complete({{"IN_PLACE", 1}}), nvidia_like(), Precision::Half, "NN"));
  KernelConfig images = in_place;
  images["COPY"] = 1;
  EXPECT_TRUE(violation_on_device(wgmma, images, nvidia_like(), Precision::TF32, "NN"));
  // The program names the packed operand: NN packs op(B)^T alone, TN both; without IN_PLACE, both.
  EXPECT_NE(wgmma.build_options(in_place, Precision::TF32, false, false, {64, 64, 64}).find("-DPACKED_A=0 -DPACKED_B=1"),
            std::string::npos);
  EXPECT_NE(wgmma.build_options(in_place, Precision::TF32, true, false, {64, 64, 64}).find("-DPACKED_A=1 -DPACKED_B=1"),
            std::string::npos);
  EXPECT_EQ(wgmma.build_options(wgmma.defaults(), Precision::TF32, false, false, {64, 64, 64}).find("PACKED_A"),
            std::string::npos);
}

// The descriptors' four swizzle modes at every precision, and register budgets per role only where
// there are roles (a producer warpgroup) and budgets the kernel divides (24, 40 or 56 for it), for
// one or two work-groups a multiprocessor, which the model knows.
TEST(FamilySpace, WarpgroupSwizzleModesAndRegisterBudgetsKeepToTheirKernel) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  for (const int swizzle : {0, 32, 64, 128})
    for (const Precision precision : {Precision::Half, Precision::TF32}) {
      const KernelConfig config = wgmma.complete({{"SWIZZLE", swizzle}, {"BK", precision == Precision::Half ? 64 : 32}});
      EXPECT_FALSE(violation_on_device(wgmma, config, nvidia_like(), precision, "TN")) << swizzle;
      EXPECT_NE(wgmma.build_options(config, precision, true, false, {64, 64, 64}).find("-DSWIZZLE=" + std::to_string(swizzle)),
                std::string::npos);
    }
  EXPECT_TRUE(violation_on_device(wgmma, wgmma.complete({{"SWIZZLE", 16}}), nvidia_like(), Precision::Half, "NN"));

  // Registers a work-item launches with (.maxnreg, what REGISTER_GROUPS work-groups a
  // multiprocessor leave it, in multiples of 8), which must hold the accumulators, since ptxas
  // holds all code to it; budgets per role need that count and a producer.
  const auto define = [&](const KernelConfig& config, const std::string& name) {
    const std::string options = wgmma.build_options(config, Precision::Half, false, false, {64, 64, 64});
    const std::size_t at = options.find("-D" + name + "=");
    return at == std::string::npos ? -1 : std::stoi(options.substr(at + name.size() + 3));
  };
  const KernelConfig budgets =
      wgmma.complete({{"PRODUCER", 1}, {"PRODUCER_REGISTERS", 40}, {"REGISTER_GROUPS", 1}, {"BN", 256}});
  EXPECT_FALSE(violation_on_device(wgmma, budgets, nvidia_like(), Precision::Half, "NN"));
  EXPECT_EQ(define(budgets, "LAUNCH_REGISTERS"), 168);    // 384 x 168 <= 65536
  EXPECT_EQ(define(budgets, "CONSUMER_REGISTERS"), 232);  // 40 + 2 x 232 <= 3 x 168
  for (const auto& [name, value] : {std::pair{"PRODUCER", 0}, std::pair{"REGISTER_GROUPS", 0}, std::pair{"PRODUCER_REGISTERS", 32}}) {
    KernelConfig broken = budgets;
    broken[name] = value;
    EXPECT_TRUE(violation_on_device(wgmma, broken, nvidia_like(), Precision::Half, "NN")) << name << " " << value;
  }
  KernelConfig two_groups = budgets;
  two_groups["PRODUCER_REGISTERS"] = 24, two_groups["REGISTER_GROUPS"] = 2, two_groups["BN"] = 64;
  EXPECT_FALSE(violation_on_device(wgmma, two_groups, nvidia_like(), Precision::Half, "NN"));
  EXPECT_EQ(define(two_groups, "LAUNCH_REGISTERS"), 80);    // 768 x 80 <= 65536
  EXPECT_EQ(define(two_groups, "CONSUMER_REGISTERS"), 104);  // 24 + 2 x 104 <= 3 x 80
  KernelConfig too_wide = two_groups;
  too_wide["BN"] = 128;  // 64 accumulators and the rest exceed 80 registers
  EXPECT_TRUE(violation_on_device(wgmma, too_wide, nvidia_like(), Precision::Half, "NN"));
  KernelConfig one_consumer = budgets;
  one_consumer["WARPGROUPS"] = 1;
  EXPECT_EQ(define(one_consumer, "LAUNCH_REGISTERS"), 248);
  EXPECT_EQ(define(one_consumer, "CONSUMER_REGISTERS"), 256);  // at most 256
  KernelConfig capped = wgmma.complete({{"REGISTER_GROUPS", 2}, {"BN", 64}, {"BK", 64}, {"STAGES", 3}});
  EXPECT_FALSE(violation_on_device(wgmma, capped, nvidia_like(), Precision::Half, "NN")) << "a cap alone, no budgets";

  // As many work-groups a multiprocessor as the registers say, where they say.
  KernelConfig small = wgmma.complete({{"PRODUCER", 1}, {"BN", 64}, {"WARPGROUPS", 1}, {"BK", 64}, {"STAGES", 3}});
  const NamedValues limits = named_limits(nvidia_like(), Precision::Half);
  EXPECT_GT(wgmma.load(small, limits, {4096, 4096, 4096}).resident, 2.0) << "small work-groups share a multiprocessor";
  for (const int groups : {1, 2}) {
    small["REGISTER_GROUPS"] = groups;
    EXPECT_EQ(wgmma.load(small, limits, {4096, 4096, 4096}).resident, groups);
  }
}

// The FP64 matrix-unit family: never on a device without NVIDIA's compute capability 8.0, only the
// m8n8k4 instruction before 9.0, every configuration within what the multiprocessor gives one block
// (227 KiB on Hopper, 163 KiB on 8.0, the first KiB the driver's), and packed operands only for the
// instructions whose fragments are read in pairs (m16n8k8, m16n8k16).
TEST(FamilySpace, MatrixUnitFamilyRunsOnlyWhereItsInstructionsExist) {
  const KernelFamily& mma = kernel_family("xgemm_mma64");
  const auto cpu_reason = unavailable_on_device(mma, cpu_like(), Precision::Double);
  ASSERT_TRUE(cpu_reason);
  EXPECT_NE(cpu_reason->find("nv_compute_capability=0"), std::string::npos) << *cpu_reason;
  EXPECT_TRUE(violation_on_device(mma, mma.defaults(), nvidia_like(), Precision::Single, "NN"));  // fp64 only

  DeviceLimits ampere = nvidia_like();
  ampere.nv_compute_capability = 80;
  const auto ampere_space = family_space(mma, named_limits(ampere, Precision::Double));
  ASSERT_GT(ampere_space.valid_count(), 0u);
  for (std::uint64_t index = 0; index < ampere_space.valid_count(); index += 97) {
    const KernelConfig c = ampere_space.at(index);
    EXPECT_EQ(c.at("MMA_M"), 8) << config_key(c);
    EXPECT_EQ(c.at("PACK"), 0) << config_key(c);
    EXPECT_LE(8 * c.at("STAGES") * c.at("BK") * (c.at("WARPS_M") * c.at("WTM") + c.at("WARPS_N") * c.at("WTN")),
              163 * 1024 - 1024)
        << config_key(c);
  }

  const auto hopper_space = family_space(mma, named_limits(nvidia_like(), Precision::Double));
  bool hopper_shapes = false, beyond_48_kib = false, packed = false;
  for (std::uint64_t index = 0; index < hopper_space.valid_count(); ++index) {
    const KernelConfig c = hopper_space.at(index);
    hopper_shapes = hopper_shapes || c.at("MMA_M") == 16;
    const std::int64_t local_bytes =
        8 * c.at("STAGES") * c.at("BK") * (c.at("WARPS_M") * c.at("WTM") + c.at("WARPS_N") * c.at("WTN"));
    ASSERT_LE(local_bytes, 227 * 1024 - 1024) << config_key(c);
    beyond_48_kib = beyond_48_kib || local_bytes > 48 * 1024;
    if (c.at("PACK") == 1) {
      packed = true;
      ASSERT_TRUE(c.at("MMA_M") == 16 && c.at("MMA_K") >= 8) << config_key(c);
    }
  }
  EXPECT_TRUE(hopper_shapes);
  EXPECT_TRUE(beyond_48_kib);
  EXPECT_TRUE(packed);
  KernelConfig packed_defaults = mma.defaults();
  packed_defaults["PACK"] = 1;
  EXPECT_TRUE(mma.packs(packed_defaults, Precision::Double));
  EXPECT_FALSE(mma.packs(mma.defaults(), Precision::Double));
  packed_defaults["MMA_K"] = 4;
  EXPECT_TRUE(violation_on_device(mma, packed_defaults, nvidia_like(), Precision::Double, "NN"));
  EXPECT_EQ(default_on_device(mma, nvidia_like(), Precision::Double).at("MMA_M"), 16);
}

// Split K adds into C atomically: single precision everywhere, double only where the device adds
// FP64 atomically in hardware (NVIDIA's), which is what a GEMV-like double product of deep K needs.
TEST(FamilySpace, SkinnySplitsKInDoubleOnlyWhereTheDeviceAddsFp64Atomically) {
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  KernelConfig split = skinny.defaults();
  split["KSPLIT"] = 16;
  EXPECT_FALSE(violation_on_device(skinny, split, nvidia_like(), Precision::Double, "NN"));
  EXPECT_FALSE(violation_on_device(skinny, split, nvidia_like(), Precision::Single, "TT"));
  DeviceLimits other_gpu = nvidia_like();
  other_gpu.nv_compiler_options = false;
  other_gpu.nv_compute_capability = 0;
  EXPECT_FALSE(violation_on_device(skinny, split, other_gpu, Precision::Single, "NN"));
  const auto refused = violation_on_device(skinny, split, other_gpu, Precision::Double, "NN");
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("KSPLIT=16"), std::string::npos) << *refused;

  bool double_split = false;
  const auto space = family_space(skinny, named_limits(nvidia_like(), Precision::Double));
  for (std::uint64_t index = 0; index < space.valid_count() && !double_split; index += 13)
    double_split = space.at(index).at("KSPLIT") > 1;
  EXPECT_TRUE(double_split);
}

TEST(FamilySpace, ComputeCapabilityComesFromTheArchitectureName) {
  EXPECT_EQ(compute_capability_of("sm_90"), 90);
  EXPECT_EQ(compute_capability_of("sm_80"), 80);
  EXPECT_EQ(compute_capability_of("sm_100"), 100);
  EXPECT_EQ(compute_capability_of(""), 0);
  EXPECT_EQ(compute_capability_of("sm_"), 0);
  EXPECT_EQ(compute_capability_of("sm_9a"), 0);
  EXPECT_EQ(compute_capability_of("gfx90a"), 0);
}

TEST(FamilySpace, LaunchRangesComeFromTheDescription) {
  const KernelFamily& xgemm = kernel_family("xgemm");
  const KernelConfig tiles = {{"TSM", 128}, {"TSN", 128}, {"WPTM", 8}, {"WPTN", 8}};
  const auto ranges = xgemm.ranges(tiles, {4096, 1000, 512});
  EXPECT_EQ(ranges.local, (std::array<std::size_t, 3>{16, 16, 1}));
  EXPECT_EQ(ranges.global, (std::array<std::size_t, 3>{8 * 16, 32 * 16, 1}));
}

KernelFamily family_with_starting_points(const std::string& points) {
  return KernelFamily::from_json(R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp32", "fp64"],
    "transpositions": ["NN", "TN"], "parameters": [{"name": "P", "default": 8, "meaning": "m"},
                                                   {"name": "Q", "default": 1, "meaning": "m"}],
    "defines": {"BLOCK": "P * 2"}, "local": ["1"], "global": ["1"], "starting_points": )" + points + "}",
                                 {"f", "", ""}, "f.json");
}

// A starting point applies to the precisions and transpositions it lists (all where it lists none)
// where its condition over the limits and the problem holds; one that divides by zero does not.
TEST(FamilySpace, StartingPointsApplyToTheirPrecisionsAndTranspositionsWhereTheirConditionHolds) {
  const KernelFamily family = family_with_starting_points(R"([
    {"transpositions": ["TN"], "precisions": ["fp32"], "when": "M >= 8 * N && nv_compiler_options == 1",
     "config": {"P": 2}},
    {"when": "K / (N - 16) > 0", "config": {"P": 4, "Q": 2}}])");
  const NamedValues nvidia = {{"nv_compiler_options", 1}};
  const auto points = [&](Precision precision, ProblemSize problem, const std::string& trans,
                          const NamedValues& limits) { return family.starting_points(limits, precision, problem, trans); };
  const KernelConfig first{{"P", 2}, {"Q", 1}}, second{{"P", 4}, {"Q", 2}};
  EXPECT_EQ(points(Precision::Single, {2048, 16, 4096}, "TN", nvidia), std::vector<KernelConfig>{first});
  EXPECT_EQ(points(Precision::Single, {2048, 32, 4096}, "TN", nvidia), (std::vector<KernelConfig>{first, second}));
  EXPECT_EQ(points(Precision::Single, {2048, 32, 4096}, "NN", nvidia), std::vector<KernelConfig>{second});
  EXPECT_EQ(points(Precision::Double, {2048, 32, 4096}, "TN", nvidia), std::vector<KernelConfig>{second});
  EXPECT_TRUE(points(Precision::Single, {2048, 16, 4096}, "TN", {{"nv_compiler_options", 0}}).empty());
  EXPECT_TRUE(points(Precision::Single, {100, 16, 4096}, "TN", nvidia).empty());
}

// Each mistake in a starting point is a ConfigError naming the description and the entry.
TEST(FamilySpace, AMalformedStartingPointIsAConfigErrorNamingIt) {
  const auto message = [](const std::string& point) {
    try {
      family_with_starting_points(R"([{"when": "M > N", "config": {"P": 4}}, )" + point + "]");
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(R"({"when": "M > N", "config": {"R": 4}})"), "f.json: starting point 2: unknown parameter R");
  EXPECT_EQ(message(R"({"transpositions": ["TX"], "when": "M > N", "config": {"P": 4}})"),
            R"(f.json: starting point 2: unknown transposition "TX")");
  EXPECT_EQ(message(R"({"transpositions": ["TT"], "when": "M > N", "config": {"P": 4}})"),
            R"(f.json: starting point 2: the family does not serve transposition "TT")");
  EXPECT_EQ(message(R"({"transpositions": "TN", "when": "M > N", "config": {"P": 4}})"),
            R"(f.json: starting point 2: "transpositions" must be an array)");
  EXPECT_EQ(message(R"({"precisions": ["fp16"], "when": "M > N", "config": {"P": 4}})"),
            R"(f.json: starting point 2: "fp16" is not a precision of the family)");
  EXPECT_EQ(message(R"({"when": "M > N", "config": {"P": 4}, "transposition": ["TN"]})"),
            R"(f.json: starting point 2: unknown key "transposition")");
  EXPECT_EQ(message(R"({"when": "M > N"})"), R"(f.json: starting point 2: "config" is missing)");
  EXPECT_EQ(message(R"({"config": {"P": 4}})"), R"(f.json: starting point 2: "when" is missing)");
  const std::string reads_parameter =
      R"(f.json: starting point 2: "when" reads parameter P (perhaps through a define); it is evaluated before )"
      "any configuration, so it may read the device limits and M, N, K only";
  EXPECT_EQ(message(R"({"when": "P > 4", "config": {"P": 4}})"), reads_parameter);
  EXPECT_EQ(message(R"({"when": "BLOCK > M", "config": {"P": 4}})"), reads_parameter);
  const std::string bad = message(R"({"when": "M > N +", "config": {"P": 4}})");
  EXPECT_EQ(bad.rfind(R"(f.json: starting point 2 condition "M > N +": )", 0), 0u) << bad;
  EXPECT_NE(message(R"({"when": "M > L", "config": {"P": 4}})").find("unknown name 'L'"), std::string::npos);
}

// Every family's starting points, wherever one applies (each precision and transposition it serves,
// on both kinds of device, over skinny, square and deep problems), are configurations of its space:
// a session passes over one that is not, so a mistake in a description would go unseen.
TEST(FamilySpace, EveryStartingPointIsInItsFamilysSpaceWhereItApplies) {
  const std::vector<ProblemSize> problems = {{6000, 12, 1200}, {2048, 16, 4096}, {16, 2048, 4096}, {1024, 1024, 1024},
                                             {2048, 64, 2048}, {64, 64, 500000}, {4096, 1, 4096}};
  std::size_t applied = 0;
  for (const auto& family : kernel_families())
    for (const Precision precision : family.precisions())
      for (const DeviceLimits& device : {nvidia_like(), cpu_like()}) {
        const NamedValues limits = named_limits(device, precision);
        std::optional<search::ParameterSpace> space;
        for (const auto& trans : family.transpositions())
          for (const ProblemSize& problem : problems)
            for (const KernelConfig& point : family.starting_points(limits, precision, problem, trans)) {
              if (!space) space.emplace(family_space(family, limits));
              ++applied;
              EXPECT_TRUE(space->contains(in_space_terms(family, point, *space)))
                  << family.name() << " " << precision_info(precision).code << " " << trans << ": " << config_key(point);
            }
      }
  EXPECT_GT(applied, 0u);
  // xgemm_skinny's two, for a TN product with a tall, narrow C on NVIDIA's devices in fp32 only.
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  const NamedValues nvidia = named_limits(nvidia_like(), Precision::Single);
  EXPECT_EQ(skinny.starting_points(nvidia, Precision::Single, {6000, 12, 1200}, "TN").size(), 2u);
  EXPECT_TRUE(skinny.starting_points(nvidia, Precision::Single, {6000, 12, 1200}, "NN").empty());
  EXPECT_TRUE(skinny.starting_points(named_limits(nvidia_like(), Precision::Double), Precision::Double,
                                     {6000, 12, 1200}, "TN").empty());
  EXPECT_TRUE(skinny.starting_points(named_limits(cpu_like(), Precision::Single), Precision::Single,
                                     {6000, 12, 1200}, "TN").empty());
}

class SpaceFile : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("gemmtune-space-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                       ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".json");
    std::ofstream(path) << text;
    files_.push_back(path);
    return path;
  }
  void TearDown() override {
    for (const auto& file : files_) std::filesystem::remove(file);
  }
  const KernelFamily& xgemm = kernel_family("xgemm");
  const NamedValues limits = named_limits(nvidia_like(), Precision::Single);

 private:
  std::vector<std::filesystem::path> files_;
};

TEST_F(SpaceFile, NarrowsTheCandidatesWhileTheRulesStillHold) {
  const auto space = family_space(
      xgemm, limits, write(R"({"kernel": "xgemm", "parameters": [{"name": "TSM", "values": [64, 128]},
                              {"name": "WPTM", "values": [3, 4]}]})"));
  EXPECT_EQ(space.total_count(), 4u);
  EXPECT_EQ(space.valid_count(), 2u);  // WPTM = 3 divides neither tile
  EXPECT_EQ(space_family(write(R"({"kernel": "xgemm", "parameters": []})")), "xgemm");
}

TEST_F(SpaceFile, RefusesAnotherFamilyUnknownParametersAndAnEmptySpace) {
  const auto message = [&](const std::string& text) {
    try {
      family_space(xgemm, limits, write(text));
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(R"({"kernel": "other", "parameters": []})").find("kernel family 'other', not of xgemm"),
            std::string::npos);
  EXPECT_NE(message(R"({"kernel": "xgemm", "parameters": [{"name": "TSX", "values": [1]}]})").find("unknown xgemm parameter 'TSX'"),
            std::string::npos);
  EXPECT_NE(message(R"({"kernel": "xgemm", "parameters": [{"name": "TSM", "values": [64]}], "constraints": ["TSM > 64"]})")
                .find("no configuration of the space is valid"),
            std::string::npos);
}

}  // namespace
}  // namespace gemmtune
