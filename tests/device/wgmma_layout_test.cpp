// The warpgroup matrix-unit family's local layout and descriptors (kernels/xgemm_wgmma.cl) as the
// kernel computes them on the default device, against the PTX ISA: its layout of a tile (BLOCKED)
// is the canonical layout of the 128-byte swizzle mode, and matrix_descriptor puts each field where
// the ISA does. Which tile and offsets each transposition's descriptors name is checked on the
// GPU, by the family's results.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {


// The family's source as the library compiles it, with its test entries, built for any device:
// without the PTX pass, and with `asm` spelled as every C compiler knows it (the test entries use
// none; the copies that do are never called). Precision 16 (fp16) has 2-byte elements, 19 (tf32)
// 4-byte ones.
cl::Program layout_program(int precision = 16) {
  KernelSource source = kernel_family("xgemm_wgmma").source();
  source.ptx_target.clear();
  return shared_device().programs.get(shared_device().context, shared_device().entry.device, source,
                               "-DLAYOUT_TEST -Dasm=__asm__ -DPRECISION=" + std::to_string(precision) +
                                   " -DTRANSA=0 -DTRANSB=0 -DPACKED=0 -DWARPGROUPS=2 "
                                   "-DMT=1 -DBN=128 -DBK=64 -DSTAGES=4 -DVWA=8 -DVWB=8 -DGROUP_M=8");
}

// Where the kernel puts element (row, column) of a tile of `rows` rows of `length` elements.
std::vector<cl_int> kernel_layout(int rows, int length, int precision) {
  const std::size_t count = static_cast<std::size_t>(rows) * length;
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * count);
  cl::Kernel kernel(layout_program(precision), "xgemm_wgmma_layout");
  kernel.setArg(0, out);
  kernel.setArg(1, rows);
  kernel.setArg(2, length);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(length, rows));
  std::vector<cl_int> offsets(count);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_int) * count, offsets.data());
  return offsets;
}

// The PTX ISA's 128-byte swizzle of a byte offset from a 1024-byte-aligned start: the 16-byte chunk
// (bits 4-6) XOR the 128-byte row within its group of 8 (bits 7-9).
std::uint32_t swizzle_128(std::uint32_t byte_offset) { return byte_offset ^ (((byte_offset >> 7) & 7u) << 4); }

// Tiles as the kernel keeps them, both as K-major operands (rows of M or N, columns of K) and as
// MN-major ones (rows of K, columns of M or N): BK 32 (32-bit elements only), 64 and 128, BM and
// BN 64 to 384.
struct Tile {
  int rows, length;
};
const std::vector<Tile> tiles = {{64, 64}, {128, 64}, {192, 128}, {384, 64}, {64, 128}, {64, 256}, {128, 192}, {128, 32}};

// 16-bit elements (fp16, bf16) and 32-bit ones (tf32, 3xtf32), whose 128-byte rows hold half as many.
TEST(WgmmaLayout, EveryTileIsTheCanonicalLayoutOfThe128ByteSwizzle) {
  for (const auto& [precision, bytes] : {std::pair{16, 2}, std::pair{19, 4}})
    for (const Tile& tile : tiles) {
      const int row_elements = 128 / bytes;
      if (tile.length % row_elements != 0) continue;  // tiles are whole 128-byte rows
      const std::vector<cl_int> offsets = kernel_layout(tile.rows, tile.length, precision);
      std::set<cl_int> distinct;
      for (int row = 0; row < tile.rows; ++row)
        for (int column = 0; column < tile.length; ++column) {
          // Blocks of 128 bytes of columns, each `rows` rows of 128 bytes: for a K-major operand the
          // groups of 8 rows are the stride dimension (1024 bytes); for an MN-major one the blocks
          // are the leading dimension (rows x 128 bytes) and the groups of 8 rows of K the stride.
          const std::uint32_t canonical = static_cast<std::uint32_t>(
              column / row_elements * tile.rows * 128 + row * 128 + column % row_elements * bytes);
          const cl_int offset = offsets[static_cast<std::size_t>(row) * tile.length + column];
          ASSERT_EQ(static_cast<std::uint32_t>(offset) * bytes, swizzle_128(canonical))
              << "element (" << row << ", " << column << ") of " << tile.rows << " x " << tile.length << ", "
              << bytes << "-byte elements";
          distinct.insert(offset);
        }
      EXPECT_EQ(distinct.size(), static_cast<std::size_t>(tile.rows) * tile.length) << "a permutation";
      EXPECT_EQ(*distinct.rbegin(), tile.rows * tile.length - 1);
    }
}

std::vector<cl_ulong> kernel_descriptors(const std::vector<cl_uint>& triples) {
  const std::size_t count = triples.size() / 3;
  cl::Buffer in(shared_device().context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(cl_uint) * triples.size(),
                const_cast<cl_uint*>(triples.data()));
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_ulong) * count);
  cl::Kernel kernel(layout_program(), "xgemm_wgmma_descriptors");
  kernel.setArg(0, out);
  kernel.setArg(1, in);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(count));
  std::vector<cl_ulong> descriptors(count);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_ulong) * count, descriptors.data());
  return descriptors;
}

// PTX ISA, "Matrix Descriptor Format": bits 0-13 start address, 16-29 leading dimension byte
// offset, 32-45 stride dimension byte offset, each in 16-byte units; 49-51 base offset (0: tiles
// start 1024-byte aligned); 62-63 swizzle mode, 1 for 128 bytes.
TEST(WgmmaLayout, DescriptorsHoldEachFieldWhereThePtxIsaPutsIt) {
  const std::vector<cl_uint> triples = {0x400, 16, 1024,  0x400 + 3 * 8192, 64 * 128, 1024,
                                        0x38c20, 128 * 128, 1024, 0x3fff0, 16, 1024};
  const std::vector<cl_ulong> descriptors = kernel_descriptors(triples);
  EXPECT_EQ(descriptors[0], 0x4000004000010040ull);
  EXPECT_EQ(descriptors[1], 0x4000004002000640ull);
  EXPECT_EQ(descriptors[2], 0x40000040040038c2ull);
  EXPECT_EQ(descriptors[3], 0x4000004000013fffull);
  for (std::size_t i = 0; i < descriptors.size(); ++i) {
    const cl_ulong d = descriptors[i];
    EXPECT_EQ(d & 0x3fff, triples[3 * i] >> 4);
    EXPECT_EQ((d >> 16) & 0x3fff, triples[3 * i + 1] >> 4);
    EXPECT_EQ((d >> 32) & 0x3fff, triples[3 * i + 2] >> 4);
    EXPECT_EQ((d >> 49) & 7, 0u) << "base offset";
    EXPECT_EQ(d >> 62, 1u) << "128-byte swizzle";
    EXPECT_EQ(d & 0x3fffc000c000c000ull, 0u) << "reserved bits";
  }
}

}  // namespace
}  // namespace gemmtune::testing
