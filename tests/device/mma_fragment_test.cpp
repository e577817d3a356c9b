// The FP16/BF16/TF32 matrix-unit family's fragment maps and local-tile swizzle (kernels/xgemm_mma.cl) as the
// kernel computes them on the default device, for 16-bit elements (fp16; bf16 has the same) and 32-bit ones (tf32;
// 3xtf32 has the same): its loads and mma emulated on the host against the PTX ISA's tables, and the swizzle
// checked for what the copies and the loads need of it.
#include <gtest/gtest.h>

#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/precision.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/types.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tests/device/mma_emulation.hpp"

namespace gemmtune::testing {
namespace {

constexpr int kLanes = 32;
constexpr int kChunkBytes = 16;  // the swizzle's unit, one ldmatrix row, the widest copy

// A problem the family serves: its precision (whose element size picks the instruction) and op(A), op(B).
struct Problem {
  Precision precision;
  bool transa, transb;
  int element_bytes() const { return precision_info(precision).storage_bytes; }
  int chunk() const { return kChunkBytes / element_bytes(); }  // elements per 16 bytes
};

std::string name_of(const Problem& problem) {
  return to_string(problem.precision) + "_" + (problem.transa ? "T" : "N") + (problem.transb ? "T" : "N");
}
void PrintTo(const Problem& problem, std::ostream* out) { *out << name_of(problem); }

// The work-group's tiles the maps are read with: BM and BN unequal, so that a mix-up of the two shows, and
// BK of 64 bytes, whose rows of 4 chunks share a 128-byte line by twos.
struct Tiles {
  int bm, bn, bk;
};
Tiles tiles_of(const Problem& problem) { return {128, 64, 64 / problem.element_bytes()}; }


// The family's source as the library compiles it, built with its test entries for `problem`.
cl::Program program_for(const Problem& problem) {
  const Tiles tiles = tiles_of(problem);
  const std::string vw = std::to_string(problem.chunk());
  const std::string options =
      "-DFRAGMENT_MAP_TEST -DPRECISION=" + std::to_string(precision_info(problem.precision).kernel_code) +
      " -DTRANSA=" + std::to_string(problem.transa) + " -DTRANSB=" + std::to_string(problem.transb) +
      " -DWARPS_M=2 -DWARPS_N=2 -DWTM=" + std::to_string(tiles.bm / 2) + " -DWTN=" + std::to_string(tiles.bn / 2) +
      " -DBK=" + std::to_string(tiles.bk) + " -DSTAGES=2 -DVWA=" + vw + " -DVWB=" + vw + " -DKSPLIT=1 -DGROUP_M=8";
  return shared_device().programs.get(shared_device().context, shared_device().entry.device, kernel_family("xgemm_mma").source(),
                               options);
}

// What xgemm_mma_fragment_maps gives, per lane: where its ldmatrix address points in A's 16 x MMA_K tile (m, k)
// and in B's pair of MMA_K x 8 tiles (k, n), and its elements of A's and B's TF32 fragments where they are
// loaded element by element.
struct KernelMaps {
  std::vector<Position> a_address, b_address;  // [lane]
  LaneMaps fragments;                          // a and b only
};

KernelMaps kernel_maps(const Problem& problem) {
  constexpr int per_lane = 16;
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * kLanes * per_lane);
  cl::Kernel kernel(program_for(problem), "xgemm_mma_fragment_maps");
  kernel.setArg(0, out);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(kLanes), cl::NDRange(kLanes));
  std::vector<cl_int> values(kLanes * per_lane);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_int) * values.size(), values.data());
  KernelMaps maps;
  for (int lane = 0; lane < kLanes; ++lane) {
    const cl_int* p = values.data() + lane * per_lane;
    const auto take = [&](int count) {
      std::vector<Position> positions;
      for (int i = 0; i < count; ++i, p += 2) positions.push_back({p[0], p[1]});
      return positions;
    };
    maps.a_address.push_back(take(1)[0]);
    maps.b_address.push_back(take(1)[0]);
    maps.fragments.a.push_back(take(4));
    maps.fragments.b.push_back(take(2));
  }
  return maps;
}

// xgemm_mma_swizzle: the local index of element (row, column) of a tile of `rows` rows of `length`, row-major.
std::vector<int> kernel_swizzle(const Problem& problem, int rows, int length, bool pairs) {
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * rows * length);
  cl::Kernel kernel(program_for(problem), "xgemm_mma_swizzle");
  kernel.setArg(0, out);
  kernel.setArg(1, rows);
  kernel.setArg(2, length);
  kernel.setArg(3, static_cast<cl_int>(pairs));
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(length, rows));
  std::vector<cl_int> values(static_cast<std::size_t>(rows) * length);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_int) * values.size(), values.data());
  return values;
}

// The PTX ISA's tables ("Matrix fragments for mma.m16n8k16 with floating point type" for .f16 and .bf16,
// "... mma.m16n8k8" for .tf32), written out literally rather than by the kernel's formulas. g = lane / 4,
// t = lane % 4. A is (m, k), B (k, n), C (m, n); a 16-bit register holds two elements, the first in its low half.
LaneMaps isa_m16n8k16() {
  LaneMaps maps;
  for (int lane = 0; lane < kLanes; ++lane) {
    const int g = lane / 4, t = lane % 4;
    maps.a.push_back({{g, 2 * t},
                      {g, 2 * t + 1},
                      {g + 8, 2 * t},
                      {g + 8, 2 * t + 1},
                      {g, 2 * t + 8},
                      {g, 2 * t + 9},
                      {g + 8, 2 * t + 8},
                      {g + 8, 2 * t + 9}});
    maps.b.push_back({{2 * t, g}, {2 * t + 1, g}, {2 * t + 8, g}, {2 * t + 9, g}});
    maps.c.push_back({{g, 2 * t}, {g, 2 * t + 1}, {g + 8, 2 * t}, {g + 8, 2 * t + 1}});
  }
  return maps;
}

LaneMaps isa_m16n8k8_tf32() {
  LaneMaps maps;
  for (int lane = 0; lane < kLanes; ++lane) {
    const int g = lane / 4, t = lane % 4;
    maps.a.push_back({{g, t}, {g + 8, t}, {g, t + 4}, {g + 8, t + 4}});
    maps.b.push_back({{t, g}, {t + 4, g}});
    maps.c.push_back({{g, 2 * t}, {g, 2 * t + 1}, {g + 8, 2 * t}, {g + 8, 2 * t + 1}});
  }
  return maps;
}

// The instruction the family issues for the problem's element size, and its depth.
LaneMaps isa_of(const Problem& problem) {
  return problem.element_bytes() == 2 ? isa_m16n8k16() : isa_m16n8k8_tf32();
}
int depth_of(const Problem& problem) { return problem.element_bytes() == 2 ? 16 : 8; }

// B's fragments of a pair of tiles of 8 columns as the kernel loads them at once: the first tile's registers,
// then the second's (its columns 8 on).
std::vector<std::vector<Position>> isa_b_pair(const LaneMaps& isa) {
  std::vector<std::vector<Position>> pair(kLanes);
  for (int lane = 0; lane < kLanes; ++lane) {
    pair[lane] = isa.b[lane];
    for (const Position& at : isa.b[lane]) pair[lane].push_back({at.row, at.column + 8});
  }
  return pair;
}

// How one operand lies in local memory and is loaded from it. Stored as in global memory (its contiguous
// dimension along the tile's rows), in tiles of `rows` rows of `length`, swizzled by the kernel's map; positions
// are the instruction's: (m, k) of A, (k, n) of B. As load_a and load_b_pair load it: 16-bit elements by
// ldmatrix, .trans where the contiguous dimension is not K; 32-bit ones by ldmatrix where it is K, element by
// element (through the swizzle's pairs) where it is M or N.
struct LocalOperand {
  bool contiguous_is_column;  // A not transposed (k), B not transposed (n)
  bool k_contiguous;
  int element_bytes;
  int rows, length;
  std::vector<int> swizzle;

  bool ldmatrix() const { return element_bytes == 2 || k_contiguous; }
  bool trans() const { return !k_contiguous; }
  bool pairs() const { return element_bytes == 4 && !k_contiguous; }
  int chunk() const { return kChunkBytes / element_bytes; }
  int index(Position at) const {
    return contiguous_is_column ? swizzle[at.row * length + at.column] : swizzle[at.column * length + at.row];
  }
  Position along(Position at, int step) const {
    return contiguous_is_column ? Position{at.row, at.column + step} : Position{at.row + step, at.column};
  }
};

LocalOperand local_operand(const Problem& problem, bool contiguous_is_column, bool k_contiguous, int rows,
                           int length) {
  LocalOperand operand{contiguous_is_column, k_contiguous, problem.element_bytes(), rows, length, {}};
  operand.swizzle = kernel_swizzle(problem, rows, length, operand.pairs());
  return operand;
}
// A's and B's local tiles as the kernel's A_LOCAL and B_LOCAL lay them out.
LocalOperand local_a(const Problem& problem) {
  const Tiles tiles = tiles_of(problem);
  return problem.transa ? local_operand(problem, false, false, tiles.bk, tiles.bm)
                        : local_operand(problem, true, true, tiles.bm, tiles.bk);
}
LocalOperand local_b(const Problem& problem) {
  const Tiles tiles = tiles_of(problem);
  return problem.transb ? local_operand(problem, false, true, tiles.bn, tiles.bk)
                        : local_operand(problem, true, false, tiles.bk, tiles.bn);
}

// Of ldmatrix .x4 (.b16), element i of `lane`'s registers: from which lane's row address and which element of
// the 16 bytes there. Matrix q (register q) has lanes 8q..8q+7's addresses as its rows; lane l receives, of each,
// row l / 4 and its 16-bit columns 2 (l % 4) and 2 (l % 4) + 1: two 16-bit elements, or the 32-bit element
// l % 4. With .trans (16-bit elements only) it receives those of the transpose: column l / 4 of rows 2 (l % 4)
// and 2 (l % 4) + 1.
struct LdmatrixSource {
  int address_lane, element;
};
LdmatrixSource ldmatrix_source(const LocalOperand& operand, int lane, int i) {
  const int per_register = 4 / operand.element_bytes;
  const int q = i / per_register, e = i % per_register, g = lane / 4, t = lane % 4;
  return operand.trans() ? LdmatrixSource{8 * q + 2 * t + e, g} : LdmatrixSource{8 * q + g, per_register * t + e};
}
int ldmatrix_elements(const LocalOperand& operand) { return 4 * 4 / operand.element_bytes; }  // 4 registers

// Which element of the operand each lane's registers hold, relative to the instruction tile, as the kernel
// loads them: by ldmatrix, when each lane's address names 16 bytes along the contiguous dimension from
// `addresses[lane]`; or element by element, at `fragments[lane]` of the instruction's tile, `tiles` tiles of 8
// columns side by side (B's pair).
std::vector<std::vector<Position>> loaded_positions(const LocalOperand& operand, const std::vector<Position>& addresses,
                                                    const std::vector<std::vector<Position>>& fragments, int tiles) {
  std::vector<std::vector<Position>> held(kLanes);
  for (int lane = 0; lane < kLanes; ++lane) {
    if (operand.ldmatrix()) {
      for (int i = 0; i < ldmatrix_elements(operand); ++i) {
        const LdmatrixSource source = ldmatrix_source(operand, lane, i);
        held[lane].push_back(operand.along(addresses[source.address_lane], source.element));
      }
    } else {
      for (int tile = 0; tile < tiles; ++tile)
        for (const Position& at : fragments[lane]) held[lane].push_back({at.row, at.column + 8 * tile});
    }
  }
  return held;
}

// The same loads from local memory as the hardware runs them, of the instruction tile at `origin`: ldmatrix
// takes each lane's address as the local index of its position, and the matrix row there as the 16 bytes from
// that index; an element by element load reads the local index of each position.
Registers loaded_values(const LocalOperand& operand, const std::vector<double>& local, Position origin,
                        const std::vector<Position>& addresses, const std::vector<std::vector<Position>>& fragments,
                        int tiles) {
  const auto index = [&](Position at) { return operand.index({origin.row + at.row, origin.column + at.column}); };
  Registers held(kLanes);
  if (operand.ldmatrix()) {
    for (int lane = 0; lane < kLanes; ++lane)
      EXPECT_EQ(index(addresses[lane]) % operand.chunk(), 0)
          << "lane " << lane << ": ldmatrix needs a 16-byte-aligned address";
    for (int lane = 0; lane < kLanes; ++lane)
      for (int i = 0; i < ldmatrix_elements(operand); ++i) {
        const LdmatrixSource source = ldmatrix_source(operand, lane, i);
        held[lane].push_back(local[index(addresses[source.address_lane]) + source.element]);
      }
  } else {
    for (int lane = 0; lane < kLanes; ++lane)
      for (int tile = 0; tile < tiles; ++tile)
        for (const Position& at : fragments[lane]) held[lane].push_back(local[index({at.row, at.column + 8 * tile})]);
  }
  return held;
}

// A random rows x columns operand of a work-group's tile, and its local tile.
struct Operand {
  std::vector<double> logical;  // row-major in the instruction's positions
  std::vector<double> local;
  int columns;
  double at(Position p) const { return logical[p.row * columns + p.column]; }
};
Operand random_operand(const LocalOperand& layout, int rows, int columns, std::mt19937& random) {
  std::uniform_real_distribution<double> value(-1, 1);
  Operand operand{std::vector<double>(rows * columns), std::vector<double>(rows * columns), columns};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      operand.logical[r * columns + c] = value(random);
      operand.local[layout.index({r, c})] = operand.logical[r * columns + c];
    }
  return operand;
}

std::vector<Problem> every_transposition_of_each_instruction() {
  std::vector<Problem> problems;
  for (const Precision precision : {Precision::Half, Precision::TF32})
    for (const bool transa : {false, true})
      for (const bool transb : {false, true}) problems.push_back({precision, transa, transb});
  return problems;
}

class MmaFragments : public ::testing::TestWithParam<Problem> {};

// Each lane's ldmatrix address starts a 16-byte chunk of the tile along its contiguous dimension, and what the
// kernel's loads give each lane is the ISA's fragment of A and of B's pair of tiles.
TEST_P(MmaFragments, LoadsGiveTheIsaFragments) {
  const Problem problem = GetParam();
  const KernelMaps maps = kernel_maps(problem);
  const LocalOperand a = local_a(problem), b = local_b(problem);
  const auto starts_chunk = [](const LocalOperand& operand, Position at) {
    return !operand.ldmatrix() || (operand.contiguous_is_column ? at.column : at.row) % operand.chunk() == 0;
  };
  for (int lane = 0; lane < kLanes; ++lane) {
    EXPECT_TRUE(starts_chunk(a, maps.a_address[lane])) << "lane " << lane;
    EXPECT_TRUE(starts_chunk(b, maps.b_address[lane])) << "lane " << lane;
  }
  const LaneMaps isa = isa_of(problem);
  EXPECT_EQ(loaded_positions(a, maps.a_address, maps.fragments.a, 1), isa.a);
  EXPECT_EQ(loaded_positions(b, maps.b_address, maps.fragments.b, 2), isa_b_pair(isa));
}

// A work-group's tiles of A and B stored in local memory through the kernel's swizzle, every instruction the
// warps issue over them emulated (the loads from the swizzled tiles, then mma): each is the product of its tiles.
TEST_P(MmaFragments, EmulatedInstructionsComputeTheProduct) {
  const Problem problem = GetParam();
  const Tiles tiles = tiles_of(problem);
  const KernelMaps maps = kernel_maps(problem);
  const LocalOperand a_layout = local_a(problem), b_layout = local_b(problem);
  std::mt19937 random(5);
  const Operand a = random_operand(a_layout, tiles.bm, tiles.bk, random);
  const Operand b = random_operand(b_layout, tiles.bk, tiles.bn, random);
  const LaneMaps isa = isa_of(problem);
  const int depth = depth_of(problem);
  Registers zeros(kLanes);
  for (int lane = 0; lane < kLanes; ++lane) zeros[lane].assign(isa.c[lane].size(), 0.0);
  for (int k0 = 0; k0 < tiles.bk; k0 += depth)
    for (int m0 = 0; m0 < tiles.bm; m0 += 16) {
      const Registers a_registers = loaded_values(a_layout, a.local, {m0, k0}, maps.a_address, maps.fragments.a, 1);
      for (int n0 = 0; n0 < tiles.bn; n0 += 16) {
        const Registers pair = loaded_values(b_layout, b.local, {k0, n0}, maps.b_address, maps.fragments.b, 2);
        for (int half = 0; half < 2; ++half) {
          Registers b_registers(kLanes);
          for (int lane = 0; lane < kLanes; ++lane) {
            const auto first = pair[lane].begin() + half * pair[lane].size() / 2;
            b_registers[lane].assign(first, first + pair[lane].size() / 2);
          }
          const Registers d = emulate_mma(isa, depth, a_registers, b_registers, zeros);
          for (int lane = 0; lane < kLanes; ++lane)
            for (std::size_t r = 0; r < isa.c[lane].size(); ++r) {
              const Position at = isa.c[lane][r];
              const int m = m0 + at.row, n = n0 + 8 * half + at.column;
              double expected = 0;
              for (int k = k0; k < k0 + depth; ++k) expected += a.at({m, k}) * b.at({k, n});
              EXPECT_NEAR(d[lane][r], expected, 1e-12)
                  << "C (" << m << ", " << n << ") at depth " << k0 << ", lane " << lane << " element " << r;
            }
        }
      }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryTransposition, MmaFragments,
                         ::testing::ValuesIn(every_transposition_of_each_instruction()),
                         [](const auto& info) { return name_of(info.param); });

// One local tile layout the family's rules admit: rows of 2, 4 or a multiple of 8 chunks of 16 bytes, 16-bit
// elements always without pairs, 4-byte ones with pairs where the tile is M- or N-contiguous (then BM or BN, at
// least 16 elements: 4 chunks). Rows up to the longest, BM of 4 warps of 128 elements (64 chunks of 16-bit
// elements, 128 of 32-bit ones), and with a length the rules admit that is no power of two (24).
struct Swizzle {
  Precision precision;
  int row_chunks;
  bool pairs;
};

std::string name_of(const Swizzle& s) {
  return std::to_string(precision_info(s.precision).storage_bytes) + "-byte elements, rows of " +
         std::to_string(s.row_chunks) + " chunks" + (s.pairs ? ", pairs" : "");
}

std::vector<Swizzle> admitted_swizzles() {
  std::vector<Swizzle> cases;
  for (const int chunks : {2, 4, 8, 16, 24, 32, 64, 128}) {
    if (chunks <= 64) cases.push_back({Precision::Half, chunks, false});
    cases.push_back({Precision::TF32, chunks, false});
    if (chunks >= 4) cases.push_back({Precision::TF32, chunks, true});
  }
  return cases;
}

// Local memory as 32 banks of 4 bytes: a warp's access of 32 words is conflict-free, and takes one cycle, where
// they lie in 32 distinct banks.
constexpr int kBanks = 32;
bool fills_every_bank_once(const std::vector<int>& words) {
  std::set<int> banks;
  for (const int word : words) banks.insert(word % kBanks);
  return words.size() == static_cast<std::size_t>(kBanks) && banks.size() == words.size();
}

// The swizzle of every admitted layout, for as many rows as the tallest tile has: BM of 4 warps of 128 (a
// K-contiguous tile of A).
struct SwizzleMap {
  Swizzle layout;
  int element_bytes, chunk, length;
  std::vector<int> map;
  static constexpr int kRows = 512;
  int index(int row, int column) const { return map[row * length + column]; }
  int word(int row, int column) const { return index(row, column) * element_bytes / 4; }
};

const std::vector<SwizzleMap>& swizzle_maps() {
  static const std::vector<SwizzleMap> maps = [] {
    std::vector<SwizzleMap> all;
    for (const Swizzle& layout : admitted_swizzles()) {
      const Problem problem{layout.precision, false, false};
      const int length = layout.row_chunks * problem.chunk();
      all.push_back({layout, problem.element_bytes(), problem.chunk(), length,
                     kernel_swizzle(problem, SwizzleMap::kRows, length, layout.pairs)});
    }
    return all;
  }();
  return maps;
}

// Every element has a place of its own, in its own row.
TEST(MmaSwizzle, PermutesEachRowWithinItself) {
  for (const SwizzleMap& s : swizzle_maps()) {
    SCOPED_TRACE(name_of(s.layout));
    std::vector<bool> taken(s.map.size(), false);
    for (int row = 0; row < SwizzleMap::kRows; ++row)
      for (int column = 0; column < s.length; ++column) {
        const int at = s.index(row, column);
        ASSERT_TRUE(at >= 0 && at < static_cast<int>(s.map.size())) << "(" << row << ", " << column << ") -> " << at;
        EXPECT_EQ(at / s.length, row) << "(" << row << ", " << column << ") -> " << at;
        EXPECT_FALSE(taken[at]) << "(" << row << ", " << column << ") -> " << at << " twice";
        taken[at] = true;
      }
  }
}

// A 16-byte chunk lands whole, its elements in order and aligned: so does every copy of up to 16 bytes (aligned
// to its own size), and an ldmatrix row.
TEST(MmaSwizzle, KeepsChunksWholeAndAligned) {
  for (const SwizzleMap& s : swizzle_maps()) {
    SCOPED_TRACE(name_of(s.layout));
    for (int row = 0; row < SwizzleMap::kRows; ++row)
      for (int start = 0; start < s.length; start += s.chunk) {
        EXPECT_EQ(s.index(row, start) % s.chunk, 0) << "row " << row << " chunk " << start / s.chunk;
        for (int i = 1; i < s.chunk; ++i)
          EXPECT_EQ(s.index(row, start + i), s.index(row, start) + i) << "row " << row << " column " << start + i;
      }
  }
}

// Each warp access the kernel makes to such a tile. Without pairs (every tile of 16-bit elements, K-contiguous
// ones of 32-bit elements) an ldmatrix matrix: 8 rows from a multiple of 8, each 16 bytes at one chunk, which
// must fill the 32 banks once. With pairs (M- or N-contiguous tiles of 32-bit elements) a TF32 fragment loaded
// element by element: rows t from a multiple of 4, columns g from a multiple of 8.
TEST(MmaSwizzle, WarpAccessesAreConflictFree) {
  for (const SwizzleMap& s : swizzle_maps()) {
    std::vector<std::string> conflicts;
    const auto check = [&](const std::vector<int>& words, const std::string& access) {
      if (!fills_every_bank_once(words)) conflicts.push_back(access);
    };
    if (!s.layout.pairs) {
      for (int row0 = 0; row0 < SwizzleMap::kRows; row0 += 8)
        for (int start = 0; start < s.length; start += s.chunk) {
          std::vector<int> words;
          for (int r = 0; r < 8; ++r)
            for (int w = 0; w < kChunkBytes / 4; ++w) words.push_back(s.word(row0 + r, start) + w);
          check(words, "rows " + std::to_string(row0) + ".. at chunk " + std::to_string(start / s.chunk));
        }
    } else {
      for (int row0 = 0; row0 < SwizzleMap::kRows; row0 += 4)
        for (int column0 = 0; column0 < s.length; column0 += 8) {
          std::vector<int> words;
          for (int t = 0; t < 4; ++t)
            for (int g = 0; g < 8; ++g) words.push_back(s.word(row0 + t, column0 + g));
          check(words, "rows " + std::to_string(row0) + ".. by columns " + std::to_string(column0) + "..");
        }
    }
    EXPECT_TRUE(conflicts.empty()) << name_of(s.layout) << ": " << conflicts.size() << " accesses conflict, the first "
                                   << (conflicts.empty() ? "" : conflicts.front());
  }
}

}  // namespace
}  // namespace gemmtune::testing
