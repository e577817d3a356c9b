// The xgemm kernel against OpenBLAS on the default device: shapes, transpositions, layouts, leading
// dimensions, offsets, scalars and several configurations.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {


struct Shape {
  std::size_t m, n, k;
};

// Primes, 1, and sizes just below, at and above multiples of the default 64 x 64 x 16 tile.
const Shape shapes[] = {{1, 1, 1},     {1, 17, 3},    {2, 3, 5},      {7, 13, 11},  {16, 16, 16},
                        {31, 33, 65},  {63, 64, 65},  {64, 64, 64},   {65, 63, 17}, {127, 129, 3},
                        {128, 1, 128}, {97, 101, 103}, {1, 130, 200}, {200, 70, 1}};

struct Case {
  Shape shape;
  Layout layout;
  Transpose trans_a, trans_b;
  bool padded;  // leading dimensions above the minimum, nonzero offsets
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const Case& c = info.param;
  return std::to_string(c.shape.m) + "x" + std::to_string(c.shape.n) + "x" + std::to_string(c.shape.k) + "_" +
         to_string(c.layout) + "_" + transpose_code(c.trans_a, c.trans_b) + (c.padded ? "_padded" : "");
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const Shape& shape : shapes)
    for (Layout layout : {Layout::RowMajor, Layout::ColMajor})
      for (Transpose ta : {Transpose::No, Transpose::Yes})
        for (Transpose tb : {Transpose::No, Transpose::Yes})
          cases.push_back({shape, layout, ta, tb, (shape.m + shape.n + shape.k) % 2 == 1});
  return cases;
}

GemmArguments arguments_of(const Case& c) {
  GemmArguments g = dense_gemm_arguments(c.layout, c.trans_a, c.trans_b, c.shape.m, c.shape.n, c.shape.k);
  if (c.padded) {
    g.lda += 3, g.ldb += 5, g.ldc += 1;  // odd extras break every vector alignment
    g.a_offset = 7, g.b_offset = 2, g.c_offset = 3;
  }
  return g;
}

class XgemmShapes : public ::testing::TestWithParam<Case> {};

TEST_P(XgemmShapes, MatchesOpenBlasThroughTheDispatcher) {
  const CheckResult result = run_and_check<float>(shared_device(), {arguments_of(GetParam()), 1.5, -0.5});
  EXPECT_TRUE(result.ok) << result.first_failure;
}

TEST_P(XgemmShapes, MatchesOpenBlasWithVectorisedConfiguration) {
  const KernelConfig config{{"TSM", 32}, {"TSN", 64}, {"TSK", 8},  {"WPTM", 4},  {"WPTN", 8},
                            {"VWA", 4},  {"VWB", 4},  {"STRM", 0}, {"STRN", 0}, {"PADA", 0},
                            {"PADB", 4}, {"KUNROLL", 2}, {"PREFETCH", 1}, {"WARPN", 4}};
  const CheckResult result = run_and_check<float>(shared_device(), {arguments_of(GetParam()), -1.0, 2.0}, config);
  EXPECT_TRUE(result.ok) << result.first_failure;
}

INSTANTIATE_TEST_SUITE_P(AllShapes, XgemmShapes, ::testing::ValuesIn(all_cases()), case_name);

// Configurations unlike the defaults: strided, contiguous and group-strided ownership, wide vectors,
// tiny and rectangular tiles, prefetch on and off, advancing pointers, unchecked whole tiles,
// swizzled local tiles (whose permutation steps differ with the depth of a vector: 4, 8 and 16).
// Every parameter given, so that a change of the kernel's defaults does not change these.
const KernelConfig configurations[] = {
    {{"TSM", 16}, {"TSN", 16}, {"TSK", 16}, {"WPTM", 1}, {"WPTN", 1}, {"VWA", 1}, {"VWB", 1},
     {"STRM", 0}, {"STRN", 1}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 0}, {"KUNROLL", 1}, {"WARPN", 0}},
    {{"TSM", 128}, {"TSN", 32}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 2}, {"VWA", 8}, {"VWB", 2},
     {"STRM", 1}, {"STRN", 1}, {"PADA", 1}, {"PADB", 1}, {"PREFETCH", 1}, {"KUNROLL", 4}, {"WARPN", 16}},
    {{"TSM", 64}, {"TSN", 128}, {"TSK", 32}, {"WPTM", 8}, {"WPTN", 8}, {"VWA", 2}, {"VWB", 8},
     {"STRM", 0}, {"STRN", 0}, {"PADA", 4}, {"PADB", 0}, {"PREFETCH", 0}, {"KUNROLL", 8}, {"WARPN", 8}, {"SWIZZLE", 1}},
    {{"TSM", 128}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 8}, {"VWA", 4}, {"VWB", 4},
     {"STRM", 0}, {"STRN", 0}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 1}, {"KUNROLL", 4}, {"WARPN", 4}, {"SWIZZLE", 1}},
    {{"TSM", 64}, {"TSN", 32}, {"TSK", 8}, {"WPTM", 4}, {"WPTN", 2}, {"VWA", 2}, {"VWB", 1},
     {"STRM", 0}, {"STRN", 0}, {"PADA", 1}, {"PADB", 1}, {"PREFETCH", 1}, {"KUNROLL", 1}, {"WARPN", 0},
     {"KSPLIT", 4}},
    {{"TSM", 128}, {"TSN", 128}, {"TSK", 8}, {"WPTM", 8}, {"WPTN", 8}, {"VWA", 4}, {"VWB", 4},
     {"STRM", 2}, {"STRN", 2}, {"PADA", 4}, {"PADB", 4}, {"PREFETCH", 1}, {"KUNROLL", 8}, {"WARPN", 8}, {"SWIZZLE", 1}},
    {{"TSM", 64}, {"TSN", 32}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 4}, {"VWA", 2}, {"VWB", 4},
     {"STRM", 2}, {"STRN", 0}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 0}, {"KUNROLL", 4}, {"WARPN", 0}, {"SWIZZLE", 1}},
    // Advancing pointers and, on the 256 x 256 x 64 problem (whole tiles), no bounds checks. (8 x 8
    // a work-item: the default's 8 x 16, which the tests through the dispatcher run, took twice as
    // long to compile for each of the programs of this configuration's vector widths.)
    {{"TSM", 64}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 8}, {"VWA", 4}, {"VWB", 4},
     {"STRM", 2}, {"STRN", 2}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 1}, {"KUNROLL", 8}, {"WARPN", 0},
     {"ADVANCE", 1}, {"UNCHECKED", 1}},
    {{"TSM", 32}, {"TSN", 64}, {"TSK", 16}, {"WPTM", 4}, {"WPTN", 4}, {"VWA", 2}, {"VWB", 4},
     {"STRM", 0}, {"STRN", 0}, {"PADA", 1}, {"PADB", 1}, {"PREFETCH", 0}, {"KUNROLL", 4}, {"WARPN", 0},
     {"KSPLIT", 2}, {"ADVANCE", 1}, {"UNCHECKED", 1}},
};

class XgemmConfigurations : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(XgemmConfigurations, MatchOpenBlasOnEdgeAndFullTiles) {
  const auto [index, trans] = GetParam();
  const Transpose ta = trans & 2 ? Transpose::Yes : Transpose::No, tb = trans & 1 ? Transpose::Yes : Transpose::No;
  for (const Shape shape : {Shape{129, 130, 67}, Shape{256, 256, 64}, Shape{3, 300, 33}}) {
    const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, ta, tb, shape.m, shape.n, shape.k);
    const CheckResult result = run_and_check<float>(shared_device(), {g, 1.0, 1.0}, configurations[index]);
    EXPECT_TRUE(result.ok) << shape.m << "x" << shape.n << "x" << shape.k << ": " << result.first_failure;
  }
}

INSTANTIATE_TEST_SUITE_P(Several, XgemmConfigurations,
                         ::testing::Combine(::testing::Range(0, 9), ::testing::Range(0, 4)));

TEST(XgemmSemantics, BetaZeroNeverReadsC) {
  for (Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
    const GemmArguments g = dense_gemm_arguments(layout, Transpose::No, Transpose::Yes, 70, 45, 33);
    GemmCase test{g, 2.0, 0.0, true};
    const CheckResult result = run_and_check<float>(shared_device(), test);
    EXPECT_TRUE(result.ok) << result.first_failure;
    EXPECT_FALSE(std::isnan(result.max_abs_error));
  }
  // Whole, aligned tiles of C take the vector store path.
  const GemmArguments whole = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 256, 128, 40);
  const CheckResult result = run_and_check<float>(shared_device(), {whole, 2.0, 0.0, true}, configurations[5]);
  EXPECT_TRUE(result.ok) << result.first_failure;
  EXPECT_FALSE(std::isnan(result.max_abs_error));
}

// Split K: shares of K that are empty, partial or whole, beta applied once, NaN in C ignored; 8
// ways as tuned, and 3 and 11 as the dispatcher carries a configuration to (xgemm's shape values).
TEST(XgemmSemantics, SplitKAddsEveryShareOnce) {
  for (const std::int64_t ways : {8, 3, 11}) {
    const KernelConfig split{{"TSM", 32}, {"TSN", 32}, {"TSK", 8}, {"WPTM", 2}, {"WPTN", 2}, {"VWA", 1}, {"VWB", 1},
                             {"STRM", 0}, {"STRN", 0}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 0}, {"KUNROLL", 1},
                             {"WARPN", 0}, {"KSPLIT", ways}};
    for (const std::size_t k : {1u, 9u, 40u, 777u}) {
      for (Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
        const GemmArguments g = dense_gemm_arguments(layout, Transpose::Yes, Transpose::No, 45, 70, k);
        EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 1.5, -0.75}, split).ok) << ways << " ways, K " << k;
        EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 1.0, 0.0, true}, split).ok) << ways << " ways, K " << k;
      }
    }
  }
}

TEST(XgemmSemantics, ZeroKScalesCByBeta) {
  const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 17, 9, 0);
  EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 1.0, 3.0}).ok);
  EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 1.0, 0.0, true}).ok);
}

TEST(XgemmSemantics, ZeroAlphaScalesCByBeta) {
  const GemmArguments g = dense_gemm_arguments(Layout::ColMajor, Transpose::Yes, Transpose::No, 33, 21, 40);
  EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 0.0, -2.0}).ok);
}

TEST(XgemmSemantics, EmptyMOrNChangesNothing) {
  for (const Shape shape : {Shape{0, 5, 5}, Shape{5, 0, 5}, Shape{0, 0, 0}}) {
    GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, shape.m, shape.n, shape.k);
    EXPECT_TRUE(run_and_check<float>(shared_device(), {g, 1.0, 1.0}).ok);
  }
}

// Whole tiles of C written through local memory (CSTAGE): rows of C that are not 16-byte aligned
// (odd columns, an odd offset), columns not in runs of 4 where they are, slabs of rows that take
// one or several rounds of local memory, under every transposition, in both precisions. Partial
// tiles keep the work-items' own stores.
const KernelConfig staged_configurations[] = {
    {{"TSM", 64}, {"TSN", 64}, {"TSK", 16}, {"WPTM", 4}, {"WPTN", 4}, {"VWA", 4}, {"VWB", 4},
     {"STRM", 0}, {"STRN", 0}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 1}, {"KUNROLL", 4}, {"WARPN", 0},
     {"CSTAGE", 1}},
    // Two rounds of 8 rows a slab, work-items laid out by warps. (Eight rows a work-item take PoCL's
    // compiler minutes here.)
    {{"TSM", 64}, {"TSN", 64}, {"TSK", 8}, {"WPTM", 4}, {"WPTN", 4}, {"VWA", 2}, {"VWB", 2},
     {"STRM", 2}, {"STRN", 2}, {"PADA", 0}, {"PADB", 0}, {"PREFETCH", 0}, {"KUNROLL", 8}, {"WARPN", 4},
     {"CSTAGE", 1}},
    // Two columns a work-item: staged even where C's rows are aligned.
    {{"TSM", 32}, {"TSN", 64}, {"TSK", 16}, {"WPTM", 4}, {"WPTN", 2}, {"VWA", 2}, {"VWB", 2},
     {"STRM", 1}, {"STRN", 0}, {"PADA", 1}, {"PADB", 1}, {"PREFETCH", 1}, {"KUNROLL", 4}, {"WARPN", 0},
     {"CSTAGE", 1}},
};

template <typename Real>
void expect_staged_tiles_match(const KernelConfig& config) {
  for (int trans = 0; trans < 4; ++trans) {
    const Transpose ta = trans & 2 ? Transpose::Yes : Transpose::No, tb = trans & 1 ? Transpose::Yes : Transpose::No;
    for (const Shape shape : {Shape{130, 131, 20}, Shape{200, 198, 37}, Shape{256, 256, 64}})
      for (const bool offset : {false, true}) {
        GemmArguments g = dense_gemm_arguments(Layout::RowMajor, ta, tb, shape.m, shape.n, shape.k);
        if (offset) g.ldc += 1, g.c_offset = 3;
        for (const double beta : {0.0, -0.5}) {
          const CheckResult result = run_and_check<Real>(shared_device(), {g, 1.25, beta}, config);
          EXPECT_TRUE(result.ok) << shape.m << "x" << shape.n << "x" << shape.k << " " << transpose_code(ta, tb)
                                 << (offset ? " offset" : "") << " beta " << beta << ": " << result.first_failure;
        }
      }
  }
}

class XgemmStagedC : public ::testing::TestWithParam<int> {};

TEST_P(XgemmStagedC, MatchesOpenBlasOnAlignedAndUnalignedRows) {
  expect_staged_tiles_match<float>(staged_configurations[GetParam()]);
}

INSTANTIATE_TEST_SUITE_P(Configurations, XgemmStagedC, ::testing::Range(0, 3));

TEST(XgemmStagedCDouble, MatchesOpenBlasOnAlignedAndUnalignedRows) {
  if (!shared_device().limits.fp64) GTEST_SKIP() << "device has no cl_khr_fp64";
  expect_staged_tiles_match<double>({{"TSM", 64}, {"TSN", 32}, {"TSK", 8}, {"WPTM", 4}, {"WPTN", 4},
                                     {"VWA", 4}, {"VWB", 2}, {"STRM", 0}, {"STRN", 2}, {"PADA", 0},
                                     {"PADB", 0}, {"PREFETCH", 1}, {"KUNROLL", 4}, {"WARPN", 0},
                                     {"ADVANCE", 1}, {"UNCHECKED", 1}, {"CSTAGE", 1}});
}

// Through the dispatcher's built-in default. Compiling that configuration in fp64 is most of this
// test's time (about 15 s a program on PoCL), and the program depends only on the transposition the
// kernel runs and the vector widths that A's and B's leading dimensions allow: with both leading
// dimensions multiples of 4 (A's padded past its minimum) every case runs the default's own widths,
// so both layouts (a host-side swap) and both shapes share one program a transposition, four in
// all. Odd leading dimensions and offsets in fp64 are Registry/EveryFamily's (xgemm_fp64).
TEST(XgemmDouble, MatchesOpenBlasInAllTranspositions) {
  if (!shared_device().limits.fp64) GTEST_SKIP() << "device has no cl_khr_fp64";
  const auto multiple_of_4 = [](std::size_t value) { return (value + 3) / 4 * 4; };
  for (Layout layout : {Layout::RowMajor, Layout::ColMajor})
    for (int trans = 0; trans < 4; ++trans) {
      const Transpose ta = trans & 2 ? Transpose::Yes : Transpose::No, tb = trans & 1 ? Transpose::Yes : Transpose::No;
      for (const Shape shape : {Shape{65, 33, 129}, Shape{1, 7, 3}}) {
        GemmArguments g = dense_gemm_arguments(layout, ta, tb, shape.m, shape.n, shape.k);
        g.lda = multiple_of_4(g.lda + 1), g.ldb = multiple_of_4(g.ldb), g.c_offset = 5;
        const CheckResult result = run_and_check<double>(shared_device(), {g, 0.75, 0.25});
        EXPECT_TRUE(result.ok) << to_string(layout) << ' ' << trans << ": " << result.first_failure;
        // Double precision must really be double: far below float's rounding error.
        EXPECT_LT(result.max_abs_error, 1e-10);
      }
    }
}

}  // namespace
}  // namespace gemmtune::testing
