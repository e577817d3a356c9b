// The tile copies of the warpgroup matrix-unit family (load_block in kernels/xgemm_wgmma.cl), run on
// the default device: every element of a tile lands where the local layout (BLOCKED) puts it, and
// whatever lies outside the matrix is zero, on the path whose addresses step by constants (a whole
// tile) and on the checked one (a tile at the matrix's edge), for every count of copiers the
// family has and the copy widths and tile shapes its rules allow.
#include <gtest/gtest.h>

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
// its line for a macro.
std::string excerpt(const std::string& text, const std::string& start) {
  const std::size_t from = text.find(start);
  if (from == std::string::npos) throw std::runtime_error("kernels/xgemm_wgmma.cl has no \"" + start + "\"");
  if (start.starts_with("#define")) return text.substr(from, text.find('\n', from) - from) + "\n";
  std::size_t at = text.find('{', from);
  for (int depth = 0;; ++at) {
    if (text[at] == '{') ++depth;
    if (text[at] == '}' && --depth == 0) return text.substr(from, at + 1 - from) + "\n";
  }
}

struct Copy {
  int copiers, precision, rows, columns, vw;
};

// load_block and the layout it copies into, as the kernel file has them, with cp.async replaced
// by a plain copy of the same contract (`elements` of `vw` read, the rest written as zeros), and a
// kernel in which one work-group of COPIERS work-items copies one ROWS x COLUMNS tile, VW elements
// a copy (constants, as in the family's kernel), and writes it out as it lies.
cl::Program copy_program(const Copy& copy) {
  const std::string family = kernel_family("xgemm_wgmma").source().text;
  const std::string text = utility_kernel("precision_storage").text + utility_kernel("operand_pack").text +
                           "#define PACKED 0\n" +
                           excerpt(family, "#define BLOCKED(") + R"CL(
inline void copy_async(__local storage_t* destination, const __global storage_t* source, const int vw,
                       const int elements) {
  for (int e = 0; e < vw; ++e) destination[e] = e < elements ? source[e] : (storage_t)0;
}
)CL" + excerpt(family, "inline void load_block(") +
                           R"CL(
__kernel void copy_tile(__global const storage_t* matrix, const int ld, const int rows_valid, const int columns_valid,
                        __global storage_t* out) {
  __local storage_t tile[ROWS * COLUMNS];
  load_block(tile, matrix, ld, 0, 0, rows_valid, columns_valid, ROWS, COLUMNS, VW, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_local_id(0); i < ROWS * COLUMNS; i += COPIERS) out[i] = tile[i];
}
)CL";
  return shared_device().programs.get(shared_device().context, shared_device().entry.device,
                                      KernelSource{"wgmma_copy_test", text, "test" + std::to_string(std::hash<std::string>{}(text))},
                                      "-DPRECISION=" + std::to_string(copy.precision) + " -DCOPIERS=" +
                                          std::to_string(copy.copiers) + " -DROWS=" + std::to_string(copy.rows) +
                                          " -DCOLUMNS=" + std::to_string(copy.columns) + " -DVW=" + std::to_string(copy.vw));
}

// Where the kernel's copies put each element, the elements numbered by their place in the matrix.
// The matrix is `rows_valid` x `columns_valid` from the tile's corner (one more row and column
// beyond the tile when the tile is whole), with a leading dimension of columns + 24.
std::vector<float> copied_tile(const Copy& copy, int rows_valid, int columns_valid) {
  const int ld = copy.columns + 24, matrix_rows = rows_valid + 1;
  const int bytes = copy.precision == 16 ? 2 : 4;
  std::vector<unsigned char> matrix(static_cast<std::size_t>(matrix_rows) * ld * bytes);
  for (int r = 0; r < matrix_rows; ++r)
    for (int c = 0; c < ld; ++c) {
      const int number = 1 + r * copy.columns + c;  // 0 stays for zeros; below 65536 for 16-bit elements
      const std::size_t at = (static_cast<std::size_t>(r) * ld + c) * bytes;
      if (bytes == 2) {
        const auto value = static_cast<cl_ushort>(number);
        std::memcpy(&matrix[at], &value, 2);
      } else {
        const auto value = static_cast<cl_float>(number);
        std::memcpy(&matrix[at], &value, 4);
      }
    }
  const std::size_t count = static_cast<std::size_t>(copy.rows) * copy.columns;
  cl::Buffer in(shared_device().context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, matrix.size(), matrix.data());
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, count * bytes);
  cl::Kernel kernel(copy_program(copy), "copy_tile");
  kernel.setArg(0, in);
  kernel.setArg(1, ld);
  kernel.setArg(2, rows_valid);
  kernel.setArg(3, columns_valid);
  kernel.setArg(4, out);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(copy.copiers), cl::NDRange(copy.copiers));
  std::vector<unsigned char> raw(count * bytes);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, raw.size(), raw.data());
  std::vector<float> tile(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (bytes == 2) {
      cl_ushort value;
      std::memcpy(&value, &raw[i * 2], 2);
      tile[i] = value;
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

// Copiers of 1, 2 and 3 warpgroups; 16-bit elements 16 bytes a copy (rows 1 to 32 copies long, so
// that copiers lie 4 to 48 rows apart: every distance the stepping path takes) or 2 bytes (the
// checked loop only); 32-bit elements 16 or 4 bytes a copy.
const std::vector<Copy> copies = {
    {128, 16, 64, 64, 8},  {128, 16, 128, 64, 8}, {128, 16, 64, 128, 8}, {128, 16, 64, 256, 8},
    {256, 16, 64, 256, 8}, {384, 16, 64, 256, 8}, {384, 16, 192, 64, 8}, {384, 16, 64, 128, 8},
    {128, 16, 64, 64, 1},  {128, 19, 64, 32, 4},  {128, 19, 64, 256, 4}, {384, 19, 192, 32, 4},
    {256, 19, 64, 64, 1},
};

TEST(WgmmaCopies, EveryElementOfAWholeTileLandsWhereTheLayoutPutsIt) {
  for (const Copy& copy : copies) {
    const int bytes = copy.precision == 16 ? 2 : 4;
    const std::vector<float> tile = copied_tile(copy, copy.rows, copy.columns + 1);
    for (int r = 0; r < copy.rows; ++r)
      for (int c = 0; c < copy.columns; ++c)
        ASSERT_EQ(tile[blocked(r, c, copy.rows, bytes)], static_cast<float>(1 + r * copy.columns + c))
            << "element (" << r << ", " << c << ") of " << copy.rows << " x " << copy.columns << ", " << copy.copiers
            << " copiers, " << copy.vw << " a copy, " << bytes << "-byte elements";
  }
}

TEST(WgmmaCopies, ATileAtTheMatrixEdgeCopiesWhatLiesInsideAndZerosTheRest) {
  for (const Copy& copy : copies) {
    const int bytes = copy.precision == 16 ? 2 : 4;
    // Rows missing, and columns ending inside a copy where a copy is wider than 3 elements.
    const int rows_valid = copy.rows - 5, columns_valid = copy.columns - 3;
    const std::vector<float> tile = copied_tile(copy, rows_valid, columns_valid);
    for (int r = 0; r < copy.rows; ++r)
      for (int c = 0; c < copy.columns; ++c) {
        const bool inside = r < rows_valid && c < columns_valid;
        ASSERT_EQ(tile[blocked(r, c, copy.rows, bytes)], inside ? static_cast<float>(1 + r * copy.columns + c) : 0.0f)
            << "element (" << r << ", " << c << ") of " << copy.rows << " x " << copy.columns << ", " << copy.copiers
            << " copiers, " << copy.vw << " a copy, " << bytes << "-byte elements";
      }
  }
}

}  // namespace
}  // namespace gemmtune::testing
