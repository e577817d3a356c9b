// Test support for isolated evaluations: a session of a test-only family whose candidates are cheap
// to compile, evaluated in `gemmtune worker` processes with faults injected.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "tests/support/process.hpp"
#include "tests/tune/test_families.hpp"
#include "tuner/tuning_session.hpp"

namespace gemmtune::testing {

namespace fs = std::filesystem;

// tests/data/families/plain.json: a plain GEMM whose 512 candidates differ only in a define.
inline const KernelFamily& plain_family() {
  static const KernelFamily family = test_family("plain", "faulty.cl");
  return family;
}

// A session of the plain family on a small problem, isolated, with `faults` (GEMMTUNE_TEST_FAULTS).
class IsolatedSession {
 public:
  IsolatedSession(const fs::path& directory, const std::string& faults, std::size_t budget)
      : space_(tuning_space(plain_family(), device_, Precision::Single, std::nullopt, std::nullopt)) {
    ::setenv("GEMMTUNE_TEST_FAULTS", faults.c_str(), 1);
    request_.family = &plain_family();
    request_.space = &space_;
    request_.device = device_;
    request_.problem = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 24, 16, 8);
    request_.database = directory / "tuning.db";
    request_.strategy = "random";
    request_.budget.evaluations = budget;
    request_.evaluator.timed_runs = 1;
    request_.evaluator.timeout_seconds = 1;
    // A hang then costs 2 s in its first call (plus the compile limit, as PoCL compiles then).
    request_.isolation = TuningRequest::Isolation{std::make_shared<WorkerSlot>(gemmtune_binary()), {}};
    request_.isolation->limits.compile_seconds = 4;
    request_.isolation->limits.run_floor_seconds = 1;
  }
  ~IsolatedSession() { ::unsetenv("GEMMTUNE_TEST_FAULTS"); }

  TuningRequest& request() { return request_; }
  TuningSummary run() { return tune_problem(request_); }
  // In the order recorded, which is the order the session sent them to its workers.
  std::vector<db::StoredEvaluation> recorded() const {
    return db::Database(request_.database, db::Database::Mode::ReadOnly).all_evaluations();
  }

 private:
  DeviceEntry device_ = select_device("");
  search::ParameterSpace space_;
  TuningRequest request_;
};

}  // namespace gemmtune::testing
