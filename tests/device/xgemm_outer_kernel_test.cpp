// The xgemm_outer kernel (kernels/xgemm_outer.cl) on the default device against OpenBLAS: the ways its
// work-items can share a run of A within a work-group (none, blocks that halve evenly, blocks that do
// not), runs cut by the edge of M, several passes over A for a wider C, deep K with its tail.
#include <gtest/gtest.h>

#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {

struct OuterCase {
  std::size_t m, n, k;
  KernelConfig config;
  const char* why;
};

TEST(XgemmOuter, MatchesOpenBlasWhereverWorkItemsShareARun) {
  const KernelConfig narrow{{"WG", 32}, {"THREADS", 2048}, {"WPTM", 1}, {"WPTN", 4}, {"KWI", 4}};
  const KernelConfig wide{{"WG", 64}, {"THREADS", 8192}, {"WPTM", 3}, {"WPTN", 5}, {"KWI", 2}};
  const OuterCase cases[] = {
      {1, 1, 64, narrow, "one run: every entry of the work-group adds into it"},
      {17, 1, 3265, narrow, "17 runs in 32 entries: the second block is cut short"},
      {9, 13, 1865, narrow, "9 runs: blocks of 9 halved three times, four passes over A"},
      {40, 3, 100, narrow, "more runs than work-items: nothing shared, every sum added"},
      {17, 7, 2001, wide, "runs of 3 rows cut by M = 17, passes of 5 columns cut by N = 7"},
      {300, 5, 700, wide, "100 runs in work-groups of 64, K not a multiple of the lanes"},
      {5, 2, 3, wide, "K below the lanes asked for: one lane per run"},
  };
  for (const OuterCase& c : cases)
    for (const char* trans : {"TN", "TT"}) {
      GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, trans[1] == 'T' ? Transpose::Yes : Transpose::No,
                                             c.m, c.n, c.k);
      g.lda += 1, g.ldb += 2, g.ldc += 3;  // rows of A no longer back to back
      g.a_offset = 3, g.b_offset = 1, g.c_offset = 2;
      const CheckResult result = run_and_check(shared_device(), Precision::Single, {g, 1.5, -0.5}, c.config, "xgemm_outer");
      EXPECT_TRUE(result.ok) << c.m << "x" << c.n << "x" << c.k << " " << trans << " (" << c.why << "): "
                             << result.first_failure;
    }
}

}  // namespace
}  // namespace gemmtune::testing
