// fp16, bf16, tf32 and 3xtf32 on this device: through the library's Handle::gemm(Precision, ...) in
// every transposition, and xgemm_lowp's tile layouts, odd sizes and several K tiles, against OpenBLAS
// on the operands each precision multiplies.
#include <gtest/gtest.h>

#include "core/kernel_config.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {


const Precision low_precisions[] = {Precision::Half, Precision::BFloat16, Precision::TF32, Precision::Single3xTF32};

struct Size {
  std::size_t m, n, k;
};
// Odd in every dimension, and deep enough for many K tiles of any depth the families take.
const Size sizes[] = {{67, 45, 37}, {19, 23, 300}};

TEST(LowPrecision, ThroughTheLibraryInEveryTransposition) {
  for (const Precision precision : low_precisions)
    for (const Size size : sizes)
      for (const Transpose ta : {Transpose::No, Transpose::Yes})
        for (const Transpose tb : {Transpose::No, Transpose::Yes}) {
          const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, ta, tb, size.m, size.n, size.k);
          const CheckResult result = run_and_check(shared_device(), precision, {g, 1.5, -0.5});
          EXPECT_TRUE(result.ok) << to_string(precision) << " " << size.m << "x" << size.n << "x" << size.k << " "
                                 << transpose_code(ta, tb) << ": " << result.first_failure;
        }
}

// The CPU default (consecutive columns) is covered at every precision with every family; here the
// layout GPUs get (strided rows and columns, padded tiles) and tiles smaller than the problem in M,
// N and K, in every transposition, with NaN in C where beta is 0 (C must not be read). The tiling
// does not depend on the precision, nor the conversions on the tiling: the precisions take turns.
TEST(LowPrecision, XgemmLowpTileLayoutsInEveryTransposition) {
  const KernelFamily& family = kernel_family("xgemm_lowp");
  const KernelConfig configs[] = {
      family.defaults(),
      {{"TM", 16}, {"TN", 32}, {"TK", 8}, {"WPTM", 2}, {"WPTN", 4}, {"STRIDED", 1}, {"PAD", 1}},
      {{"TM", 32}, {"TN", 16}, {"TK", 32}, {"WPTM", 4}, {"WPTN", 2}, {"STRIDED", 0}, {"PAD", 1}}};
  std::size_t turn = 0;
  for (const KernelConfig& config : configs)
    for (const Transpose ta : {Transpose::No, Transpose::Yes})
      for (const Transpose tb : {Transpose::No, Transpose::Yes}) {
        const Precision precision = low_precisions[turn++ % std::size(low_precisions)];
        const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, ta, tb, 67, 45, 37);
        for (const GemmCase& test : {GemmCase{g, -1.0, 2.0}, GemmCase{g, 2.0, 0.0, true}}) {
          const CheckResult result = run_and_check(shared_device(), precision, test, config, family.name());
          EXPECT_TRUE(result.ok) << to_string(precision) << " " << describe_config(config) << " "
                                 << transpose_code(ta, tb) << " beta " << test.beta << ": " << result.first_failure;
        }
      }
}

}  // namespace
}  // namespace gemmtune::testing
