// The in-memory program cache's threading, with a counting builder in place of a compiler: other
// programs are built while one is, and one program asked for by several threads is built once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <latch>
#include <thread>
#include <vector>

#include "dispatch/program_cache.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::testing {
namespace {

const KernelSource source{"test", "kernel void test() {}", "0123456789abcdef"};

// Builds nothing: the cache only keeps and hands out what its builder made.
cl::Program no_program() { return cl::Program(); }

TEST(ProgramCache, OtherProgramsAreBuiltWhileOneIsBeingBuilt) {
  const cl::Context context;
  const cl::Device device;
  std::atomic<int> builds{0};
  std::future<cl::Program> second;
  bool second_done_during_first = false;
  ProgramCache* cache_in_builder = nullptr;
  ProgramCache cache([&](const cl::Context&, const cl::Device&, const KernelSource&, const std::string& options) {
    ++builds;
    if (options == "-DFIRST") {
      second = std::async(std::launch::async, [&] { return cache_in_builder->get(context, device, source, "-DSECOND"); });
      // Only bounds a wait that a cache holding its lock across builds would never end.
      second_done_during_first = second.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
    }
    return no_program();
  });
  cache_in_builder = &cache;
  cache.get(context, device, source, "-DFIRST");
  second.get();
  EXPECT_TRUE(second_done_during_first);
  EXPECT_EQ(builds, 2);
}

TEST(ProgramCache, OneProgramAskedForByManyThreadsAtOnceIsBuiltOnce) {
  constexpr int threads = 8;
  const cl::Context context;
  const cl::Device device;
  std::atomic<int> builds{0};
  std::latch all_asking(threads);
  ProgramCache cache([&](const cl::Context&, const cl::Device&, const KernelSource&, const std::string&) {
    ++builds;
    all_asking.wait();  // every other thread has asked, or is about to, while this build is in flight
    return no_program();
  });
  std::vector<std::thread> callers;
  for (int t = 0; t < threads; ++t)
    callers.emplace_back([&] {
      all_asking.count_down();
      cache.get(context, device, source, "-DSAME");
    });
  for (auto& caller : callers) caller.join();
  EXPECT_EQ(builds, 1);
  cache.get(context, device, source, "-DSAME");
  EXPECT_EQ(builds, 1);
  cache.get(context, device, source, "-DOTHER");
  EXPECT_EQ(builds, 2);
}

TEST(ProgramCache, AFailedBuildReachesItsCallerAndIsTriedAgain) {
  const cl::Context context;
  const cl::Device device;
  int builds = 0;
  ProgramCache cache([&](const cl::Context&, const cl::Device&, const KernelSource&, const std::string&) {
    if (++builds == 1) throw BuildError("test failed to compile", "log");
    return no_program();
  });
  EXPECT_THROW(cache.get(context, device, source, "-DX"), BuildError);
  EXPECT_NO_THROW(cache.get(context, device, source, "-DX"));
  EXPECT_NO_THROW(cache.get(context, device, source, "-DX"));
  EXPECT_EQ(builds, 2);
}

// A program rebuilt from its retargeted PTX is built without options (its architecture is in its
// text, and an -cl-nv-arch would contradict it); any other program with its source's.
TEST(ProgramCache, BinaryBuildsAfterAPtxPassTakeNoOptions) {
  const std::string options = "-DPRECISION=16 -DBN=128 -cl-nv-arch sm_90";
  EXPECT_EQ(binary_build_options(source, options), options);
  KernelSource retargeted = source;
  retargeted.ptx_target = "sm_90a";
  EXPECT_EQ(binary_build_options(retargeted, options), "");
}

// The same source and options with and without a PTX pass are two programs.
TEST(ProgramCache, APtxPassIsPartOfTheKey) {
  const cl::Context context;
  const cl::Device device;
  int builds = 0;
  ProgramCache cache([&](const cl::Context&, const cl::Device&, const KernelSource&, const std::string&) {
    ++builds;
    return no_program();
  });
  KernelSource retargeted = source;
  retargeted.ptx_target = "sm_90a";
  cache.get(context, device, source, "-DX=1");
  cache.get(context, device, retargeted, "-DX=1");
  cache.get(context, device, retargeted, "-DX=1");
  EXPECT_EQ(builds, 2);
}

}  // namespace
}  // namespace gemmtune::testing
