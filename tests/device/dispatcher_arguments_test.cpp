// The dispatcher refuses unusable arguments with InvalidArgument, before anything runs.
#include <gtest/gtest.h>

#include "gemmtune/gemmtune.hpp"
#include "tests/device/gemm_on_device.hpp"

namespace gemmtune::testing {
namespace {

class DispatcherArguments : public ::testing::Test {
 protected:
  DeviceContext device;
  Handle handle{device.context(), device.entry.device(), "/nonexistent/gemmtune-test.db"};
  cl::Buffer a{device.context, CL_MEM_READ_WRITE, 64 * 64 * sizeof(float)};
  cl::Buffer b{device.context, CL_MEM_READ_WRITE, 64 * 64 * sizeof(float)};
  cl::Buffer c{device.context, CL_MEM_READ_WRITE, 64 * 64 * sizeof(float)};

  void gemm(std::size_t lda, std::size_t c_offset, cl_command_queue queue, std::size_t m = 64) {
    handle.gemm(Layout::RowMajor, Transpose::No, Transpose::No, m, 64, 64, 1.0f, a(), 0, lda, b(), 0, 64, 0.0f,
                c(), c_offset, 64, queue);
  }
};

TEST_F(DispatcherArguments, LeadingDimensionTooSmall) {
  try {
    gemm(63, 0, device.queue());
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& error) {
    EXPECT_STREQ(error.what(),
                 "lda = 63 is too small for A of 64 x 64 in row-major layout (at least 64)");
  }
}

TEST_F(DispatcherArguments, BufferTooSmallForOffsetAndShape) {
  try {
    gemm(64, 1, device.queue());
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& error) {
    EXPECT_STREQ(error.what(), "buffer C holds 4096 elements but its offset and shape need 4097");
  }
}

TEST_F(DispatcherArguments, QueueOfAnotherContext) {
  cl::Context other(device.entry.device);
  cl::CommandQueue other_queue(other, device.entry.device);
  EXPECT_THROW(gemm(64, 0, other_queue()), InvalidArgument);
}

TEST_F(DispatcherArguments, SizeBeyondTheKernelsIndexRange) {
  EXPECT_THROW(gemm(64, 0, device.queue(), std::size_t(1) << 33), InvalidArgument);
}

TEST_F(DispatcherArguments, MissingDatabaseMeansDefaults) {
  const ConfigChoice choice = handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 64, 64, 64});
  EXPECT_EQ(choice.source, ConfigSource::Default);
  gemm(64, 0, device.queue());
  device.queue.finish();
}

}  // namespace
}  // namespace gemmtune::testing
