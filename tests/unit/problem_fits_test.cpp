// The one check of a problem against the device's and the host's memory, shared by run and tune.
#include <gtest/gtest.h>

#include "tuner/cli.hpp"
#include "tuner/problem_fits.hpp"

namespace gemmtune::cli {
namespace {

constexpr std::uint64_t mib = 1 << 20;

DeviceLimits device_of(std::uint64_t max_alloc, std::uint64_t global) {
  DeviceLimits limits;
  limits.max_alloc_bytes = max_alloc;
  limits.global_mem_bytes = global;
  return limits;
}

GemmArguments square(std::size_t side) {
  return dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, side, side, side);
}

std::string refusal(const GemmArguments& problem, std::size_t element_bytes, const DeviceLimits& limits, Copies on_device,
                    Copies on_host, std::uint64_t host_memory) {
  try {
    check_problem_fits(problem, element_bytes, limits, on_device, on_host, host_memory);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "accepted";
}

// 1024^2 floats: 4 MiB per matrix; 2 copies of A and B and 4 of C are 32 MiB.
TEST(ProblemFits, AcceptsWhatTheDeviceAndTheHostHold) {
  EXPECT_EQ(refusal(square(1024), 4, device_of(4 * mib, 32 * mib), {2, 4}, {2, 4}, 32 * mib), "accepted");
}

TEST(ProblemFits, RefusesABufferBeyondTheLargestAllocation) {
  EXPECT_EQ(refusal(square(1024), 4, device_of(4 * mib - 1, 1024 * mib), {1, 1}, {1, 1}, 1024 * mib),
            "size 1024x1024x1024 needs 4 MiB for A, more than the device's largest buffer (3 MiB)");
}

TEST(ProblemFits, CountsEveryCopyOnTheDevice) {
  EXPECT_EQ(refusal(square(1024), 4, device_of(4 * mib, 12 * mib), {1, 1}, {1, 1}, 1024 * mib), "accepted");
  EXPECT_EQ(refusal(square(1024), 4, device_of(4 * mib, 23 * mib), {2, 4}, {1, 1}, 1024 * mib),
            "size 1024x1024x1024 needs 32 MiB, more than the device's memory (23 MiB)");
}

TEST(ProblemFits, CountsEveryCopyOnTheHost) {
  EXPECT_EQ(refusal(square(1024), 4, device_of(4 * mib, 1024 * mib), {1, 1}, {2, 4}, 31 * mib),
            "size 1024x1024x1024 needs 32 MiB of host memory, more than this machine's (31 MiB)");
}

// 1518500250^2 doubles are 2^64 + 290948384 bytes: counted in wrapping 64-bit arithmetic, each
// matrix would seem to need 277 MiB.
TEST(ProblemFits, BytesBeyondSixtyFourBitsAreNotWrapped) {
  EXPECT_EQ(refusal(square(1518500250), 8, device_of(4096 * mib, 16384 * mib), {1, 1}, {1, 1}, 65536 * mib),
            "size 1518500250x1518500250x1518500250 needs 17592186044415 MiB for A, more than the device's largest "
            "buffer (4096 MiB)");
}

TEST(ProblemFits, ThisMachineHasMemory) { EXPECT_GT(host_memory_bytes(), 64 * mib); }

}  // namespace
}  // namespace gemmtune::cli
