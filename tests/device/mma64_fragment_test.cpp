// The FP64 matrix-unit family's fragment maps (kernels/xgemm_mma64.cl), as the kernel computes them on
// the default device, checked against the PTX ISA's tables by emulating each mma instruction on the host.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tests/device/mma_emulation.hpp"

namespace gemmtune::testing {
namespace {

struct Shape {
  int m, k;  // the instruction's M and K; N is 8
  int a_elements() const { return m * k / 32; }
  int b_elements() const { return k / 4; }
  int c_elements() const { return m / 4; }
};

// The PTX ISA's tables ("Matrix fragments for mma.m8n8k4 / m16n8k4 / m16n8k8 / m16n8k16 with .f64"),
// written out shape by shape rather than by the kernel's formulas. g = lane / 4, t = lane % 4.
LaneMaps isa_maps(Shape shape) {
  LaneMaps maps;
  for (int lane = 0; lane < 32; ++lane) {
    const int g = lane / 4, t = lane % 4;
    std::vector<Position> a, b, c;
    if (shape.m == 8) {  // m8n8k4
      a = {{g, t}};
      b = {{t, g}};
      c = {{g, 2 * t}, {g, 2 * t + 1}};
    } else {
      c = {{g, 2 * t}, {g, 2 * t + 1}, {g + 8, 2 * t}, {g + 8, 2 * t + 1}};
      if (shape.k == 4) {
        a = {{g, t}, {g + 8, t}};
        b = {{t, g}};
      } else if (shape.k == 8) {
        a = {{g, t}, {g + 8, t}, {g, t + 4}, {g + 8, t + 4}};
        b = {{t, g}, {t + 4, g}};
      } else {  // k16
        a = {{g, t}, {g + 8, t}, {g, t + 4}, {g + 8, t + 4}, {g, t + 8}, {g + 8, t + 8}, {g, t + 12}, {g + 8, t + 12}};
        b = {{t, g}, {t + 4, g}, {t + 8, g}, {t + 12, g}};
      }
    }
    maps.a.push_back(a), maps.b.push_back(b), maps.c.push_back(c);
  }
  return maps;
}


// The maps as the family's own source computes them (its FRAGMENT_MAP_TEST entry), on the device, with
// `asm` spelled as every C compiler knows it (the test entries use none; the included copies do).
LaneMaps kernel_maps(Shape shape) {
  const std::string options = "-DFRAGMENT_MAP_TEST -Dasm=__asm__ -DMMA_M=" + std::to_string(shape.m) +
                              " -DMMA_K=" + std::to_string(shape.k) +
                              " -DWARPS_M=1 -DWARPS_N=1 -DWTM=16 -DWTN=8 -DBK=16 -DSTAGES=2 -DVWA=1 -DVWB=1"
                              " -DKSPLIT=1 -DGROUP_M=1 -DPRECISION=64 -DTRANSA=0 -DTRANSB=0";
  cl::Program program(shared_device().context, kernel_family("xgemm_mma64").source().text);
  program.build(std::vector<cl::Device>{shared_device().entry.device}, options.c_str());
  const int per_lane = 2 * (shape.a_elements() + shape.b_elements() + shape.c_elements());
  cl::Buffer out(shared_device().context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * 32 * per_lane);
  cl::Kernel kernel(program, "xgemm_mma64_fragment_maps");
  kernel.setArg(0, out);
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(32), cl::NDRange(32));
  std::vector<cl_int> values(32 * per_lane);
  shared_device().queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_int) * values.size(), values.data());
  LaneMaps maps;
  for (int lane = 0; lane < 32; ++lane) {
    const cl_int* p = values.data() + lane * per_lane;
    const auto take = [&](int count) {
      std::vector<Position> positions;
      for (int i = 0; i < count; ++i, p += 2) positions.push_back({p[0], p[1]});
      return positions;
    };
    maps.a.push_back(take(shape.a_elements()));
    maps.b.push_back(take(shape.b_elements()));
    maps.c.push_back(take(shape.c_elements()));
  }
  return maps;
}

using Matrix = std::map<std::pair<int, int>, double>;

class Mma64Fragments : public ::testing::TestWithParam<Shape> {};

// Every element of each operand held by exactly one lane and register.
TEST_P(Mma64Fragments, CoverEachOperandOnce) {
  const Shape shape = GetParam();
  const LaneMaps maps = kernel_maps(shape);
  const auto covers = [](const std::vector<std::vector<Position>>& map, int rows, int columns) {
    std::map<std::pair<int, int>, int> seen;
    for (const auto& lane : map)
      for (const Position& at : lane) {
        if (at.row < 0 || at.row >= rows || at.column < 0 || at.column >= columns) return false;
        ++seen[{at.row, at.column}];
      }
    return seen.size() == static_cast<std::size_t>(rows * columns) &&
           std::all_of(seen.begin(), seen.end(), [](const auto& entry) { return entry.second == 1; });
  };
  EXPECT_TRUE(covers(maps.a, shape.m, shape.k));
  EXPECT_TRUE(covers(maps.b, shape.k, 8));
  EXPECT_TRUE(covers(maps.c, shape.m, 8));
  const LaneMaps isa = isa_maps(shape);
  EXPECT_EQ(maps.a, isa.a);
  EXPECT_EQ(maps.b, isa.b);
  EXPECT_EQ(maps.c, isa.c);
}

// The kernel's registers loaded through its maps, the instruction emulated, the result read back
// through its map: the product of the matrices the kernel meant.
TEST_P(Mma64Fragments, EmulatedInstructionComputesTheProduct) {
  const Shape shape = GetParam();
  const LaneMaps maps = kernel_maps(shape);
  std::mt19937 random(7);
  std::uniform_real_distribution<double> value(-1, 1);
  Matrix a, b, c;
  for (int i = 0; i < shape.m; ++i)
    for (int k = 0; k < shape.k; ++k) a[{i, k}] = value(random);
  for (int k = 0; k < shape.k; ++k)
    for (int j = 0; j < 8; ++j) b[{k, j}] = value(random);
  for (int i = 0; i < shape.m; ++i)
    for (int j = 0; j < 8; ++j) c[{i, j}] = value(random);
  const auto registers = [](const std::vector<std::vector<Position>>& map, const Matrix& matrix) {
    Registers held(32);
    for (int lane = 0; lane < 32; ++lane)
      for (const Position& at : map[lane]) held[lane].push_back(matrix.at({at.row, at.column}));
    return held;
  };
  const auto d =
      emulate_mma(isa_maps(shape), shape.k, registers(maps.a, a), registers(maps.b, b), registers(maps.c, c));
  for (int lane = 0; lane < 32; ++lane)
    for (std::size_t r = 0; r < maps.c[lane].size(); ++r) {
      const Position at = maps.c[lane][r];
      double expected = c.at({at.row, at.column});
      for (int k = 0; k < shape.k; ++k) expected += a.at({at.row, k}) * b.at({k, at.column});
      EXPECT_NEAR(d[lane][r], expected, 1e-12) << "lane " << lane << " register " << r;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryInstructionShape, Mma64Fragments,
                         ::testing::Values(Shape{8, 4}, Shape{16, 4}, Shape{16, 8}, Shape{16, 16}),
                         [](const auto& info) {
                           return "m" + std::to_string(info.param.m) + "n8k" + std::to_string(info.param.k);
                         });

// Packed operands (PACK 1): the fragment loads of the family's own source, run on the default device
// over a stage laid out as the pack's tile images, whose every element holds its (row, K): each
// 16-byte pair load reads two consecutive elements of one row (with ROW_PAIRS, A's reads one element
// of rows g and g + 8), the registers hold the instruction's
// operands with K permuted alike for A and B (the emulated instruction still computes the product
// over its K), every element of the stage is read once over its instructions, and the eight lanes
// of each quarter-warp read eight distinct 16-byte bank groups.
struct PackedStage {
  int k, depth;       // the instruction's K, the stage's BK
  int row_pairs = 0;  // ROW_PAIRS: 1 and 2, A's pairs are rows g and g + 8 rather than two of K
  bool nn = false;    // ROW_PAIRS 2: built for NN (the instruction's rows along N), else TT; others NN
  // Whether the instruction's A operand is op(B)^T (ROW_PAIRS 2 in NN), whose rows run along N.
  bool rows_along_n() const { return row_pairs == 2 && nn; }
};

// The family's source built for a packed stage of `rows` x `columns` warps of 16 x 8 in the
// instruction's terms (its FRAGMENT_MAP_TEST entries, which any device runs).
cl::Program packed_stage_program(const PackedStage& stage, int rows, int columns) {
  const bool along_n = stage.rows_along_n();
  const int trans = stage.row_pairs == 2 && !stage.nn;
  const std::string options = "-DFRAGMENT_MAP_TEST -Dasm=__asm__ -DPACKED=1 -DPACK=1 -DMMA_M=16 -DMMA_K=" +
                              std::to_string(stage.k) + " -DWARPS_M=" + std::to_string(along_n ? columns : rows) +
                              " -DWARPS_N=" + std::to_string(along_n ? rows : columns) +
                              (along_n ? " -DWTM=8 -DWTN=16" : " -DWTM=16 -DWTN=8") + " -DBK=" +
                              std::to_string(stage.depth) +
                              " -DSTAGES=2 -DVWA=2 -DVWB=2 -DKSPLIT=1 -DGROUP_M=1 -DPRECISION=64 -DTRANSA=" +
                              std::to_string(trans) + " -DTRANSB=" + std::to_string(trans) +
                              (stage.row_pairs ? " -DCOPY=1 -DROW_PAIRS=" + std::to_string(stage.row_pairs)
                                               : std::string(" -DCOPY=0 -DROW_PAIRS=0"));
  cl::Program program(shared_device().context, kernel_family("xgemm_mma64").source().text);
  program.build(std::vector<cl::Device>{shared_device().entry.device}, options.c_str());
  return program;
}

// What xgemm_mma64_loaded_fragments reports for a stage of `rows` rows of the instruction's A operand
// and `columns` columns of its B operand: per instruction and lane, A's registers then B's; where
// element (m, k) of A's stage lies, a_at[m BK + k], and element (k, n) of B's, b_at[n BK + k]; and
// where the kernel writes a lane's accumulator c of an instruction tile, c_place[lane][c].
struct LoadedStage {
  std::vector<cl_double> registers;
  std::vector<cl_int> a_at, b_at;
  std::vector<std::vector<Position>> c_place;
};

LoadedStage load_stage(const cl::Program& program, const PackedStage& stage, int rows, int columns) {
  const Shape shape{16, stage.k};
  const auto& device = shared_device();
  LoadedStage loaded{std::vector<cl_double>(static_cast<std::size_t>(stage.depth / stage.k) * 32 *
                                            (shape.a_elements() + shape.b_elements())),
                     std::vector<cl_int>(rows * stage.depth), std::vector<cl_int>(columns * stage.depth), {}};
  cl::Buffer registers(device.context, CL_MEM_WRITE_ONLY, sizeof(cl_double) * loaded.registers.size());
  cl::Buffer a_offsets(device.context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * loaded.a_at.size());
  cl::Buffer b_offsets(device.context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * loaded.b_at.size());
  std::vector<cl_int> places(static_cast<std::size_t>(32 * shape.c_elements() * 2));
  cl::Buffer c_places(device.context, CL_MEM_WRITE_ONLY, sizeof(cl_int) * places.size());
  cl::Kernel kernel(program, "xgemm_mma64_loaded_fragments");
  kernel.setArg(0, registers);
  kernel.setArg(1, a_offsets);
  kernel.setArg(2, b_offsets);
  kernel.setArg(3, c_places);
  device.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(32), cl::NDRange(32));
  device.queue.enqueueReadBuffer(registers, CL_TRUE, 0, sizeof(cl_double) * loaded.registers.size(),
                                 loaded.registers.data());
  device.queue.enqueueReadBuffer(a_offsets, CL_TRUE, 0, sizeof(cl_int) * loaded.a_at.size(), loaded.a_at.data());
  device.queue.enqueueReadBuffer(b_offsets, CL_TRUE, 0, sizeof(cl_int) * loaded.b_at.size(), loaded.b_at.data());
  device.queue.enqueueReadBuffer(c_places, CL_TRUE, 0, sizeof(cl_int) * places.size(), places.data());
  for (int lane = 0; lane < 32; ++lane) {
    loaded.c_place.emplace_back();
    for (int c = 0; c < shape.c_elements(); ++c) {
      const std::size_t at = static_cast<std::size_t>(lane * shape.c_elements() + c) * 2;
      loaded.c_place.back().push_back({places[at], places[at + 1]});
    }
  }
  return loaded;
}

class Mma64PackedFragments : public ::testing::TestWithParam<PackedStage> {};

TEST_P(Mma64PackedFragments, PairLoadsReadThePermutedDepthWithoutBankConflicts) {
  const PackedStage stage = GetParam();
  const Shape shape{16, stage.k};
  const int per_lane = shape.a_elements() + shape.b_elements(), steps = stage.depth / stage.k;
  const LoadedStage loaded = load_stage(packed_stage_program(stage, 1, 1), stage, 16, 8);
  const auto& values = loaded.registers;
  const auto &a_at = loaded.a_at, &b_at = loaded.b_at;
  const auto& c_place = loaded.c_place;

  std::mt19937 random(11);
  std::uniform_real_distribution<double> value(-1, 1);
  // The elements of A's 16 rows and of B's 8 columns that the registers hold, over every instruction.
  std::multiset<std::pair<int, int>> a_read, b_read;
  for (int step = 0; step < steps; ++step) {
    // The depths this instruction reads (any MMA_K of the stage's), each named by its rank.
    std::set<int> depths;
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < shape.a_elements(); ++i)
        depths.insert(static_cast<int>(values[(step * 32 + lane) * per_lane + i]) % 64);
    ASSERT_EQ(depths.size(), static_cast<std::size_t>(stage.k)) << "instruction " << step;
    const auto rank = [&](int k) { return static_cast<int>(std::distance(depths.begin(), depths.find(k))); };
    // Each register's element: A's (row, rank of K), B's (rank of K, column), and its local offset.
    LaneMaps loaded;
    std::vector<std::vector<int>> a_offset(32), b_offset(32);
    for (int lane = 0; lane < 32; ++lane) {
      const cl_double* p = values.data() + (step * 32 + lane) * per_lane;
      std::vector<Position> a, b;
      for (int i = 0; i < shape.a_elements(); ++i) {
        const int row = static_cast<int>(p[i]) / 64, k = static_cast<int>(p[i]) % 64;
        a_read.insert({row, k});
        a.push_back({row, rank(k)});
        a_offset[lane].push_back(a_at[row * stage.depth + k]);
      }
      for (int i = 0; i < shape.b_elements(); ++i) {
        const double held = p[shape.a_elements() + i];
        const int column = static_cast<int>(held) / 64, k = static_cast<int>(held) % 64;
        b_read.insert({column, k});
        ASSERT_TRUE(depths.contains(k)) << "lane " << lane << " B register " << i << " holds depth " << k
                                        << ", which A's registers of this instruction do not";
        b.push_back({rank(k), column});
        b_offset[lane].push_back(b_at[column * stage.depth + k]);
      }
      loaded.a.push_back(a), loaded.b.push_back(b);
    }
    const int kk = step * stage.k;

    // The instruction on those registers computes the stage's product over its K, each element where
    // the kernel writes it (with ROW_PAIRS 2 not where the instruction's own map puts it).
    Matrix a, b, c;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < stage.k; ++k) a[{i, k}] = value(random);
    for (int k = 0; k < stage.k; ++k)
      for (int j = 0; j < 8; ++j) b[{k, j}] = value(random);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) c[{i, j}] = value(random);
    const LaneMaps isa = isa_maps(shape);
    const auto held = [](const std::vector<std::vector<Position>>& map, const Matrix& matrix) {
      Registers registers(32);
      for (int lane = 0; lane < 32; ++lane)
        for (const Position& at : map[lane]) registers[lane].push_back(matrix.at({at.row, at.column}));
      return registers;
    };
    const auto d = emulate_mma(isa, stage.k, held(loaded.a, a), held(loaded.b, b), held(isa.c, c));
    for (int lane = 0; lane < 32; ++lane)
      for (std::size_t r = 0; r < isa.c[lane].size(); ++r) {
        const Position at = isa.c[lane][r], written = c_place[lane][r];
        double expected = c.at({at.row, at.column});
        for (int k = 0; k < stage.k; ++k) expected += a.at({written.row, k}) * b.at({k, written.column});
        EXPECT_NEAR(d[lane][r], expected, 1e-12) << "depth " << kk << " lane " << lane << " register " << r;
      }

    // Pairs: A's registers i and i + 2 (i % 4 < 2), or with ROW_PAIRS i and i + 1 (i even), B's i and
    // i + 1 (i even), side by side from a 16-byte boundary; a quarter-warp's pair loads in distinct
    // 16-byte bank groups.
    const auto check_pairs = [&](const std::vector<std::vector<int>>& offsets, int count, int partner, int period) {
      for (int first = 0; first < count; ++first) {
        if (first % period >= partner) continue;
        for (int quarter = 0; quarter < 4; ++quarter) {
          std::set<int> groups;
          for (int lane = 8 * quarter; lane < 8 * quarter + 8; ++lane) {
            const int at = offsets[lane][first];
            EXPECT_EQ(at % 2, 0) << "lane " << lane << " register " << first;
            EXPECT_EQ(offsets[lane][first + partner], at + 1) << "lane " << lane << " register " << first;
            groups.insert(at / 2 % 8);
          }
          EXPECT_EQ(groups.size(), 8u) << "depth " << kk << " register " << first << " quarter-warp " << quarter;
        }
      }
    };
    if (stage.row_pairs)
      check_pairs(a_offset, shape.a_elements(), 1, 2);
    else
      check_pairs(a_offset, shape.a_elements(), 2, 4);
    check_pairs(b_offset, shape.b_elements(), 1, 2);
  }
  // Over the stage's instructions, every element of A's rows and of B's columns is read once, and
  // the kernel writes each lane's accumulators to every place of the instruction tile once.
  const auto every = [&](int lines) {
    std::multiset<std::pair<int, int>> elements;
    for (int line = 0; line < lines; ++line)
      for (int k = 0; k < stage.depth; ++k) elements.insert({line, k});
    return elements;
  };
  EXPECT_EQ(a_read, every(16));
  EXPECT_EQ(b_read, every(8));
  std::set<std::pair<int, int>> places;
  for (const auto& lane : c_place)
    for (const Position& at : lane) {
      EXPECT_TRUE(at.row >= 0 && at.row < 16 && at.column >= 0 && at.column < 8) << at.row << ", " << at.column;
      places.insert({at.row, at.column});
    }
  EXPECT_EQ(places.size(), 16u * 8u);
}

// Every instruction depth and stage depth, with each way of pairing.
std::vector<PackedStage> packed_stages(const std::vector<std::pair<int, bool>>& pairings) {
  std::vector<PackedStage> stages;
  for (const auto& [row_pairs, nn] : pairings)
    for (const int k : {8, 16})
      for (const int depth : {16, 32}) stages.push_back({k, depth, row_pairs, nn});
  return stages;
}

std::string packed_stage_name(const ::testing::TestParamInfo<PackedStage>& info) {
  const PackedStage& stage = info.param;
  return "k" + std::to_string(stage.k) + "_bk" + std::to_string(stage.depth) +
         (stage.row_pairs == 1 ? "_row_pairs" : stage.row_pairs == 2 ? (stage.nn ? "_as_they_lie_nn" : "_as_they_lie_tt")
                                                                      : "");
}

INSTANTIATE_TEST_SUITE_P(EveryPackedStage, Mma64PackedFragments,
                         ::testing::ValuesIn(packed_stages({{0, false}, {1, false}, {2, false}, {2, true}})),
                         packed_stage_name);

// ROW_PAIRS: the pack (kernels/operand_pack.cl) writes the images of the instruction's A and B
// operands as the kernel reads its stages (A_LOCAL and B_LOCAL, as xgemm_mma64_loaded_fragments
// reports them, over two tiles of op(A) and four of op(B)^T): every element of op(A) and op(B)^T,
// stored K-contiguous or not, with even or odd leading dimensions and offsets, at the offset the
// kernel reads it from, zeros in the padding and nothing past the packed operand. That every
// element is found where it belongs also shows the layout puts no two elements of a tile in one
// place.
class Mma64RowPairs : public ::testing::TestWithParam<PackedStage> {};

TEST_P(Mma64RowPairs, ThePackWritesWhereTheKernelReads) {
  const PackedStage stage = GetParam();
  const int bm = 32, bn = 16, bk = stage.depth, rows = 41, depth = 37, packed_rows = 64, packed_depth = 64;
  const std::size_t guard = 64;  // elements after the packed operand, which the pack must leave
  const auto& device = shared_device();
  // The instruction's A operand is op(B)^T where its rows run along N. Odd and even leading
  // dimensions and offsets take the pack's 16-byte and 8-byte paths (ROW_PAIRS 2), an odd row count
  // a pair half outside op(A) or op(B)^T.
  const int a_operand = stage.rows_along_n() ? 1 : 0, a_rows = a_operand ? bn : bm, b_columns = a_operand ? bm : bn;
  const cl::Program program = packed_stage_program(stage, a_rows / 16, b_columns / 8);
  // Where the kernel reads element (m, k) of its A operand's stage and element (k, n) of its B's.
  const LoadedStage loaded = load_stage(program, stage, a_rows, b_columns);
  const auto &a_at = loaded.a_at, &b_at = loaded.b_at;

  for (const int operand : {0, 1})
    for (const bool k_contiguous : {true, false})
      for (const int ld_beyond : {3, 4})
        for (const std::size_t offset : {0, 1}) {
          const int tile_rows = operand == 0 ? bm : bn, ld = (k_contiguous ? depth : rows) + ld_beyond;
          std::vector<cl_double> source(offset + static_cast<std::size_t>(k_contiguous ? rows : depth) * ld, -1.0);
          for (int r = 0; r < rows; ++r)
            for (int k = 0; k < depth; ++k)
              source[offset + (k_contiguous ? static_cast<std::size_t>(r) * ld + k
                                            : static_cast<std::size_t>(k) * ld + r)] = r * 1000 + k + 1;
          cl::Buffer in(device.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(cl_double) * source.size(),
                        source.data());
          std::vector<cl_double> packed(static_cast<std::size_t>(packed_rows) * packed_depth + guard, -1.0);
          cl::Buffer out(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(cl_double) * packed.size(),
                         packed.data());
          cl::Kernel pack(program, "pack_operand");
          enqueue_pack_operand(device.queue, pack,
                               {.rows = rows, .depth = depth, .k_contiguous = k_contiguous, .operand = operand,
                                .source = in(), .offset = offset, .ld = static_cast<std::size_t>(ld), .packed = out(),
                                .packed_offset = 0, .packed_rows = packed_rows, .segment_depth = packed_depth,
                                .packed_depth = packed_depth, .tile_rows = static_cast<std::size_t>(tile_rows),
                                .tile_depth = static_cast<std::size_t>(bk)},
                               {});
          device.queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(cl_double) * packed.size(), packed.data());
          for (int r = 0; r < packed_rows; ++r)
            for (int k = 0; k < packed_depth; ++k) {
              const std::size_t tile = static_cast<std::size_t>(r / tile_rows) * (packed_depth / bk) + k / bk;
              const int row = r % tile_rows, column = k % bk;
              const int at = operand == a_operand ? a_at[row * bk + column] : b_at[row * bk + column];
              const double expected = r < rows && k < depth ? r * 1000 + k + 1 : 0.0;
              ASSERT_EQ(packed[tile * tile_rows * bk + at], expected)
                  << "operand " << operand << (k_contiguous ? ", K-contiguous" : ", rows contiguous") << ", ld " << ld
                  << ", offset " << offset << ", element (" << r << ", " << k << ")";
            }
          for (std::size_t after = packed.size() - guard; after < packed.size(); ++after)
            ASSERT_EQ(packed[after], -1.0) << "operand " << operand << ": written past the packed operand";
        }
}

INSTANTIATE_TEST_SUITE_P(EveryPairedStage, Mma64RowPairs,
                         ::testing::ValuesIn(packed_stages({{1, false}, {2, false}, {2, true}})), packed_stage_name);

}  // namespace
}  // namespace gemmtune::testing
