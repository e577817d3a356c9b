// gemmtune pins PoCL's workers only where the user left POCL_AFFINITY unset and every CPU is allowed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

#include "tuner/pocl_affinity.hpp"

namespace gemmtune::cli {
namespace {

cpu_set_t cpus(std::initializer_list<int> members) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : members) CPU_SET(cpu, &set);
  return set;
}

TEST(PoclAffinity, NeedsEveryOnlineCpuFromZero) {
  EXPECT_TRUE(allows_every_online_cpu(cpus({0, 1}), 2));
  EXPECT_TRUE(allows_every_online_cpu(cpus({0, 1, 2}), 2));
  EXPECT_FALSE(allows_every_online_cpu(cpus({0}), 2));     // taskset -c 0 on two CPUs
  EXPECT_FALSE(allows_every_online_cpu(cpus({2, 3}), 2));  // another job's CPUs
  EXPECT_FALSE(allows_every_online_cpu(cpus({0, 1}), 0));
}

// Restores POCL_AFFINITY as it was when the test began.
class PoclAffinityEnvironment : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* value = std::getenv("POCL_AFFINITY")) saved_ = value;
  }
  void TearDown() override {
    if (saved_) setenv("POCL_AFFINITY", saved_->c_str(), 1);
    else unsetenv("POCL_AFFINITY");
  }

 private:
  std::optional<std::string> saved_;
};

TEST_F(PoclAffinityEnvironment, SetsItWhereUnsetAndEveryCpuIsAllowed) {
  unsetenv("POCL_AFFINITY");
  cpu_set_t allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof(allowed), &allowed), 0);
  if (!this_thread_may_run_on_every_cpu()) GTEST_SKIP() << "this process runs on a CPU set";
  EXPECT_TRUE(pin_pocl_workers());
  ASSERT_NE(std::getenv("POCL_AFFINITY"), nullptr);
  EXPECT_STREQ(std::getenv("POCL_AFFINITY"), "1");
}

TEST_F(PoclAffinityEnvironment, KeepsTheUsersChoice) {
  setenv("POCL_AFFINITY", "0", 1);
  EXPECT_FALSE(pin_pocl_workers());
  EXPECT_STREQ(std::getenv("POCL_AFFINITY"), "0");
}

TEST_F(PoclAffinityEnvironment, LeavesItUnsetOnACpuSet) {
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) GTEST_SKIP() << "one CPU: no CPU set leaves one out";
  unsetenv("POCL_AFFINITY");
  bool set = true;
  // The affinity of this thread alone, as taskset gives a whole process.
  std::thread restricted([&] {
    const cpu_set_t last = cpus({static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1});
    if (sched_setaffinity(0, sizeof(last), &last) == 0) set = pin_pocl_workers();
  });
  restricted.join();
  EXPECT_FALSE(set);
  EXPECT_EQ(std::getenv("POCL_AFFINITY"), nullptr);
}

}  // namespace
}  // namespace gemmtune::cli
