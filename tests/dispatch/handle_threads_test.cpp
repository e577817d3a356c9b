// The Handle on the default device: a tuned entry for this very device is used, and calls from
// several threads at once through one handle all give OpenBLAS's results.
#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/gemmtune.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/dispatch/selector_test_support.hpp"
#include "tuner/host_check.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::testing {
namespace {

// A configuration every device runs (16 x 16 tiles, 64 work-items), unlike the defaults.
const KernelConfig small_config = {{"TSM", 16}, {"TSN", 16}, {"TSK", 8}, {"WPTM", 2}, {"WPTN", 2}, {"VWA", 1},
                                   {"VWB", 1}, {"KUNROLL", 1}, {"PREFETCH", 0}};

class HandleOnDevice : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory directory;
  DeviceEntry entry = select_device("");
  cl::Context context{entry.device};
  DeviceLimits limits = limits_of(entry.device);

  void SetUp() override { ::setenv("GEMMTUNE_CACHE_DIR", (directory / "cache").c_str(), 1); }
  void TearDown() override { ::unsetenv("GEMMTUNE_CACHE_DIR"); }

  // One GEMM through `handle` on its own queue, checked against OpenBLAS.
  template <typename Real>
  CheckResult run(Handle& handle, const GemmArguments& g, std::uint32_t seed, Real alpha = 1.5, Real beta = -0.5) {
    cl::CommandQueue queue(context, entry.device);
    const RequiredElements required = validate_gemm_arguments(g);
    const auto a = random_values<Real>(required.a, seed), b = random_values<Real>(required.b, seed + 1),
               c = random_values<Real>(required.c, seed + 2);
    const auto buffer = [&](const std::vector<Real>& host) {
      return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(Real),
                        const_cast<Real*>(host.data()));
    };
    cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);
    handle.gemm(g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, alpha, a_buffer(), g.a_offset, g.lda, b_buffer(),
                g.b_offset, g.ldb, beta, c_buffer(), g.c_offset, g.ldc, queue());
    std::vector<Real> result(c.size());
    queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.size() * sizeof(Real), result.data());
    return check_against_openblas<Real>(g, alpha, beta, a, b, c, result);
  }
};

TEST_F(HandleOnDevice, UsesTheEntryTunedForThisDevice) {
  const auto path = directory / "tuning.db";
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, entry.fingerprint, problem(96, 80, 64), small_config);
  }
  Handle handle(context(), entry.device(), path);
  const ConfigChoice choice = handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 96, 80, 64});
  EXPECT_EQ(choice.source, ConfigSource::Exact) << choice.detail;
  EXPECT_EQ(choice.config, kernel_family("xgemm").complete(small_config));
  EXPECT_EQ(handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 90, 90, 60}).source,
            ConfigSource::Nearest);
  const CheckResult check =
      run<float>(handle, dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 96, 80, 64), 7);
  EXPECT_TRUE(check.ok) << check.first_failure;
}

// An empty database path means the default database, as no path does; an empty GEMMTUNE_DB counts
// as unset (the library only reads, so this never loses data).
TEST_F(HandleOnDevice, AnEmptyDatabasePathMeansTheDefault) {
  const auto path = directory / "tuning.db";
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, entry.fingerprint, problem(96, 80, 64), small_config);
  }
  ::setenv("GEMMTUNE_DB", path.c_str(), 1);
  Handle handle(context(), entry.device(), std::filesystem::path());
  EXPECT_EQ(handle.database_path(), path);
  EXPECT_EQ(handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 96, 80, 64}).source,
            ConfigSource::Exact);
  ::setenv("GEMMTUNE_DB", "", 1);
  ::setenv("XDG_DATA_HOME", directory.path().c_str(), 1);
  EXPECT_EQ(default_database_path(), directory / "gemmtune" / "tuning.db");
  ::unsetenv("XDG_DATA_HOME");
  ::unsetenv("GEMMTUNE_DB");
}

// One shape called again with other scalars, leading dimensions, offsets and buffers: the
// handle reuses its kernel object and skips the arguments it already set, never a changed one.
TEST_F(HandleOnDevice, RepeatedShapeWithOtherArgumentsIsCorrect) {
  Handle handle(context(), entry.device(), directory / "none.db");
  const GemmArguments dense = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 40, 24, 56);
  GemmArguments strided = dense;  // the same launch plan: leading dimensions and offsets alike aligned
  strided.lda = 64, strided.a_offset = 8, strided.ldb = 32, strided.b_offset = 16, strided.ldc = 40, strided.c_offset = 3;
  EXPECT_TRUE(run<float>(handle, dense, 1).ok);
  EXPECT_TRUE(run<float>(handle, dense, 2, 2.0f, 0.0f).ok);
  EXPECT_TRUE(run<float>(handle, strided, 3, 2.0f, 0.0f).ok);
  EXPECT_TRUE(run<float>(handle, strided, 4, -1.0f, 1.0f).ok);
  EXPECT_TRUE(run<float>(handle, dense, 5, 0.0f, 2.0f).ok);  // alpha 0: K is passed as 0
  EXPECT_TRUE(run<float>(handle, dense, 6).ok);
}

// A call whose operands allow only narrower vectors than an earlier call of the same shape is
// computed right: the earlier call read A 16 floats at a time (xgemm_skinny's widest vectors), and
// this one's leading dimension and offset let vectors start at every 8th element only, so it needs a
// launch plan of its own. (PoCL runs misaligned vector loads correctly, so there this guards the
// results, not the plan.)
TEST_F(HandleOnDevice, NarrowerAlignedOperandsAfterWideOnesAreComputedRight) {
  const auto path = directory / "tuning.db";
  const KernelConfig wide = {{"WPTM", 1}, {"WPTN", 1}, {"LM", 1},  {"LN", 1},    {"LK", 1},
                             {"KWI", 16}, {"VWA", 16}, {"VWB", 1}, {"ORDER", 0}, {"KSPLIT", 1}};
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, entry.fingerprint, problem(8, 8, 256), wide, 1e-3, kernel_family("xgemm_skinny").source().hash,
               "xgemm_skinny");
  }
  Handle handle(context(), entry.device(), path);
  const GemmArguments aligned = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 8, 8, 256);
  ASSERT_EQ(handle.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 8, 8, 256}).config,
            kernel_family("xgemm_skinny").complete(wide));
  GemmArguments narrower = aligned;
  narrower.lda = 264, narrower.a_offset = 8;
  EXPECT_TRUE(run<float>(handle, aligned, 1).ok);
  EXPECT_TRUE(run<float>(handle, narrower, 2).ok);
  EXPECT_TRUE(run<float>(handle, aligned, 3).ok);
}

TEST_F(HandleOnDevice, ConcurrentCallsFromSeveralThreadsAreCorrect) {
  const auto path = directory / "tuning.db";
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, entry.fingerprint, problem(64, 64, 64), small_config);
    // Double precision's calls too run the small tiles, not the default's large ones, whose
    // programs took PoCL 20 s each to compile.
    add_result(database, entry.fingerprint, problem(64, 64, 64, "fp64"), small_config);
  }
  Handle handle(context(), entry.device(), path);
  constexpr int threads = 4, calls_per_thread = 6;
  std::vector<std::string> failures(threads);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      try {
        for (int i = 0; i < calls_per_thread; ++i) {
          // Shapes shared between threads (same programs, built once) and shapes of their own.
          const std::size_t m = 17 + 8 * (i % 3), n = 33 + t * (i % 2), k = 40 + 3 * i;
          const auto trans = i % 2 ? Transpose::Yes : Transpose::No;
          const auto layout = (t + i) % 2 ? Layout::ColMajor : Layout::RowMajor;
          const GemmArguments g = dense_gemm_arguments(layout, trans, Transpose::No, m, n, k);
          const CheckResult check = (limits.fp64 && i % 3 == 2) ? run<double>(handle, g, 100 * t + i)
                                                                : run<float>(handle, g, 100 * t + i);
          if (!check.ok) failures[t] += "call " + std::to_string(i) + ": " + check.first_failure + "\n";
        }
      } catch (const std::exception& error) {
        failures[t] += std::string("threw: ") + error.what() + "\n";
      }
    });
  for (auto& worker : workers) worker.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

}  // namespace
}  // namespace gemmtune::testing
