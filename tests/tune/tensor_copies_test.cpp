// The host's side of tensor copies (a description's "tensor_maps"), on any device, driven by a
// test-only family (tests/data/families/mapped.*) that takes the maps with COPY 2 and reads its
// operands itself: without NVIDIA's driver such a candidate fails alone, in one line; an unaligned
// operand and a call that reads nothing need no maps.
#include <gtest/gtest.h>

#include <vector>

#include "core/kernel_config.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/program_cache.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/nvidia_driver.hpp"
#include "tests/tune/test_families.hpp"
#include "tuner/evaluator.hpp"

namespace gemmtune {
namespace {

const KernelFamily& mapped() {
  static const KernelFamily family = testing::test_family("mapped", "mapped.cl");
  return family;
}

class TensorCopies : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("GEMMTUNE_CACHE_DIR", (temporary.path() / "cache").c_str(), 1); }
  void TearDown() override { ::unsetenv("GEMMTUNE_CACHE_DIR"); }

  db::testing::TemporaryDirectory temporary;
  DeviceEntry device = select_device("");
};

TEST_F(TensorCopies, WithoutNvidiasDriverACandidateWithMapsFailsAloneInOneLine) {
  if (testing::nvidia_driver_installed()) GTEST_SKIP() << "NVIDIA's driver is installed here";
  // Rows of 24 and 40 floats: aligned, so the maps are made.
  const GemmArguments problem = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 48, 40, 24);
  Evaluator evaluator(mapped(), device, problem, Precision::Single, {.timed_runs = 1, .compile_threads = 0});
  EXPECT_EQ(evaluator.evaluate({{"COPY", 0}}).status, search::Status::ok);
  const auto outcome = evaluator.evaluate({{"COPY", 2}});
  EXPECT_EQ(outcome.status, search::Status::launch_error);
  EXPECT_NE(outcome.error.find("tensor copies need NVIDIA's CUDA driver"), std::string::npos) << outcome.error;
  EXPECT_EQ(outcome.error.find('\n'), std::string::npos) << outcome.error;
  EXPECT_EQ(evaluator.evaluate({{"COPY", 0}}).status, search::Status::ok) << "the next candidate runs";
}

// Rows of 23 floats: the accelerator could not read them, so the candidate runs as the
// description's "unaligned" says (COPY 0), and is right, on every transposition and layout.
TEST_F(TensorCopies, AnUnalignedOperandIsReadWithoutMaps) {
  for (const Transpose trans_a : {Transpose::No, Transpose::Yes})
    for (const Transpose trans_b : {Transpose::No, Transpose::Yes})
      for (const Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
        const GemmArguments problem = dense_gemm_arguments(layout, trans_a, trans_b, 23, 23, 23);
        Evaluator evaluator(mapped(), device, problem, Precision::Single, {.timed_runs = 1, .compile_threads = 0});
        const auto outcome = evaluator.evaluate({{"COPY", 2}});
        EXPECT_EQ(outcome.status, search::Status::ok) << outcome.error;
      }
}

// alpha = 0: A and B are not read, so the maps are zeros and no driver is asked; C = beta C.
TEST_F(TensorCopies, ACallThatReadsNothingNeedsNoMaps) {
  const std::size_t m = 16, n = 24, k = 32;
  const RowMajorGemm problem =
      to_row_major(dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, m, n, k));
  const cl::Context context(device.device);
  const cl::CommandQueue queue(context, device.device);
  ProgramCache programs;
  const KernelConfig config = {{"COPY", 2}};
  const cl::Program program = programs.get(context, device.device, mapped().source(),
                                           gemm_build_options(mapped(), config, Precision::Single, problem));
  std::vector<float> operand(m * k + k * n, 1.0f), c(m * n, 3.0f);
  cl::Buffer operands(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * operand.size(), operand.data());
  cl::Buffer c_buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(float) * c.size(), c.data());
  cl::Event done;
  enqueue_gemm(queue, program, mapped(), config, problem, Precision::Single, 0.0, 0.5, operands(), operands(),
               c_buffer(), &done);
  done.wait();
  queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, sizeof(float) * c.size(), c.data());
  for (const float value : c) ASSERT_EQ(value, 1.5f);
}

}  // namespace
}  // namespace gemmtune
