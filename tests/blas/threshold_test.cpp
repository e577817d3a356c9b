// The default threshold of the device path: M * N * K of at least 256^3 goes to the device, less
// stays on the host, also when GEMMTUNE_BLAS_THRESHOLD cannot be read (set by CTest, one run each).
#include <cblas.h>
#include <gtest/gtest.h>

#include <vector>

#include "gemmtune/blas.h"

namespace {

unsigned long long device_calls_of(int m, int n, int k) {
  std::vector<float> a(static_cast<std::size_t>(m) * k, 1.0f), b(static_cast<std::size_t>(k) * n, 1.0f),
      c(static_cast<std::size_t>(m) * n, 0.0f);
  const unsigned long long before = gemmtune_blas_device_calls();
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), m, b.data(), k, 0.0f, c.data(), m);
  EXPECT_EQ(c.front(), static_cast<float>(k));
  EXPECT_EQ(c.back(), static_cast<float>(k));
  return gemmtune_blas_device_calls() - before;
}

TEST(DeviceThreshold, BelowTheDefaultStaysOnTheHost) { EXPECT_EQ(device_calls_of(256, 256, 255), 0u); }

TEST(DeviceThreshold, TheDefaultGoesToTheDevice) { EXPECT_EQ(device_calls_of(256, 256, 256), 1u); }

TEST(DeviceThreshold, AlphaZeroStaysOnTheHost) {
  std::vector<float> a(256 * 256, 1.0f), c(256 * 256, 2.0f);
  const unsigned long long before = gemmtune_blas_device_calls();
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 256, 256, 256, 0.0f, a.data(), 256, a.data(), 256, 0.5f,
              c.data(), 256);
  EXPECT_EQ(gemmtune_blas_device_calls() - before, 0u);
  EXPECT_EQ(c.front(), 1.0f);
}

}  // namespace
