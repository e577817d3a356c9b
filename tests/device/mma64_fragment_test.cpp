// The FP64 matrix-unit family's fragment maps (kernels/xgemm_mma64.cl), as the kernel computes them on
// the default device, checked against the PTX ISA's tables by emulating each mma instruction on the host.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

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


// The maps as the family's own source computes them (its FRAGMENT_MAP_TEST entry), on the device.
LaneMaps kernel_maps(Shape shape) {
  const std::string options = "-DFRAGMENT_MAP_TEST -DMMA_M=" + std::to_string(shape.m) +
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

}  // namespace
}  // namespace gemmtune::testing
