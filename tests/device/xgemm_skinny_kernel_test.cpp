// The xgemm_skinny kernel (kernels/xgemm_skinny.cl) launched directly on the default device and
// checked against OpenBLAS: skinny, GEMV-like and deep-K shapes, every transposition, padded leading
// dimensions and offsets, the scalars' special cases, float and double, several configurations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iomanip>
#include <limits>
#include <sstream>

#include "tests/device/gemm_on_device.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::testing {
namespace {


// Read at run time, so that the test follows the kernel file without a rebuild.
const KernelSource& skinny_source() {
  static const KernelSource source = [] {
    std::ifstream file(GEMMTUNE_SOURCE_DIR "/kernels/xgemm_skinny.cl");
    std::stringstream text;
    text << file.rdbuf();
    std::ostringstream hash;  // tells versions of the text apart; build_program does not use it
    hash << std::hex << std::setw(16) << std::setfill('0') << std::hash<std::string>{}(text.str());
    return KernelSource{"xgemm_skinny", text.str(), hash.str()};
  }();
  return source;
}

// The parameters every configuration gives (the kernel has no defaults of its own).
const KernelConfig default_config{{"WPTM", 4}, {"WPTN", 4}, {"LM", 1},  {"LN", 1},     {"LK", 64},
                                  {"KWI", 4},  {"VWA", 4},  {"VWB", 4}, {"ORDER", 0}, {"KSPLIT", 1}};
const KernelConfig skinny_configurations[] = {
    default_config,
    // One work-item per work-group, no reduction (the CPU default).
    {{"WPTM", 4}, {"WPTN", 8}, {"LM", 1}, {"LN", 1}, {"LK", 1}, {"KWI", 8}, {"VWA", 8}, {"VWB", 8}, {"ORDER", 0}, {"KSPLIT", 1}},
    // Blocks that divide nothing, widths wider than the runs they load.
    {{"WPTM", 3}, {"WPTN", 5}, {"LM", 2}, {"LN", 3}, {"LK", 4}, {"KWI", 3}, {"VWA", 16}, {"VWB", 2}, {"ORDER", 0}, {"KSPLIT", 1}},
    // K also split among 5 work-groups adding atomically (single precision only).
    {{"WPTM", 2}, {"WPTN", 3}, {"LM", 1}, {"LN", 2}, {"LK", 8}, {"KWI", 2}, {"VWA", 4}, {"VWB", 4}, {"ORDER", 0}, {"KSPLIT", 5}},
    // A warp's lanes along M, then along N: each index of the work-group in every position.
    {{"WPTM", 3}, {"WPTN", 2}, {"LM", 4}, {"LN", 3}, {"LK", 4}, {"KWI", 2}, {"VWA", 4}, {"VWB", 2}, {"ORDER", 1}, {"KSPLIT", 1}},
    {{"WPTM", 2}, {"WPTN", 3}, {"LM", 3}, {"LN", 4}, {"LK", 2}, {"KWI", 3}, {"VWA", 2}, {"VWB", 4}, {"ORDER", 2}, {"KSPLIT", 3}},
};

std::int64_t widest_aligned_width(std::int64_t width, std::size_t ld, std::size_t offset) {
  while (width > 1 && (ld % width != 0 || offset % width != 0)) width /= 2;
  return width;
}

std::size_t ceil_div(std::size_t value, std::size_t divisor) { return (value + divisor - 1) / divisor; }

// Builds (once per options) and launches the kernel the way the host does: vector widths lowered to
// the alignment of A and B, K passed as 0 when alpha is 0, nothing launched for an empty C, and with
// KSPLIT > 1 the program's xgemm_scale first.
template <typename Real>
void enqueue_skinny(KernelConfig config, const RowMajorGemm& p, Real alpha, Real beta, cl_mem a, cl_mem b,
                    cl_mem c) {
  if (p.m == 0 || p.n == 0) return;
  if (p.swapped) std::swap(a, b);
  config["VWA"] = widest_aligned_width(config.at("VWA"), p.lda, p.a_offset);
  config["VWB"] = widest_aligned_width(config.at("VWB"), p.ldb, p.b_offset);
  std::string options = "-DPRECISION=" + std::to_string(sizeof(Real) * 8) + " -DTRANSA=" +
                        std::to_string(p.trans_a) + " -DTRANSB=" + std::to_string(p.trans_b);
  for (const auto& [name, value] : config) options += " -D" + name + "=" + std::to_string(value);
  const cl::Program program = shared_device().programs.get(shared_device().context, shared_device().entry.device, skinny_source(), options);

  cl::Kernel kernel(program, "xgemm_skinny");
  cl_uint index = 0;
  for (const std::size_t size : {p.m, p.n, alpha == Real(0) ? std::size_t{0} : p.k})
    kernel.setArg(index++, static_cast<cl_int>(size));
  kernel.setArg(index++, alpha);
  kernel.setArg(index++, beta);
  const auto set_matrix = [&](cl_mem buffer, std::size_t offset, std::size_t ld) {
    kernel.setArg(index++, sizeof(cl_mem), &buffer);
    kernel.setArg(index++, static_cast<cl_ulong>(offset));
    kernel.setArg(index++, static_cast<cl_int>(ld));
  };
  set_matrix(a, p.a_offset, p.lda);
  set_matrix(b, p.b_offset, p.ldb);
  set_matrix(c, p.c_offset, p.ldc);
  const std::size_t lk = config.at("LK"), ln = config.at("LN"), lm = config.at("LM");
  const std::size_t tm = lm * config.at("WPTM"), tn = ln * config.at("WPTN");
  const std::size_t splits = config.at("KSPLIT");
  if (splits > 1) {  // C = beta * C first; the work-groups then add their shares of K
    cl::Kernel scale(program, "xgemm_scale");
    scale.setArg(0, static_cast<cl_int>(p.m));
    scale.setArg(1, static_cast<cl_int>(p.n));
    scale.setArg(2, beta);
    scale.setArg(3, sizeof(cl_mem), &c);
    scale.setArg(4, static_cast<cl_ulong>(p.c_offset));
    scale.setArg(5, static_cast<cl_int>(p.ldc));
    shared_device().queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(ceil_div(p.n, 16) * 16, ceil_div(p.m, 16) * 16),
                                        cl::NDRange(16, 16));
  }
  shared_device().queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                                      cl::NDRange(lk * splits, ceil_div(p.n, tn) * ln, ceil_div(p.m, tm) * lm),
                                      cl::NDRange(lk, ln, lm));
}

template <typename Real>
CheckResult run_skinny(const KernelConfig& config, const GemmArguments& g, double alpha, double beta,
                       bool nan_in_c = false) {
  const RequiredElements required = validate_gemm_arguments(g);
  const std::size_t slack = 7;  // a write past the end of C shows up as a changed element
  const auto a = random_values<Real>(required.a + slack, 21);
  const auto b = random_values<Real>(required.b + slack, 22);
  auto c = random_values<Real>(required.c + slack, 23);
  if (nan_in_c) c.assign(c.size(), std::numeric_limits<Real>::quiet_NaN());
  const auto buffer = [](const std::vector<Real>& host) {
    return cl::Buffer(shared_device().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(Real),
                      const_cast<Real*>(host.data()));
  };
  cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);
  enqueue_skinny<Real>(config, to_row_major(g), static_cast<Real>(alpha), static_cast<Real>(beta), a_buffer(),
                       b_buffer(), c_buffer());
  std::vector<Real> result(c.size());
  shared_device().queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.size() * sizeof(Real), result.data());
  return check_against_openblas<Real>(g, static_cast<Real>(alpha), static_cast<Real>(beta), a, b, c, result);
}

struct SkinnyShape {
  std::size_t m, n, k;
};

// 1 x 1 x 1, a row and a column of C (GEMV-like), primes, a wide and a tall skinny C, deep K.
const SkinnyShape skinny_shapes[] = {{1, 1, 1},     {1, 77, 300},    {300, 1, 77}, {37, 29, 101},
                        {35, 8457, 64}, {128, 16, 3000}, {7, 5, 100000}};

enum class Padding { None, Odd, Aligned };

GemmArguments arguments_of(Layout layout, Transpose ta, Transpose tb, const SkinnyShape& s, Padding padding) {
  GemmArguments g = dense_gemm_arguments(layout, ta, tb, s.m, s.n, s.k);
  if (padding == Padding::Odd) {  // breaks every vector alignment
    g.lda += 3, g.ldb += 5, g.ldc += 1;
    g.a_offset = 7, g.b_offset = 2, g.c_offset = 3;
  } else if (padding == Padding::Aligned) {  // keeps vectors of every width (16 at most)
    g.lda = (g.lda + 31) / 16 * 16, g.ldb = (g.ldb + 31) / 16 * 16, g.ldc += 2;
    g.a_offset = 16, g.b_offset = 32, g.c_offset = 5;
  }
  return g;
}

Transpose trans_a_of(int trans) { return trans & 2 ? Transpose::Yes : Transpose::No; }
Transpose trans_b_of(int trans) { return trans & 1 ? Transpose::Yes : Transpose::No; }

std::string describe(const SkinnyShape& s, int trans, Padding padding) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k) + " " +
         transpose_code(trans_a_of(trans), trans_b_of(trans)) + " padding " + std::to_string(static_cast<int>(padding));
}

// (configuration, transposition): every shape with padding that keeps the configuration's vector
// widths and with padding that lowers them to 1 (two programs each), the GEMV-like shapes also with
// the smallest leading dimensions.
class XgemmSkinnyFloat : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(XgemmSkinnyFloat, MatchesOpenBlas) {
  const auto [index, trans] = GetParam();
  for (const SkinnyShape& shape : skinny_shapes)
    for (const Padding padding : {Padding::Aligned, Padding::Odd, Padding::None}) {
      if (padding == Padding::None && std::min(shape.m, shape.n) > 1) continue;
      const GemmArguments g = arguments_of(Layout::RowMajor, trans_a_of(trans), trans_b_of(trans), shape, padding);
      const CheckResult result = run_skinny<float>(skinny_configurations[index], g, 1.5, -0.5);
      EXPECT_TRUE(result.ok) << describe(shape, trans, padding) << ": " << result.first_failure;
    }
}

INSTANTIATE_TEST_SUITE_P(Configurations, XgemmSkinnyFloat,
                         ::testing::Combine(::testing::Range(0, 6), ::testing::Range(0, 4)));

TEST(XgemmSkinnyDouble, MatchesOpenBlasInEveryTransposition) {
  if (!shared_device().limits.fp64) GTEST_SKIP() << "device has no cl_khr_fp64";
  for (int trans = 0; trans < 4; ++trans)
    for (const SkinnyShape& shape : skinny_shapes) {
      const Padding padding = shape.k % 2 ? Padding::Odd : Padding::Aligned;
      const GemmArguments g = arguments_of(Layout::RowMajor, trans_a_of(trans), trans_b_of(trans), shape, padding);
      const CheckResult result = run_skinny<double>(default_config, g, 0.75, 0.25);
      EXPECT_TRUE(result.ok) << describe(shape, trans, padding) << ": " << result.first_failure;
      // Double precision must really be double: far below float's rounding error.
      EXPECT_LT(result.max_abs_error, 1e-9) << describe(shape, trans, padding);
    }
}

// fp16 and bf16 through the library's launch: vectors of 16-bit elements up to 16 wide (leading
// dimensions and offsets aligned to keep them), the tree of FP32 partial sums in local memory
// (LK > 1), lanes along M, and beta = 0 with NaN in C.
TEST(XgemmSkinnySixteenBits, MatchesOpenBlasWithVectorsAndTheTree) {
  for (const Precision precision : {Precision::Half, Precision::BFloat16})
    for (const int index : {2, 4})  // without KSPLIT, which 16 bits do not take; A read 16 wide, lanes along M
      for (int trans = 0; trans < 4; ++trans)
        for (const SkinnyShape& shape : {SkinnyShape{37, 29, 101}, SkinnyShape{128, 16, 3000}}) {
          const GemmArguments g = arguments_of(Layout::RowMajor, trans_a_of(trans), trans_b_of(trans), shape, Padding::Aligned);
          const std::string where = std::string(to_string(precision)) + " configuration " + std::to_string(index) + " " +
                                    describe(shape, trans, Padding::Aligned);
          const CheckResult result = run_and_check(shared_device(), precision, {g, 1.5, -0.5}, skinny_configurations[index], "xgemm_skinny");
          EXPECT_TRUE(result.ok) << where << ": " << result.first_failure;
          const CheckResult unread = run_and_check(shared_device(), precision, {g, 2.0, 0.0, true}, skinny_configurations[index], "xgemm_skinny");
          EXPECT_TRUE(unread.ok) << where << ", beta 0, NaN in C: " << unread.first_failure;
        }
}

TEST(XgemmSkinnySemantics, ColumnMajorCallsMatchOpenBlas) {
  for (int trans = 0; trans < 4; ++trans) {
    const GemmArguments g = arguments_of(Layout::ColMajor, trans_a_of(trans), trans_b_of(trans), {45, 3, 999}, Padding::Odd);
    const CheckResult result = run_skinny<float>(default_config, g, 1.0, 1.0);
    EXPECT_TRUE(result.ok) << trans << ": " << result.first_failure;
  }
}

TEST(XgemmSkinnySemantics, BetaZeroNeverReadsC) {
  for (const KernelConfig& config : skinny_configurations)
    for (int trans = 0; trans < 4; ++trans) {
      const GemmArguments g = arguments_of(Layout::RowMajor, trans_a_of(trans), trans_b_of(trans), {33, 17, 1000}, Padding::Odd);
      const CheckResult result = run_skinny<float>(config, g, 2.0, 0.0, true);
      EXPECT_TRUE(result.ok) << trans << ": " << result.first_failure;
      EXPECT_FALSE(std::isnan(result.max_abs_error));
    }
}

TEST(XgemmSkinnySemantics, ZeroAlphaOrZeroKScalesCByBeta) {
  for (const KernelConfig& config : skinny_configurations) {
    const GemmArguments deep = arguments_of(Layout::RowMajor, Transpose::No, Transpose::Yes, {9, 2, 5000}, Padding::Odd);
    EXPECT_TRUE(run_skinny<float>(config, deep, 0.0, -2.0).ok);
    EXPECT_TRUE(run_skinny<float>(config, deep, 0.0, 0.0, true).ok);  // C becomes 0, NaN or not
    const GemmArguments empty_k = arguments_of(Layout::RowMajor, Transpose::Yes, Transpose::No, {17, 9, 0}, Padding::Odd);
    EXPECT_TRUE(run_skinny<float>(config, empty_k, 1.0, 3.0).ok);
  }
}

}  // namespace
}  // namespace gemmtune::testing
