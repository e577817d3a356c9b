// Two writer processes on one file at once: every evaluation of both is stored, none lost.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#include "db/database.hpp"
#include "db_test_support.hpp"

namespace gemmtune::db {
namespace {

using testing::sample_device;
using testing::sample_problem;

constexpr int evaluations_per_writer = 150;

// The child's whole life: open (creating and migrating the file if first), record, exit.
// Exits 0 when every evaluation was newly stored; never returns.
[[noreturn]] void write_as_child(const std::filesystem::path& path, int writer) {
  int code = 0;
  try {
    Database database(path, Database::Mode::ReadWrite);
    // Both writers share the problem and kernel; each has its own device (two tuners, two GPUs)
    // and they also write the same device's shared problem rows with disjoint configurations.
    const auto kernel = database.kernel_id("xgemm", "hash");
    const auto problem = database.problem_id(sample_problem());
    const auto own_device = database.device_id(sample_device("GPU " + std::to_string(writer)));
    const auto shared_device = database.device_id(sample_device("Shared GPU"));
    const auto session = database.begin_session({"test", "random", "0", 1, 0, 0}, own_device, kernel);
    for (int i = 0; i < evaluations_per_writer; ++i) {
      EvaluationRecord evaluation = testing::sample_evaluation(i, writer, 0.001 + i * 1e-6);
      if (!database.record(session, own_device, kernel, problem, evaluation)) code = 3;
      if (!database.record(session, shared_device, kernel, problem, evaluation)) code = 3;
    }
    database.end_session(session);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "writer %d: %s\n", writer, error.what());
    code = 2;
  }
  std::fflush(stderr);
  _exit(code);
}

TEST(ConcurrentWriters, TwoProcessesOnANewFileLoseNothing) {
  testing::TemporaryDirectory directory;
  const auto path = directory / "shared.db";
  std::vector<pid_t> children;
  for (int writer = 0; writer < 2; ++writer) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) write_as_child(path, writer);
    children.push_back(child);
  }
  for (const pid_t child : children) {
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
  }
  Database database(path, Database::Mode::ReadOnly);
  EXPECT_EQ(database.all_evaluations().size(), 4u * evaluations_per_writer);
  EXPECT_EQ(database.devices().size(), 3u);
  for (const auto& summary : database.problem_summaries()) {
    const bool shared = summary.device_key == sample_device("Shared GPU").key;
    EXPECT_EQ(summary.evaluations, (shared ? 2 : 1) * evaluations_per_writer) << summary.device_key;
  }
  EXPECT_EQ(database.integrity_check(), std::vector<std::string>{"ok"});
}

}  // namespace
}  // namespace gemmtune::db
