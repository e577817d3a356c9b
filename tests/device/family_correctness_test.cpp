// Every kernel family of the build against OpenBLAS, at its default for this device: shapes,
// layouts, transpositions, odd leading dimensions and offsets, every precision it serves. A new
// family is covered here without a line of its own.
#include <gtest/gtest.h>

#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {


struct FamilyPrecision {
  std::string family;
  Precision precision;
};

void PrintTo(const FamilyPrecision& pair, std::ostream* out) {
  *out << pair.family << " " << to_string(pair.precision);
}

// Every family with every precision it serves.
std::vector<FamilyPrecision> served() {
  std::vector<FamilyPrecision> pairs;
  for (const auto& family : kernel_families())
    for (const Precision precision : family.precisions()) pairs.push_back({family.name(), precision});
  return pairs;
}

class EveryFamily : public ::testing::TestWithParam<FamilyPrecision> {};

TEST_P(EveryFamily, MatchesOpenBlasInEveryShapeLayoutAndTransposition) {
  const KernelFamily& family = kernel_family(GetParam().family);
  const Precision precision = GetParam().precision;
  // A family of another vendor's instructions (xgemm_mma64 off NVIDIA GPUs) is checked where it
  // runs; fp64 where the device has it.
  if (const auto unavailable = unavailable_on_device(family, shared_device().limits, precision))
    GTEST_SKIP() << family.name() << " cannot run on this device: " << *unavailable;
  const KernelConfig config = default_on_device(family, shared_device().limits, precision);
  struct Shape {
    std::size_t m, n, k;
  };
  for (const Shape shape : {Shape{1, 1, 1}, Shape{7, 13, 11}, Shape{65, 63, 17}, Shape{1, 130, 200},
                            Shape{200, 1, 70}, Shape{33, 5, 1000}})
    for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
      for (const Transpose ta : {Transpose::No, Transpose::Yes})
        for (const Transpose tb : {Transpose::No, Transpose::Yes}) {
          GemmArguments g = dense_gemm_arguments(layout, ta, tb, shape.m, shape.n, shape.k);
          // A family serves transpositions of the row-major form the kernel sees.
          if (!family.serves(precision, transpose_code(to_row_major(g)))) continue;
          g.lda += 3, g.ldb += 1, g.ldc += 2;  // odd extras break every vector alignment
          g.a_offset = 5, g.b_offset = 1, g.c_offset = 2;
          const CheckResult result = run_and_check(shared_device(), precision, {g, 1.5, -0.5}, config, family.name());
          EXPECT_TRUE(result.ok) << shape.m << "x" << shape.n << "x" << shape.k << " " << to_string(layout) << " "
                                 << transpose_code(ta, tb) << ": " << result.first_failure;
        }
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryFamily, ::testing::ValuesIn(served()),
                         [](const auto& info) { return info.param.family + "_" + to_string(info.param.precision); });

}  // namespace
}  // namespace gemmtune::testing
