// The tile copies of the warpgroup matrix-unit family (load_block in kernels/xgemm_wgmma.cl), run on
// the default device: every element of a tile lands where the local layout (BLOCKED) puts it, and
// whatever lies outside the matrix is zero; a whole tile of operands read as they lie, whose rows
// the copiers share evenly, goes by the path whose addresses step by constants, every other tile
// by the checked loop. Copiers of one to three warpgroups, a copier's rows 1 to 48 apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {

// The text from `start` to the end of the block that follows it (balanced braces), or to the end of
// a macro (its continued lines included).
std::string excerpt(const std::string& text, const std::string& start) {
  const std::size_t from = text.find(start);
  if (from == std::string::npos) throw std::runtime_error("kernels/xgemm_wgmma.cl has no \"" + start + "\"");
  if (start.starts_with("#define")) {
    std::size_t end = text.find('\n', from);
    while (end != std::string::npos && end > 0 && text[end - 1] == '\\') end = text.find('\n', end + 1);
    return text.substr(from, end == std::string::npos ? std::string::npos : end - from) + "\n";
  }
  int depth = 0;
  for (std::size_t at = text.find('{', from); at < text.size(); ++at) {
    if (text[at] == '{') ++depth;
    if (text[at] == '}' && --depth == 0) return text.substr(from, at + 1 - from) + "\n";
  }
  throw std::runtime_error("kernels/xgemm_wgmma.cl: no block after \"" + start + "\"");
}

struct Copy {
  int copiers, precision, rows, columns, vw;
};

int element_bytes(const Copy& copy) { return copy.precision == 16 ? 2 : 4; }

// 32-bit elements (tf32, 3xtf32) reach the kernel packed only; 16-bit ones as they lie.
bool packed(const Copy& copy) { return element_bytes(copy) == 4; }

// What the stepping path's copies add to each value they copy, so that the test sees which path
// copied a tile; below 65536 with the values the tests copy.
float stepping_mark(const Copy& copy) { return element_bytes(copy) == 2 ? 32768.0f : 1048576.0f; }

// load_block and the layout it copies into, as the kernel file has them, with cp.async replaced
// by a plain copy of the same contract (`elements` of `vw` read, the rest written as zeros) that
// the stepping path's calls make with the mark added, and a kernel in which one work-group of
// COPIERS work-items copies one ROWS x COLUMNS tile, VW elements a copy (constants, as in the
// family's kernel), from (row0, column0) of a matrix, and writes the tile out as it lies.
cl::Program copy_program(const Copy& copy) {
  const std::string family = kernel_family("xgemm_wgmma").source().text;
  std::string load_block = excerpt(family, "inline void load_block(");
  const std::string stepping_call = "copy_async(first[";
  const std::size_t call = load_block.find(stepping_call);
  if (call == std::string::npos) throw std::runtime_error("load_block's stepping path has no \"" + stepping_call + "\"");
  load_block.replace(call, stepping_call.size(), "copy_stepping(first[");
  const std::string text = utility_kernel("precision_storage").text + utility_kernel("operand_pack").text +
                           excerpt(family, "#define BLOCKED(") + R"CL(
inline void copy_async(__local storage_t* destination, const __global storage_t* source, const int vw,
                       const int elements) {
  for (int e = 0; e < vw; ++e) destination[e] = e < elements ? source[e] : (storage_t)0;
}
inline void copy_stepping(__local storage_t* destination, const __global storage_t* source, const int vw,
                          const int elements) {
  for (int e = 0; e < vw; ++e) destination[e] = e < elements ? source[e] + (storage_t)MARK : (storage_t)0;
}
)CL" + load_block + R"CL(
__kernel void copy_tile(__global const storage_t* matrix, const int ld, const int row0, const int column0,
                        const int rows_valid, const int columns_valid, __global storage_t* out) {
  __local storage_t tile[ROWS * COLUMNS];
  load_block(tile, matrix, ld, row0, column0, rows_valid, columns_valid, ROWS, COLUMNS, VW, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_local_id(0); i < ROWS * COLUMNS; i += COPIERS) out[i] = tile[i];
}
)CL";
  const std::string options = "-DPRECISION=" + std::to_string(copy.precision) +
                              " -DPACKED=" + std::to_string(packed(copy) ? 1 : 0) +
                              " -DCOPIERS=" + std::to_string(copy.copiers) + " -DROWS=" + std::to_string(copy.rows) +
                              " -DCOLUMNS=" + std::to_string(copy.columns) + " -DVW=" + std::to_string(copy.vw) +
                              " -DMARK=" + std::to_string(static_cast<int>(stepping_mark(copy)));
  return shared_device().programs.get(shared_device().context, shared_device().entry.device,
                                      KernelSource{"wgmma_copy_test", text, "test" + std::to_string(std::hash<std::string>{}(text))},
                                      options);
}

// The tile's corner in the matrix: not its origin, a whole number of copies along the row.
constexpr int row0 = 3;
int column0(const Copy& copy) { return 2 * copy.vw; }
int leading_dimension(const Copy& copy) { return column0(copy) + copy.columns + 8; }

// The value the matrix holds at (r, c) from its origin: distinct for every place.
float value_at(const Copy& copy, int r, int c) { return static_cast<float>(1 + r * leading_dimension(copy) + c); }

// The tile as the kernel's copies leave it: the matrix holds `rows_valid` x `columns_valid`
// elements from the tile's corner (one more row beyond it), values from value_at.
std::vector<float> copied_tile(const Copy& copy, int rows_valid, int columns_valid) {
  const int ld = leading_dimension(copy), matrix_rows = row0 + rows_valid + 1, bytes = element_bytes(copy);
  std::vector<unsigned char> matrix(static_cast<std::size_t>(matrix_rows) * ld * bytes);
  for (int r = 0; r < matrix_rows; ++r)
    for (int c = 0; c < ld; ++c) {
      const float value = value_at(copy, r, c);
      const std::size_t at = (static_cast<std::size_t>(r) * ld + c) * bytes;
      if (bytes == 2) {
        const auto stored = static_cast<cl_ushort>(value);
        std::memcpy(&matrix[at], &stored, 2);
      } else {
        std::memcpy(&matrix[at], &value, 4);
      }
    }
  const std::size_t count = static_cast<std::size_t>(copy.rows) * copy.columns;
  cl::Buffer in(shared_device().context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, matrix.size(), matrix.data());
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, count * bytes);
  cl::Kernel kernel(copy_program(copy), "copy_tile");
  kernel.setArg(0, in);
  kernel.setArg(1, ld);
  kernel.setArg(2, row0);
  kernel.setArg(3, column0(copy));
  kernel.setArg(4, rows_valid);
  kernel.setArg(5, columns_valid);
  kernel.setArg(6, out);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(copy.copiers), cl::NDRange(copy.copiers));
  std::vector<unsigned char> raw(count * bytes);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, raw.size(), raw.data());
  std::vector<float> tile(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (bytes == 2) {
      cl_ushort stored;
      std::memcpy(&stored, &raw[i * 2], 2);
      tile[i] = stored;
    } else {
      std::memcpy(&tile[i], &raw[i * 4], 4);
    }
  }
  return tile;
}

// The 128-byte swizzled layout of kernels/operand_pack.cl, as the family's layout test checks it
// against the PTX ISA.
int blocked(int row, int column, int rows, int bytes) {
  const int row_elements = 128 / bytes, chunk_elements = 16 / bytes;
  return column / row_elements * rows * row_elements + row * row_elements +
         ((column % row_elements / chunk_elements) ^ (row % 8)) * chunk_elements + column % chunk_elements;
}

// Whether a whole tile goes by the stepping path: operands as they lie, whose rows the copiers
// share evenly (each copier's copies in one column, the same number for all).
bool steps(const Copy& copy) {
  const int per_row = copy.columns / copy.vw, copies = copy.rows * per_row;
  return !packed(copy) && copy.copiers % per_row == 0 && copies % copy.copiers == 0;
}

// 16-bit elements: copiers of 1, 2 and 3 warpgroups whose rows lie 1 to 48 apart (every distance
// below 8 that those counts allow, 1, 2, 3, 4 and 6, where the swizzle's place repeats every
// 8 / gcd(distance, 8) copies, then 8 and multiples of 8), 1 to 8 elements a copy, and tiles whose
// rows do not share evenly (the checked loop). 32-bit elements arrive packed and take the checked
// loop.
const std::vector<Copy> copies = {
    {128, 16, 64, 128, 1},  {256, 16, 64, 128, 1},  {128, 16, 64, 64, 2},   {384, 16, 192, 128, 1},
    {128, 16, 64, 256, 8},
    {384, 16, 192, 64, 1},  {128, 16, 64, 128, 8},  {384, 16, 192, 64, 2},  {128, 16, 64, 64, 8},
    {256, 16, 128, 64, 4},  {384, 16, 192, 128, 8}, {256, 16, 64, 64, 8},   {384, 16, 192, 64, 8},
    {384, 16, 64, 256, 8},  {384, 16, 64, 128, 8},  {128, 19, 64, 32, 4},   {128, 19, 64, 256, 4},
    {384, 19, 192, 32, 4},
    // 192 columns (the instruction's N of 192, B as it lies): 24 copies a row, which the three
    // warpgroups' copiers share evenly (the stepping path) and a producer warpgroup's do not.
    {384, 16, 64, 192, 8},  {128, 16, 64, 192, 8},  {128, 19, 192, 32, 4},
};

std::string described(const Copy& copy) {
  return std::to_string(copy.rows) + " x " + std::to_string(copy.columns) + ", " + std::to_string(copy.copiers) +
         " copiers, " + std::to_string(copy.vw) + " a copy, " + std::to_string(element_bytes(copy)) + "-byte elements";
}

TEST(WgmmaCopies, EveryElementOfAWholeTileLandsWhereTheLayoutPutsIt) {
  int stepping = 0;
  for (const Copy& copy : copies) {
    const std::vector<float> tile = copied_tile(copy, copy.rows, copy.columns + 1);
    const float mark = steps(copy) ? stepping_mark(copy) : 0.0f;
    stepping += steps(copy);
    for (int r = 0; r < copy.rows; ++r)
      for (int c = 0; c < copy.columns; ++c)
        ASSERT_EQ(tile[blocked(r, c, copy.rows, element_bytes(copy))], value_at(copy, row0 + r, column0(copy) + c) + mark)
            << "element (" << r << ", " << c << ") of " << described(copy)
            << (steps(copy) ? ", copied by the stepping path" : ", copied by the checked loop");
  }
  EXPECT_EQ(stepping, 14) << "tiles that take the stepping path";
}

TEST(WgmmaCopies, ATileAtTheMatrixEdgeCopiesWhatLiesInsideAndZerosTheRest) {
  for (const Copy& copy : copies) {
    // Rows missing, and columns ending inside a copy where a copy is wider than 3 elements.
    const int rows_valid = copy.rows - 5, columns_valid = copy.columns - 3;
    const std::vector<float> tile = copied_tile(copy, rows_valid, columns_valid);
    for (int r = 0; r < copy.rows; ++r)
      for (int c = 0; c < copy.columns; ++c) {
        const bool inside = r < rows_valid && c < columns_valid;
        ASSERT_EQ(tile[blocked(r, c, copy.rows, element_bytes(copy))],
                  inside ? value_at(copy, row0 + r, column0(copy) + c) : 0.0f)
            << "element (" << r << ", " << c << ") of " << described(copy) << ", the checked loop";
      }
  }
}

// cp.async copies 16 bytes at most, within one chunk of the swizzle: a TF32 operand read where it
// lies (PACKED, copied by load_tile with COPY 0) takes at most 4 of its 4-byte elements a copy
// whatever VWA and VWB say, which count 16-bit elements; 16-bit operands keep their widths. The
// width selection is taken from the kernel file as it is.
TEST(WgmmaCopies, AnOperandReadInPlaceIsCopiedAtMostSixteenBytesAtATime) {
  const std::string family = kernel_family("xgemm_wgmma").source().text;
  const std::string first = "#if PACKED && COPY == 0 && VWA > 4", after = "// Issues the copies of K tile";
  const std::size_t from = family.find(first), to = family.find(after);
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  const std::string text = family.substr(from, to - from) +
                           "__kernel void widths(__global int* out) { out[0] = A_VW; out[1] = B_VW; }\n";
  const KernelSource source{"wgmma_widths_test", text, "widths" + std::to_string(std::hash<std::string>{}(text))};
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, 2 * sizeof(cl_int));
  for (const int packed : {0, 1})
    for (const int vw : {1, 2, 4, 8}) {
      const std::string options = "-DPACKED=" + std::to_string(packed) + " -DCOPY=0 -DVWA=" + std::to_string(vw) +
                                  " -DVWB=" + std::to_string(vw);
      cl::Kernel kernel(
          shared_device().programs.get(shared_device().context, shared_device().entry.device, source, options),
          "widths");
      kernel.setArg(0, out);
      shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
      cl_int widths[2];
      shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof widths, widths);
      const int expected = packed ? std::min(vw, 4) : vw;
      EXPECT_EQ(widths[0], expected) << "A, PACKED=" << packed << " VWA=" << vw;
      EXPECT_EQ(widths[1], expected) << "B, PACKED=" << packed << " VWB=" << vw;
    }
}

}  // namespace
}  // namespace gemmtune::testing
