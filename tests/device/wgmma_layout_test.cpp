// The warpgroup matrix-unit family's local layout and descriptors (kernels/xgemm_wgmma.cl) as the
// kernel computes them on the default device, against the PTX ISA: its layout of a tile (BLOCKED)
// is the canonical layout of each swizzle mode (SWIZZLE 128, 64, 32 and 0, none), matrix_descriptor
// puts each field where the ISA does, and each transposition's descriptors step between the core
// matrices of that layout as the ISA's canonical layouts say. That the products read the right
// tiles is checked on the GPU, by the family's results.
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
// 4-byte ones. Work-groups of 2 warpgroups of one tile each: BM 128, BN 128, BK 64.
constexpr int layout_bm = 128, layout_bn = 128, layout_bk = 64;
cl::Program layout_program(int precision = 16, int swizzle = 128, bool trans_a = false, bool trans_b = false) {
  KernelSource source = kernel_family("xgemm_wgmma").source();
  source.ptx_target.clear();
  return shared_device().programs.get(shared_device().context, shared_device().entry.device, source,
                               "-DLAYOUT_TEST -Dasm=__asm__ -DPRECISION=" + std::to_string(precision) +
                                   " -DTRANSA=" + std::to_string(trans_a) + " -DTRANSB=" + std::to_string(trans_b) +
                                   " -DPACKED=0 -DWARPGROUPS=2 -DMT=1 -DBN=128 -DBK=64 -DSTAGES=4 -DVWA=8 -DVWB=8 "
                                   "-DGROUP_M=8 -DSWIZZLE=" + std::to_string(swizzle));
}

// Where the kernel puts element (row, column) of a tile of `rows` rows of `length` elements.
std::vector<cl_int> kernel_layout(int rows, int length, int precision, int swizzle = 128) {
  const std::size_t count = static_cast<std::size_t>(rows) * length;
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * count);
  cl::Kernel kernel(layout_program(precision, swizzle), "xgemm_wgmma_layout");
  kernel.setArg(0, out);
  kernel.setArg(1, rows);
  kernel.setArg(2, length);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(length, rows));
  std::vector<cl_int> offsets(count);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_int) * count, offsets.data());
  return offsets;
}

// The PTX ISA's swizzle of `row_bytes` (128, 64 or 32; 16: none) of a byte offset from an aligned
// start: the 16-byte chunk (bits 4 on) XOR as many bits from bit 7 on (for 128 bytes, bits 4-6 XOR
// the 128-byte row within its group of 8, bits 7-9).
std::uint32_t swizzle(std::uint32_t byte_offset, std::uint32_t row_bytes) {
  const std::uint32_t chunks = row_bytes / 16 - 1;  // the mask of a row's chunks
  return byte_offset ^ (((byte_offset >> 7) & chunks) << 4);
}

// Tiles as the kernel keeps them, both as K-major operands (rows of M or N, columns of K) and as
// MN-major ones (rows of K, columns of M or N): BK 32 (32-bit elements only), 64 and 128, BM and
// BN 64 to 384.
struct Tile {
  int rows, length;
};
const std::vector<Tile> tiles = {{64, 64}, {128, 64}, {192, 128}, {384, 64}, {64, 128}, {64, 256}, {128, 192}, {128, 32}};

// 16-bit elements (fp16, bf16) and 32-bit ones (tf32, 3xtf32), whose rows hold half as many, in
// every swizzle mode.
TEST(WgmmaLayout, EveryTileIsTheCanonicalLayoutOfItsSwizzleMode) {
  for (const int swizzle_bytes : {128, 64, 32, 0})
    for (const auto& [precision, bytes] : {std::pair{16, 2}, std::pair{19, 4}})
      for (const Tile& tile : tiles) {
        const int row_bytes = swizzle_bytes == 0 ? 16 : swizzle_bytes, row_elements = row_bytes / bytes;
        if (tile.length * bytes % 128 != 0) continue;  // tiles are whole 128-byte rows
        const std::vector<cl_int> offsets = kernel_layout(tile.rows, tile.length, precision, swizzle_bytes);
        std::set<cl_int> distinct;
        for (int row = 0; row < tile.rows; ++row)
          for (int column = 0; column < tile.length; ++column) {
            // Blocks of row_bytes of columns, each `rows` rows of row_bytes: for a K-major operand
            // the groups of 8 rows are the stride dimension; for an MN-major one the blocks are the
            // leading dimension (rows x row_bytes) and the groups of 8 rows of K the stride (the
            // other way round without a swizzle).
            const std::uint32_t canonical = static_cast<std::uint32_t>(
                column / row_elements * tile.rows * row_bytes + row * row_bytes + column % row_elements * bytes);
            const cl_int offset = offsets[static_cast<std::size_t>(row) * tile.length + column];
            ASSERT_EQ(static_cast<std::uint32_t>(offset) * bytes, swizzle(canonical, row_bytes))
                << "element (" << row << ", " << column << ") of " << tile.rows << " x " << tile.length << ", "
                << bytes << "-byte elements, SWIZZLE " << swizzle_bytes;
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

// The descriptors of a stage's A and B tiles as the kernel makes them for these transpositions.
std::vector<cl_ulong> stage_descriptors(int swizzle_bytes, bool trans_a, bool trans_b) {
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_ulong) * 2);
  cl::Kernel kernel(layout_program(16, swizzle_bytes, trans_a, trans_b), "xgemm_wgmma_stage_descriptors");
  kernel.setArg(0, out);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1));
  std::vector<cl_ulong> descriptors(2);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_ulong) * 2, descriptors.data());
  return descriptors;
}

// The PTX ISA's canonical layouts (in 16-byte chunks, T elements each; CUTLASS's make_gmma_desc
// words them the same): a K-major operand is ((8, n), 2) : ((W, SBO), LBO) with a swizzle of W
// chunks a row (LBO unused: 1) and ((8, n), 2) : ((1, SBO), LBO) without one; an MN-major one is
// ((T, W, m), (8, k)) : ((1, T, LBO), (W T, SBO)) with a swizzle and ((T, 1, m), (8, k)) :
// ((1, T, SBO), (T, LBO)) without. So each offset is the step, in the kernel's own layout (the
// fp16 tiles of layout_program), from element (0, 0) to the first element of the next group of 8
// rows or of the next block of columns.
TEST(WgmmaLayout, EachTranspositionsDescriptorsStepBetweenTheCoreMatricesOfItsLayout) {
  constexpr int bytes = 2, chunk_elements = 16 / bytes;
  for (const int swizzle_bytes : {128, 64, 32, 0})
    for (const bool trans_a : {false, true})
      for (const bool trans_b : {false, true}) {
        const std::vector<cl_ulong> descriptors = stage_descriptors(swizzle_bytes, trans_a, trans_b);
        const int row_elements = (swizzle_bytes == 0 ? 16 : swizzle_bytes) / bytes;
        // Each operand's tile as stored: rows x length, K along the length where K-major.
        const auto check = [&](cl_ulong descriptor, bool k_major, int rows, int length, const char* name) {
          const std::vector<cl_int> offsets = kernel_layout(rows, length, 16, swizzle_bytes);
          const auto byte_offset = [&](int row, int column) {
            return static_cast<cl_ulong>(offsets[static_cast<std::size_t>(row) * length + column]) * bytes;
          };
          const cl_ulong next_rows = byte_offset(8, 0);  // the next group of 8 rows
          const cl_ulong next_block = byte_offset(0, swizzle_bytes == 0 ? chunk_elements : row_elements);
          const cl_ulong leading = ((descriptor >> 16) & 0x3fff) << 4, stride = ((descriptor >> 32) & 0x3fff) << 4;
          const std::string where = std::string(name) + (k_major ? " K-major" : " MN-major") + ", SWIZZLE " +
                                    std::to_string(swizzle_bytes) + ", TRANSA " + std::to_string(trans_a) +
                                    ", TRANSB " + std::to_string(trans_b);
          EXPECT_EQ(descriptor >> 62, swizzle_bytes == 128 ? 1u : swizzle_bytes == 64 ? 2u : swizzle_bytes == 32 ? 3u : 0u)
              << where;
          if (swizzle_bytes == 0) {
            EXPECT_EQ(leading, k_major ? next_block : next_rows) << where;
            EXPECT_EQ(stride, k_major ? next_rows : next_block) << where;
          } else {
            EXPECT_EQ(stride, next_rows) << where;
            if (k_major)
              EXPECT_EQ(leading, 16u) << where << ": unused, 1";
            else
              EXPECT_EQ(leading, next_block) << where;
          }
        };
        // op(A) is K-major unless transposed; op(B) is K-major where transposed (N x K stored).
        check(descriptors[0], !trans_a, trans_a ? layout_bk : layout_bm, trans_a ? layout_bm : layout_bk, "A");
        check(descriptors[1], trans_b, trans_b ? layout_bn : layout_bk, trans_b ? layout_bk : layout_bn, "B");
      }
}

}  // namespace
}  // namespace gemmtune::testing
