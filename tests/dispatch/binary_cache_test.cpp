// The on-disk program cache on the default device: miss, hit (in this and another process, where
// the implementation keeps no programs of its own), one compile for threads asking at once, corrupt, truncated, swapped, oversized and non-regular files
// rebuilt, files of another user or writable by others and untrusted directories ignored, an
// unwritable directory tolerated.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <functional>
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
#include "gemmtune/error.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/dispatch/selector_test_support.hpp"
#include "tests/support/process.hpp"
#include "tuner/host_check.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::testing {
namespace {

class BinaryCacheTest : public ::testing::Test {
 protected:
  // Private whatever the umask: a directory others may write to is not used at all.
  BinaryCacheTest() { std::filesystem::permissions(directory.path(), std::filesystem::perms::owner_all); }

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
  foreign[intact.find(options)] ^= 0x01;  // inside the key, which the checksum covers too
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

// A kernel that compiles in a fraction of the time of a GEMM: what these tests check is the file.
const KernelSource tiny_kernel{"tiny", "__kernel void fill(__global float* x) { x[get_global_id(0)] = VALUE; }",
                               "0123456789abcdef"};

// Files of the tiny kernel, compiled with -DVALUE=<value>, for the cache's own policy on what to trust.
class BinaryCacheTrustTest : public BinaryCacheTest {
 protected:
  static std::string value_option(int value) { return "-DVALUE=" + std::to_string(value) + ".0f"; }

  BinaryCacheStats look_up(BinaryCache& cache, int value = 1) {
    cache.get(context, entry.device, tiny_kernel, value_option(value));
    return cache.stats();
  }
  BinaryCacheStats look_up_afresh(int value = 1) {
    BinaryCache cache(directory.path());
    return look_up(cache, value);
  }

  // The lines `action` printed on stderr.
  template <typename Action>
  static std::string stderr_of(Action action) {
    ::testing::internal::CaptureStderr();
    action();
    return ::testing::internal::GetCapturedStderr();
  }

  static std::string ignored_line(const std::filesystem::path& file, const std::string& reason) {
    return "gemmtune: ignoring cached binary " + file.string() + ": " + reason + "\n";
  }

  static unsigned mode_of(const std::filesystem::path& path) {
    struct stat status {};
    EXPECT_EQ(::stat(path.c_str(), &status), 0) << path;
    return status.st_mode & 07777;
  }

  // The cache file, made another user's by `make_foreign` in the eyes of `cache`, is ignored and
  // rebuilt, with one line though it is asked for twice.
  void expect_foreign_file_ignored(BinaryCache& cache, const std::function<void()>& make_foreign, uid_t owner_seen) {
    const std::filesystem::path file = cache_file();
    BinaryCacheStats stats{};
    make_foreign();
    EXPECT_EQ(stderr_of([&] { stats = look_up(cache); }),
              ignored_line(file, "owned by uid " + std::to_string(owner_seen) + ", not this user"));
    EXPECT_EQ(stats.rejected, 1u);
    EXPECT_EQ(stats.built, 1u);
    EXPECT_EQ(stats.stored, 1u);

    make_foreign();  // the file rewritten is this user's again
    EXPECT_EQ(stderr_of([&] { stats = look_up(cache); }), "");
    EXPECT_EQ(stats.rejected, 2u);
    EXPECT_EQ(stats.built, 2u);
    EXPECT_EQ(stats.loaded, 0u);
    EXPECT_EQ(look_up_afresh().loaded, 1u);  // the last rewrite, loaded by a cache expecting this user
  }

  // Expects the file to have been ignored once, compiled and replaced by one a fresh cache loads.
  void expect_rebuilt(const BinaryCacheStats& stats, int value = 1) {
    EXPECT_EQ(stats.rejected, 1u);
    EXPECT_EQ(stats.built, 1u);
    EXPECT_EQ(stats.stored, 1u);
    EXPECT_EQ(stats.loaded, 0u);
    const BinaryCacheStats next = look_up_afresh(value);
    EXPECT_EQ(next.loaded, 1u);
    EXPECT_EQ(next.rejected, 0u);
  }
};

// A family whose program is remade from its PTX, on a device whose programs give no PTX with the
// marked instructions (PoCL: no PTX at all; NVIDIA: this kernel marks none): the build fails in
// one line naming the pass, and nothing is stored. The same source and options without the pass
// are another program, whose cached file the pass never loads.
TEST_F(BinaryCacheTrustTest, APtxPassTheDeviceCannotTakeIsABuildErrorAndNothingIsStored) {
  KernelSource retargeted = tiny_kernel;
  retargeted.ptx_target = "sm_90a";
  const auto expect_pass_refused = [&](BinaryCache& cache) {
    try {
      cache.get(context, entry.device, retargeted, value_option(1));
      ADD_FAILURE() << "the PTX pass took a program without marked instructions";
    } catch (const BuildError& error) {
      EXPECT_THAT(error.what(), ::testing::StartsWith("tiny: the PTX pass to sm_90a found no ")) << error.what();
    }
  };
  BinaryCache cache(directory.path());
  expect_pass_refused(cache);
  EXPECT_EQ(cache.stats().stored, 0u);
  EXPECT_TRUE(std::filesystem::is_empty(directory.path()));

  EXPECT_EQ(look_up(cache).stored, 1u);  // the program without the pass
  expect_pass_refused(cache);
  EXPECT_EQ(cache.stats().loaded, 0u);
  EXPECT_EQ(cache.stats().stored, 1u);
}

// Under a umask of 0, a directory made as most are (0777 less the umask) would be everyone's.
TEST_F(BinaryCacheTrustTest, DirectoriesItCreatesArePrivateWhateverTheUmask) {
  const mode_t umask_before = ::umask(0);
  const std::filesystem::path cache_directory = directory / "parent" / "cache";
  const BinaryCacheStats stats = [&] {
    BinaryCache cache(cache_directory);
    return look_up(cache);
  }();
  ::umask(umask_before);
  EXPECT_EQ(stats.stored, 1u);
  EXPECT_EQ(mode_of(directory / "parent"), 0700u);
  EXPECT_EQ(mode_of(cache_directory), 0700u);
}

// Exactly 0600: not more under a lax umask, nor less (unwritable) under one that takes owner bits.
TEST_F(BinaryCacheTrustTest, FilesItWritesAre0600WhateverTheUmask) {
  int value = 0;
  for (const mode_t umask : {mode_t{0}, mode_t{0277}}) {
    SCOPED_TRACE(umask);
    const mode_t umask_before = ::umask(umask);
    const BinaryCacheStats stats = look_up_afresh(++value);
    ::umask(umask_before);
    EXPECT_EQ(stats.stored, 1u);
  }
  for (const auto& file : std::filesystem::directory_iterator(directory.path())) EXPECT_EQ(mode_of(file.path()), 0600u);
}

TEST_F(BinaryCacheTrustTest, AFileOfAnotherUserIsIgnoredAndRebuiltWithOneLine) {
  look_up_afresh();
  // Without root no file can be given to another user: a cache expecting another owner sees this
  // user's files as another user's.
  BinaryCache cache(directory.path(), ::geteuid() + 1);
  expect_foreign_file_ignored(cache, [] {}, ::geteuid());
}

// As root (as in some CI containers), the file really is given to nobody.
TEST_F(BinaryCacheTrustTest, AFileChownedToAnotherUserIsIgnoredAndRebuiltWithOneLine) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a file to another user";
  look_up_afresh();
  const uid_t nobody = 65534;
  BinaryCache cache(directory.path());
  expect_foreign_file_ignored(cache, [&] { ASSERT_EQ(::chown(cache_file().c_str(), nobody, gid_t(-1)), 0); }, nobody);
}

TEST_F(BinaryCacheTrustTest, AFileWritableByOthersIsIgnoredAndRebuiltPrivate) {
  look_up_afresh();
  const std::filesystem::path file = cache_file();
  ASSERT_EQ(::chmod(file.c_str(), 0666), 0);
  BinaryCacheStats stats{};
  EXPECT_EQ(stderr_of([&] { stats = look_up_afresh(); }), ignored_line(file, "writable by group or others"));
  EXPECT_EQ(mode_of(file), 0600u);
  expect_rebuilt(stats);

  ASSERT_EQ(::chmod(file.c_str(), 0620), 0);  // group-writable: the same reason, not reported twice
  EXPECT_EQ(stderr_of([&] { stats = look_up_afresh(); }), "");
  expect_rebuilt(stats);
}

TEST_F(BinaryCacheTrustTest, AnotherKeysFileUnderThisNameIsIgnoredAsMadeForAnotherKey) {
  look_up_afresh(1);
  const std::filesystem::path file_of_1 = cache_file();
  look_up_afresh(2);
  std::filesystem::path file_of_2;
  for (const auto& file : std::filesystem::directory_iterator(directory.path()))
    if (file.path() != file_of_1) file_of_2 = file.path();
  ASSERT_FALSE(file_of_2.empty());

  db::testing::write_bytes(file_of_2, db::testing::read_bytes(file_of_1));  // intact, but another key's
  BinaryCacheStats stats{};
  EXPECT_EQ(stderr_of([&] { stats = look_up_afresh(2); }), ignored_line(file_of_2, "made for another key"));
  expect_rebuilt(stats, 2);
  EXPECT_EQ(look_up_afresh(1).loaded, 1u);  // the file copied is untouched
}

// The checksum covers the key too: a flipped byte there reads as damage, not as another program's file.
TEST_F(BinaryCacheTrustTest, AFlippedByteInTheBinaryOrInTheKeyFailsTheChecksum) {
  for (const int value : {1, 2}) {
    SCOPED_TRACE(value);
    look_up_afresh(value);
    std::filesystem::path file;
    for (const auto& entry : std::filesystem::directory_iterator(directory.path()))
      if (db::testing::read_bytes(entry.path()).find(value_option(value)) != std::string::npos) file = entry.path();
    ASSERT_FALSE(file.empty());
    std::string flipped = db::testing::read_bytes(file);
    const std::size_t in_key = flipped.find(value_option(value)) + std::string("-DVALUE=").size();
    const std::size_t in_binary = flipped.size() - 100;
    ASSERT_GT(in_binary, in_key);
    flipped[value == 1 ? in_binary : in_key] ^= 0x01;  // in the key: -DVALUE=3.0f, another program's
    db::testing::write_bytes(file, flipped);
    BinaryCacheStats stats{};
    EXPECT_EQ(stderr_of([&] { stats = look_up_afresh(value); }), ignored_line(file, "checksum mismatch"));
    expect_rebuilt(stats, value);
  }
}

// O_NOFOLLOW: a link is not followed, even to an intact file of this user; it is replaced.
TEST_F(BinaryCacheTrustTest, ASymbolicLinkIsIgnoredAndReplaced) {
  look_up_afresh();
  const std::filesystem::path file = cache_file();
  const db::testing::TemporaryDirectory elsewhere;
  std::filesystem::rename(file, elsewhere / "intact.bin");
  std::filesystem::create_symlink(elsewhere / "intact.bin", file);
  BinaryCacheStats stats{};
  EXPECT_EQ(stderr_of([&] { stats = look_up_afresh(); }), ignored_line(file, "a symbolic link"));
  EXPECT_TRUE(std::filesystem::is_regular_file(elsewhere / "intact.bin"));
  EXPECT_FALSE(std::filesystem::is_symlink(file));
  expect_rebuilt(stats);
}

TEST_F(BinaryCacheTrustTest, ADirectoryOthersMayWriteIsNeitherReadNorWritten) {
  look_up_afresh();
  const std::filesystem::path file = cache_file();
  const std::string bytes = db::testing::read_bytes(file);
  const auto written = std::filesystem::last_write_time(file);
  ASSERT_EQ(::chmod(directory.path().c_str(), 0777), 0);

  BinaryCache cache(directory.path());
  BinaryCacheStats stats{};
  const std::string printed = stderr_of([&] {
    look_up(cache, 1);
    stats = look_up(cache, 2);
  });
  EXPECT_EQ(printed, "gemmtune: ignoring binary cache directory " + directory.path().string() +
                         ": writable by group or others\n");
  EXPECT_EQ(stats.loaded, 0u);
  EXPECT_EQ(stats.built, 2u);
  EXPECT_EQ(stats.stored, 0u);
  EXPECT_EQ(stats.rejected, 2u);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()), {}), 1);
  EXPECT_EQ(db::testing::read_bytes(file), bytes);
  EXPECT_EQ(std::filesystem::last_write_time(file), written);
  EXPECT_EQ(mode_of(directory.path()), 0777u);  // left as it is: not the cache's to repair
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

// Where the implementation keeps programs itself (PoCL with its kernel cache, as on CI), the
// library asks for no binaries and writes no file; turned off, a second process loads the first
// one's binary. The calls go through the dispatcher, whose database holds a small configuration
// for the shape: with PoCL's cache off every process compiles what it runs, which for the CPU
// default's large tiles took 25 s a process.
TEST_F(BinaryCacheTest, SecondProcessLoadsTheFirstOnesBinaryWhereTheImplementationKeepsNoPrograms) {
  const db::testing::TemporaryDirectory database_directory;
  const std::filesystem::path database_path = database_directory / "tuning.db";
  {
    db::Database database(database_path, db::Database::Mode::ReadWrite);
    const KernelFamily& skinny = kernel_family("xgemm_skinny");
    const KernelConfig small = skinny.complete({{"WPTM", 1}, {"WPTN", 1}, {"LK", 1}, {"KWI", 1}, {"VWA", 1}, {"VWB", 1}});
    add_result(database, entry.fingerprint, testing::problem(41, 23, 57), small, 1e-3, skinny.source().hash, skinny.name());
  }
  ::setenv("GEMMTUNE_CACHE_DIR", directory.path().c_str(), 1);
  const std::string run = "run --size 41x23x57 --repeat 1 --db " + database_path.string();
  const bool implementation_keeps_programs = implementation_caches_programs(entry.device);
  if (implementation_keeps_programs) {
    ASSERT_EQ(run_gemmtune(run).exit_code, 0);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()), {}), 0);
    ::setenv("POCL_KERNEL_CACHE", "0", 1);
    EXPECT_FALSE(implementation_caches_programs(entry.device));
  }
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
  if (implementation_keeps_programs) ::unsetenv("POCL_KERNEL_CACHE");
  ::unsetenv("GEMMTUNE_CACHE_DIR");
}

}  // namespace
}  // namespace gemmtune::testing
