// libgemmtune_blas's CBLAS GEMMs against OpenBLAS's: both layouts, every transposition, padded
// leading dimensions, on the path the run's settings choose (device, host BLAS, plain loop).
#include <cblas.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gemmtune/blas.h"

namespace {

template <typename Real>
using CblasGemmFunction = void (*)(CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, blasint, blasint, blasint, Real, const Real*,
                           blasint, const Real*, blasint, Real, Real*, blasint);

// OpenBLAS's own cblas_?gemm, resolved from its handle: the program's cblas_?gemm is the library's.
template <typename Real>
CblasGemmFunction<Real> openblas_gemm() {
  static void* openblas = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
  if (openblas == nullptr) return nullptr;
  return reinterpret_cast<CblasGemmFunction<Real>>(dlsym(openblas, sizeof(Real) == 4 ? "cblas_sgemm" : "cblas_dgemm"));
}

}  // namespace

// The 64-bit-integer entry points that NumPy's wheels call; here no 64-bit BLAS stands behind the
// library, so the calls that are not for the device take its 32-bit path.
extern "C" void scipy_cblas_sgemm64_(int, int, int, std::int64_t, std::int64_t, std::int64_t, float, const float*,
                                     std::int64_t, const float*, std::int64_t, float, float*, std::int64_t);
extern "C" void scipy_cblas_dgemm64_(int, int, int, std::int64_t, std::int64_t, std::int64_t, double, const double*,
                                     std::int64_t, const double*, std::int64_t, double, double*, std::int64_t);

namespace {

void library_gemm(bool wide, CBLAS_ORDER o, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, float alpha,
                  const float* a, int lda, const float* b, int ldb, float beta, float* c, int ldc) {
  if (wide) return scipy_cblas_sgemm64_(o, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  cblas_sgemm(o, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void library_gemm(bool wide, CBLAS_ORDER o, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, double alpha,
                  const double* a, int lda, const double* b, int ldb, double beta, double* c, int ldc) {
  if (wide) return scipy_cblas_dgemm64_(o, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  cblas_dgemm(o, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// Where the library's settings (GEMMTUNE_BLAS_THRESHOLD, GEMMTUNE_DEVICE, GEMMTUNE_BLAS_HOST, set
// by CTest, one run each) send every call of these tests: "device", "host" (OpenBLAS behind the
// library) or "loop" (no host BLAS found).
std::string expected_path() {
  const char* path = std::getenv("BLAS_TEST_EXPECTED_PATH");
  return path ? path : "";
}

struct Case {
  CBLAS_ORDER order;
  CBLAS_TRANSPOSE trans_a, trans_b;
  float beta;
};

template <typename Real>
void check_against_openblas(const Case& c, bool wide = false) {
  const std::string path = expected_path();
  ASSERT_TRUE(path == "device" || path == "host" || path == "loop") << "BLAS_TEST_EXPECTED_PATH: device, host or loop";
  const CblasGemmFunction<Real> reference = openblas_gemm<Real>();
  ASSERT_NE(reference, nullptr) << "libopenblas.so.0 not found";
  const int m = 37, n = 29, k = 23, pad = 3;
  const bool row = c.order == CblasRowMajor;
  const bool ta = c.trans_a != CblasNoTrans, tb = c.trans_b != CblasNoTrans;
  // Stored extents (outer x inner): the leading dimension is the inner one plus padding.
  const int a_inner = row ? (ta ? m : k) : (ta ? k : m), a_outer = (m * k) / a_inner;
  const int b_inner = row ? (tb ? k : n) : (tb ? n : k), b_outer = (k * n) / b_inner;
  const int c_inner = row ? n : m, c_outer = (m * n) / c_inner;
  const int lda = a_inner + pad, ldb = b_inner + pad, ldc = c_inner + pad;
  const Real nan = std::numeric_limits<Real>::quiet_NaN(), sentinel = Real(12345);

  std::mt19937 random(7);
  std::uniform_real_distribution<Real> value(-1, 1);
  // Padding of A and B is NaN, so that reading it would show; padding of C must stay as it is.
  const auto matrix = [&](int outer, int inner, int ld, Real padding) {
    std::vector<Real> stored(static_cast<std::size_t>(outer) * ld, padding);
    for (int o = 0; o < outer; ++o)
      for (int i = 0; i < inner; ++i) stored[static_cast<std::size_t>(o) * ld + i] = value(random);
    return stored;
  };
  const std::vector<Real> a = matrix(a_outer, a_inner, lda, nan), b = matrix(b_outer, b_inner, ldb, nan);
  std::vector<Real> expected = matrix(c_outer, c_inner, ldc, sentinel);
  // With beta = 0, C is not read: NaN in it must not come out.
  if (c.beta == 0)
    for (int o = 0; o < c_outer; ++o)
      for (int i = 0; i < c_inner; ++i) expected[static_cast<std::size_t>(o) * ldc + i] = nan;
  std::vector<Real> got = expected;
  const Real alpha = Real(0.75), beta = Real(c.beta);

  const unsigned long long before = gemmtune_blas_device_calls();
  library_gemm(wide, c.order, c.trans_a, c.trans_b, m, n, k, alpha, a.data(), lda, b.data(), ldb, beta, got.data(), ldc);
  EXPECT_EQ(gemmtune_blas_device_calls() - before, path == "device" ? 1u : 0u);
  reference(c.order, c.trans_a, c.trans_b, m, n, k, alpha, a.data(), lda, b.data(), ldb, beta, expected.data(), ldc);

  // On the host the library's call is OpenBLAS's, bit for bit; elsewhere, another summation order.
  const Real tolerance = path != "host" ? Real(k) * std::numeric_limits<Real>::epsilon() * 4 : Real(0);
  for (int o = 0; o < c_outer; ++o) {
    for (int i = 0; i < ldc; ++i) {
      const std::size_t at = static_cast<std::size_t>(o) * ldc + i;
      if (i >= c_inner) {
        ASSERT_EQ(got[at], sentinel) << "padding of C written at " << o << ", " << i;
      } else {
        ASSERT_TRUE(std::isfinite(got[at])) << "at " << o << ", " << i;
        ASSERT_NEAR(got[at], expected[at], tolerance) << "at " << o << ", " << i;
      }
    }
  }
}

class CblasGemm : public testing::TestWithParam<Case> {};

TEST_P(CblasGemm, SingleMatchesOpenBlas) { check_against_openblas<float>(GetParam()); }
TEST_P(CblasGemm, DoubleMatchesOpenBlas) { check_against_openblas<double>(GetParam()); }
TEST_P(CblasGemm, SingleThrough64BitIntegersMatchesOpenBlas) { check_against_openblas<float>(GetParam(), true); }
TEST_P(CblasGemm, DoubleThrough64BitIntegersMatchesOpenBlas) { check_against_openblas<double>(GetParam(), true); }

std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (CBLAS_ORDER order : {CblasRowMajor, CblasColMajor})
    for (CBLAS_TRANSPOSE ta : {CblasNoTrans, CblasTrans, CblasConjTrans})
      for (CBLAS_TRANSPOSE tb : {CblasNoTrans, CblasTrans, CblasConjTrans})
        for (float beta : {0.0f, 1.5f}) cases.push_back({order, ta, tb, beta});
  return cases;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  const auto letter = [](CBLAS_TRANSPOSE t) { return t == CblasNoTrans ? "N" : t == CblasTrans ? "T" : "C"; };
  return std::string(info.param.order == CblasRowMajor ? "Row" : "Col") + letter(info.param.trans_a) +
         letter(info.param.trans_b) + (info.param.beta == 0 ? "Beta0" : "Beta1p5");
}

INSTANTIATE_TEST_SUITE_P(Layouts, CblasGemm, testing::ValuesIn(every_case()), case_name);

// Several threads calling at once share the one device, queue and dispatcher of the process.
TEST(CblasGemmThreads, ConcurrentCallsMatchOpenBlas) {
  const CblasGemmFunction<float> reference = openblas_gemm<float>();
  ASSERT_NE(reference, nullptr) << "libopenblas.so.0 not found";
  const int m = 33, n = 17, k = 9, threads = 4, calls = 8;
  // The device is opened on this thread first: AddressSanitizer's runtime fails ("unable to unmap"
  // its signal stack) when a thread that initialised PoCL exits, which a sanitized tree would show.
  const std::vector<float> first_a(m * k, 1.0f), first_b(k * n, 1.0f);
  std::vector<float> first_c(m * n, 0.0f);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, first_a.data(), k, first_b.data(), n, 0.0f,
              first_c.data(), n);
  EXPECT_EQ(first_c.back(), static_cast<float>(k));
  const unsigned long long before = gemmtune_blas_device_calls();
  std::vector<int> mismatches(threads, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (int call = 0; call < calls; ++call) {
        std::vector<float> a(m * k), b(k * n), got(m * n, 0.0f), expected(m * n, 0.0f);
        for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>((i + t) % 7) - 3;
        for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>((i + call) % 5) - 2;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, a.data(), k, b.data(), k, 0.0f,
                    got.data(), n);
        reference(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, a.data(), k, b.data(), k, 0.0f,
                  expected.data(), n);
        if (got != expected) ++mismatches[t];  // small integers: exact on every path
      }
    });
  for (std::thread& worker : workers) worker.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
  EXPECT_EQ(gemmtune_blas_device_calls() - before, expected_path() == "device" ? threads * calls : 0u);
}

}  // namespace
