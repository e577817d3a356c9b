// The xgemm_stream kernel (kernels/xgemm_stream.cl) on the default device against OpenBLAS: runs of
// A cut by the edge of M, C wider than a work-group's columns, K's tail and uneven or empty shares
// of a split K, the work-group's partial blocks added in local memory, vectors lowered by unaligned
// leading dimensions and offsets.
#include <gtest/gtest.h>

#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {

struct StreamCase {
  std::size_t m, n, k;
  KernelConfig config;
  const char* why;
};

KernelConfig stream_config(std::int64_t lm, std::int64_t lk, std::int64_t wptm, std::int64_t wptn, std::int64_t kwi,
                           std::int64_t vwa, std::int64_t vwb, std::int64_t ksplit) {
  return {{"LM", lm},   {"LK", lk},   {"WPTM", wptm}, {"WPTN", wptn},
          {"KWI", kwi}, {"VWA", vwa}, {"VWB", vwb},   {"KSPLIT", ksplit}};
}

TEST(XgemmStream, MatchesOpenBlasWhereverItsBlocksAndSharesAreCut) {
  const StreamCase cases[] = {
      {3072, 16, 1024, stream_config(32, 4, 4, 16, 4, 4, 4, 1), "the problem it is for, one launch"},
      {300, 33, 700, stream_config(8, 2, 3, 5, 3, 2, 4, 3), "runs of 3 cut by M, 7 groups along N, K in 3 uneven shares"},
      {129, 16, 64, stream_config(16, 4, 4, 8, 8, 4, 8, 1), "one row past a block of M, K one step of the work-group"},
      {17, 7, 2001, stream_config(8, 4, 2, 4, 8, 2, 8, 4), "K's last step partial in each share"},
      {5, 2, 3, stream_config(8, 4, 2, 4, 8, 2, 8, 8), "K shorter than a step: most shares and work-items empty"},
      {1, 1, 5, stream_config(8, 1, 1, 1, 1, 1, 1, 1), "one element of C"},
  };
  for (const StreamCase& c : cases)
    for (const char* trans : {"TN", "TT"})
      for (const bool aligned : {true, false}) {
        GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::Yes,
                                               trans[1] == 'T' ? Transpose::Yes : Transpose::No, c.m, c.n, c.k);
        if (!aligned) {  // rows no longer back to back, vectors lowered
          g.lda += 1, g.ldb += 2, g.ldc += 3;
          g.a_offset = 3, g.b_offset = 1, g.c_offset = 2;
        }
        const CheckResult result =
            run_and_check(shared_device(), Precision::Single, {g, 1.5, -0.5}, c.config, "xgemm_stream");
        EXPECT_TRUE(result.ok) << c.m << "x" << c.n << "x" << c.k << " " << trans << (aligned ? "" : " unaligned")
                               << " (" << c.why << "): " << result.first_failure;
      }
}

}  // namespace
}  // namespace gemmtune::testing
