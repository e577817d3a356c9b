// Tensor copies of xgemm_wgmma (COPY 2) as the host prepares them: the description's "tensor_maps",
// the fallback for operands the accelerator cannot read, each operand's map as it lies under every
// transposition, and the refusals of a shape the accelerator cannot read or a machine without
// NVIDIA's driver. The copies themselves run on Hopper only (bench/results/2026-11-28_h200-wgmma-clusters/).
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/tensor_map.hpp"
#include "gemmtune/error.hpp"
#include "tests/support/nvidia_driver.hpp"

namespace gemmtune::testing {
namespace {

const KernelFamily& wgmma() { return kernel_family("xgemm_wgmma"); }

KernelConfig tensor_copies(std::int64_t warpgroups = 2, std::int64_t mt = 1, std::int64_t bn = 256, std::int64_t bk = 64) {
  return wgmma().complete({{"COPY", 2}, {"WARPGROUPS", warpgroups}, {"MT", mt}, {"BN", bn}, {"BK", bk}});
}

TEST(TensorMaps, OnlyTensorCopiesTakeMapsWithTheTilesOfTheirConfiguration) {
  EXPECT_FALSE(wgmma().tensor_map_tiles(wgmma().complete({{"COPY", 0}})));
  EXPECT_FALSE(wgmma().tensor_map_tiles(wgmma().complete({{"COPY", 1}})));
  EXPECT_FALSE(kernel_family("xgemm").tensor_map_tiles(kernel_family("xgemm").complete({})));
  const auto tiles = wgmma().tensor_map_tiles(tensor_copies(3, 1, 192, 64));
  ASSERT_TRUE(tiles);
  EXPECT_EQ(tiles->entry, "xgemm_wgmma_buffer_address");
  EXPECT_EQ(tiles->tile_m, 192);
  EXPECT_EQ(tiles->tile_n, 192);
  EXPECT_EQ(tiles->tile_k, 64);
  EXPECT_EQ(wgmma().tensor_map_tiles(tensor_copies(2, 2, 128, 32))->tile_m, 256);
  // Boxes as wide as the local layout's blocks: the swizzle's bytes, 16 without one.
  EXPECT_EQ(tiles->box_bytes, 128);
  for (const auto& [swizzle, box_bytes] : {std::pair{64, 64}, std::pair{32, 32}, std::pair{0, 16}}) {
    KernelConfig config = tensor_copies();
    config["SWIZZLE"] = swizzle;
    EXPECT_EQ(wgmma().tensor_map_tiles(config)->box_bytes, box_bytes) << "SWIZZLE " << swizzle;
  }
  // The kernel's program is built with tensor copies (its signature then takes the two maps).
  EXPECT_NE(wgmma().build_options(tensor_copies(), Precision::Half, false, false, {64, 64, 64}).find("-DCOPY=2"),
            std::string::npos);
}

// Rows and offsets of A and B must be 16-byte aligned (8 elements); otherwise the copies of every
// work-item (COPY 0) read them, as the description's "unaligned" says.
TEST(TensorMaps, AnOperandTheAcceleratorCannotReadFallsBackToCopiesOfEveryWorkItem) {
  RowMajorGemm p;
  p.lda = 1024, p.ldb = 2048;
  EXPECT_EQ(aligned_config(wgmma(), tensor_copies(), p).at("COPY"), 2);
  for (const auto& [lda, a_offset, ldb, b_offset] : {std::tuple{1020, 0, 2048, 0}, std::tuple{1024, 4, 2048, 0},
                                                     std::tuple{1024, 0, 333, 0}, std::tuple{1024, 0, 2048, 1}}) {
    p.lda = lda, p.a_offset = a_offset, p.ldb = ldb, p.b_offset = b_offset;
    const KernelConfig adapted = aligned_config(wgmma(), tensor_copies(), p);
    EXPECT_EQ(adapted.at("COPY"), 0) << lda << " " << a_offset << " " << ldb << " " << b_offset;
    EXPECT_EQ(adapted.at("BN"), 256) << "only COPY changes";
  }
  p.lda = 1020;
  EXPECT_EQ(aligned_config(wgmma(), wgmma().complete({{"COPY", 1}}), p).at("COPY"), 1) << "no maps, nothing to change";
}

TEST(TensorMaps, EachOperandIsMappedAsItLiesInBoxesOfItsTileAcrossItsContiguousDimension) {
  const KernelFamily::TensorMapTiles tiles{"entry", 128, 256, 64};
  RowMajorGemm p;
  p.m = 1000, p.n = 776, p.k = 344, p.lda = 352, p.ldb = 784;
  const std::array<std::uint64_t, 2> addresses = {4096, 8192};
  // NN: A is M x K, B is K x N.
  auto shapes = operand_map_shapes(p, tiles, 2, addresses);
  EXPECT_EQ(std::tuple(shapes[0].address, shapes[0].rows, shapes[0].columns, shapes[0].row_bytes,
                       shapes[0].element_bytes, shapes[0].box_rows),
            std::tuple(4096u, 1000u, 344u, 704u, 2u, 128u));
  EXPECT_EQ(std::tuple(shapes[1].address, shapes[1].rows, shapes[1].columns, shapes[1].row_bytes, shapes[1].box_rows),
            std::tuple(8192u, 344u, 776u, 1568u, 64u));
  // TT: A is K x M, B is N x K.
  p.trans_a = p.trans_b = true;
  shapes = operand_map_shapes(p, tiles, 4, addresses);
  EXPECT_EQ(std::tuple(shapes[0].rows, shapes[0].columns, shapes[0].row_bytes, shapes[0].element_bytes, shapes[0].box_rows),
            std::tuple(344u, 1000u, 1408u, 4u, 64u));
  EXPECT_EQ(std::tuple(shapes[1].rows, shapes[1].columns, shapes[1].row_bytes, shapes[1].box_rows),
            std::tuple(776u, 344u, 3136u, 256u));
  EXPECT_EQ(shapes[0].box_bytes, 128u);
  // Boxes of the tiles' width.
  shapes = operand_map_shapes(p, {"entry", 128, 256, 64, 32}, 2, addresses);
  EXPECT_EQ(std::tuple(shapes[0].box_bytes, shapes[1].box_bytes), std::tuple(32u, 32u));
  // K = 0 (alpha = 0): nothing is read, but the maps stay valid.
  p.k = 0;
  shapes = operand_map_shapes(p, tiles, 2, addresses);
  EXPECT_EQ(shapes[0].rows, 1u);
  EXPECT_EQ(shapes[1].columns, 1u);
}

// A DeviceError, so that a candidate configuration meeting it gives way to the next.
TEST(TensorMaps, AShapeTheAcceleratorCannotReadIsADeviceError) {
  const TensorMapShape good{4096, 100, 64, 128, 2, 128};
  const std::vector<std::pair<std::string, void (*)(TensorMapShape&)>> changes = {
      {"an address off 16 bytes", [](TensorMapShape& s) { s.address = 4100; }},
      {"rows off 16 bytes", [](TensorMapShape& s) { s.row_bytes = 120; }},
      {"a box over 256 rows", [](TensorMapShape& s) { s.box_rows = 512; }},
      {"a box no swizzle spans", [](TensorMapShape& s) { s.box_bytes = 48; }},
      {"a box wider than a swizzle", [](TensorMapShape& s) { s.box_bytes = 256; }},
      {"8-byte elements", [](TensorMapShape& s) { s.element_bytes = 8; }},
      {"no rows", [](TensorMapShape& s) { s.rows = 0; }}};
  for (const auto& [what, change] : changes) {
    TensorMapShape bad = good;
    change(bad);
    try {
      encode_tensor_map(bad);
      ADD_FAILURE() << "no error for " << what;
    } catch (const DeviceError& error) {
      EXPECT_EQ(error.code(), CL_INVALID_KERNEL_ARGS) << what;
    }
  }
}

// Where NVIDIA's driver is missing (every machine without an NVIDIA GPU), a tensor map is a
// DeviceError saying why, not a crash. Skipped where the driver is there: encoding would then hold
// a CUDA context on the machine's first GPU.
TEST(TensorMaps, WithoutNvidiasDriverAMapIsADeviceErrorSayingWhy) {
  if (nvidia_driver_installed()) GTEST_SKIP() << "NVIDIA's driver is installed here";
  try {
    encode_tensor_map({4096, 100, 64, 128, 2, 128});
    ADD_FAILURE() << "a map without the driver";
  } catch (const DeviceError& error) {
    EXPECT_EQ(error.code(), CL_INVALID_OPERATION);
    EXPECT_NE(std::string(error.what()).find("tensor copies need NVIDIA's CUDA driver"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace gemmtune::testing
