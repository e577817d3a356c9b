// The on-disk program cache on the default device: miss, hit (in this and another process), one
// compile for threads asking at once, corrupt, truncated, foreign, oversized and non-regular files
// rebuilt, an unwritable directory tolerated.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <latch>
#include <thread>
#include <vector>

#include "dispatch/binary_cache.hpp"
#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/program_cache.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/gemm_launch.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/support/process.hpp"
#include "tuner/host_check.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::testing {
namespace {

class BinaryCacheTest : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory directory;
  DeviceEntry entry = select_device("");
  cl::Context context{entry.device};
  cl::CommandQueue queue{context, entry.device};
  DeviceLimits limits = limits_of(entry.device);
  GemmArguments arguments = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::Yes, 37, 29, 45);
  RowMajorGemm problem = to_row_major(arguments);
  KernelConfig config = aligned_config(kernel_family("xgemm"), default_on_device(kernel_family("xgemm"), limits, Precision::Single), problem);
  std::string options = gemm_build_options(kernel_family("xgemm"), config, Precision::Single, problem);

  // Builds (or loads) through a fresh cache on `cache_directory`, runs it and checks the result.
  BinaryCacheStats build_and_run(const std::filesystem::path& cache_directory) {
    auto disk = std::make_shared<BinaryCache>(cache_directory);
    ProgramCache programs(disk);
    const cl::Program program = programs.get(context, entry.device, kernel_family("xgemm").source(), options);
    const RequiredElements required = validate_gemm_arguments(arguments);
    const auto a = random_values<float>(required.a, 1), b = random_values<float>(required.b, 2),
               c = random_values<float>(required.c, 3);
    const auto buffer = [&](const std::vector<float>& host) {
      return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float),
                        const_cast<float*>(host.data()));
    };
    cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);
    enqueue_gemm(queue, program, kernel_family("xgemm"), config, problem, Precision::Single, 1.0, 0.5, a_buffer(), b_buffer(), c_buffer(),
                  nullptr);
    std::vector<float> result(c.size());
    queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.size() * sizeof(float), result.data());
    const CheckResult check = check_against_openblas<float>(arguments, 1.0f, 0.5f, a, b, c, result);
    EXPECT_TRUE(check.ok) << check.first_failure;
    return disk->stats();
  }

  // The directory's only file: the cache file of this test's program, once it was built.
  std::filesystem::path cache_file() const {
    std::vector<std::filesystem::path> files;
    for (const auto& file : std::filesystem::directory_iterator(directory.path())) files.push_back(file.path());
    EXPECT_EQ(files.size(), 1u);
    return files.empty() ? directory / "none" : files.front();
  }
};

TEST_F(BinaryCacheTest, MissCompilesAndStoresThenHitLoadsWithoutCompiling) {
  const BinaryCacheStats first = build_and_run(directory.path());
  EXPECT_EQ(first.built, 1u);
  EXPECT_EQ(first.stored, 1u);
  EXPECT_EQ(first.loaded, 0u);
  ASSERT_TRUE(std::filesystem::exists(cache_file()));

  const BinaryCacheStats second = build_and_run(directory.path());
  EXPECT_EQ(second.loaded, 1u);
  EXPECT_EQ(second.built, 0u);
  EXPECT_EQ(second.stored, 0u);
  EXPECT_EQ(second.rejected, 0u);
}

TEST_F(BinaryCacheTest, TwoThreadsAskingAtOnceForANewProgramCompileItOnce) {
  auto disk = std::make_shared<BinaryCache>(directory.path());
  ProgramCache programs(disk);
  std::latch both_asking(2);
  std::vector<std::thread> callers;
  for (int t = 0; t < 2; ++t)
    callers.emplace_back([&] {
      both_asking.arrive_and_wait();
      programs.get(context, entry.device, kernel_family("xgemm").source(), options);
    });
  for (auto& caller : callers) caller.join();
  EXPECT_EQ(disk->stats().built, 1u);
  EXPECT_EQ(disk->stats().loaded, 0u);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()), {}), 1);
}

TEST_F(BinaryCacheTest, CorruptTruncatedAndForeignFilesAreRebuilt) {
  build_and_run(directory.path());
  const std::string intact = db::testing::read_bytes(cache_file());

  std::string corrupt = intact;
  corrupt[corrupt.size() - 100] ^= 0x5a;  // inside the binary: only the checksum can tell
  std::string foreign = intact;
  foreign[20] ^= 0x01;  // inside the key: another device, driver or option set
  for (const std::string& damaged : {corrupt, intact.substr(0, intact.size() / 2), foreign, std::string("junk")}) {
    db::testing::write_bytes(cache_file(), damaged);
    const BinaryCacheStats stats = build_and_run(directory.path());
    EXPECT_EQ(stats.rejected, 1u);
    EXPECT_EQ(stats.built, 1u);
    EXPECT_EQ(stats.stored, 1u);
    // Rewritten whole, so the next cache loads it. (Not compared with `intact`: a driver's binary
    // may hold what it compiled since, as PoCL's holds the kernels it has run.)
    const BinaryCacheStats next = build_and_run(directory.path());
    EXPECT_EQ(next.loaded, 1u);
    EXPECT_EQ(next.rejected, 0u);
  }
}

// Bytes this process has read so far through read() and its kin (all threads).
std::uint64_t bytes_read_so_far() {
  std::ifstream io("/proc/self/io");
  std::string field;
  std::uint64_t value = 0;
  while (io >> field >> value)
    if (field == "rchar:") return value;
  ADD_FAILURE() << "no rchar in /proc/self/io";
  return 0;
}

TEST_F(BinaryCacheTest, AFileBeyondTheLimitIsReplacedWithoutBeingRead) {
  build_and_run(directory.path());
  const std::filesystem::path file = cache_file();
  db::testing::write_bytes(file, "");
  std::filesystem::resize_file(file, binary_cache_file_limit + 1);  // sparse: no disk space taken
  const std::uint64_t read_before = bytes_read_so_far();
  const BinaryCacheStats stats = build_and_run(directory.path());
  EXPECT_LT(bytes_read_so_far() - read_before, binary_cache_file_limit);
  EXPECT_EQ(stats.rejected, 1u);
  EXPECT_EQ(stats.built, 1u);
  EXPECT_EQ(stats.stored, 1u);
  EXPECT_LT(std::filesystem::file_size(file), binary_cache_file_limit);
  EXPECT_EQ(build_and_run(directory.path()).loaded, 1u);
}

// Opening a FIFO for reading waits for a writer: the cache must not, and replaces it.
TEST_F(BinaryCacheTest, AFileThatIsNotARegularOneIsReplacedWithoutWaitingOnIt) {
  build_and_run(directory.path());
  const std::filesystem::path file = cache_file();
  std::filesystem::remove(file);
  ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
  const BinaryCacheStats stats = build_and_run(directory.path());
  EXPECT_EQ(stats.rejected, 1u);
  EXPECT_EQ(stats.built, 1u);
  EXPECT_EQ(stats.stored, 1u);
  EXPECT_TRUE(std::filesystem::is_regular_file(file));
  EXPECT_EQ(build_and_run(directory.path()).loaded, 1u);
}

TEST_F(BinaryCacheTest, UnwritableDirectoryIsNotAnError) {
  db::testing::write_bytes(directory / "a-file", "x");
  const BinaryCacheStats stats = build_and_run(directory / "a-file" / "cache");  // cannot be created
  EXPECT_EQ(stats.built, 1u);
  EXPECT_EQ(stats.stored, 0u);
}

TEST_F(BinaryCacheTest, SecondProcessLoadsTheFirstOnesBinary) {
  ::setenv("GEMMTUNE_CACHE_DIR", directory.path().c_str(), 1);
  const std::string run = "run --size 41x23x57 --repeat 1 --db /nonexistent/gemmtune-test.db";
  ASSERT_EQ(run_gemmtune(run).exit_code, 0);
  std::vector<std::filesystem::path> files;
  for (const auto& file : std::filesystem::directory_iterator(directory.path())) files.push_back(file.path());
  ASSERT_EQ(files.size(), 1u);
  const auto written = std::filesystem::last_write_time(files.front());
  const std::string bytes = db::testing::read_bytes(files.front());

  ASSERT_EQ(run_gemmtune(run).exit_code, 0);
  // A rebuild would have renamed a new file into place; the first process's file is still there.
  EXPECT_EQ(std::filesystem::last_write_time(files.front()), written);
  EXPECT_EQ(db::testing::read_bytes(files.front()), bytes);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()), {}), 1);
  ::unsetenv("GEMMTUNE_CACHE_DIR");
}

}  // namespace
}  // namespace gemmtune::testing
