// Test support: runs one GEMM on the default OpenCL device (PoCL in CI) and checks it with OpenBLAS.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/program_cache.hpp"
#include "gemmtune/handle.hpp"
#include "tuner/host_check.hpp"

namespace gemmtune::testing {

// A context and queue on the default device.
struct DeviceContext {
  DeviceEntry entry = select_device("");
  cl::Context context{entry.device};
  cl::CommandQueue queue{context, entry.device};
  DeviceLimits limits = limits_of(entry.device);
  ProgramCache programs;
};

// The test program's one DeviceContext, made at its first use: every suite's programs are compiled
// once and shared.
DeviceContext& shared_device();

struct GemmCase {
  GemmArguments arguments;
  double alpha = 1, beta = 0;
  bool nan_in_c = false;  // fill C with NaN (only meaningful with beta == 0)
  // With a configuration: the transpositions it runs under after the transposition pre-pass
  // (ConfigChoice::runs_trans), in the call's layout.
  std::optional<std::string> runs_trans = std::nullopt;
};

// `config` empty: through a Handle (the dispatcher) reading `database` (by default none: the
// built-in defaults). Otherwise: that configuration of `family` directly, the way the tuner runs
// candidates. A, B and C hold `precision`'s storage type; the result is checked against OpenBLAS
// (check_against_openblas).
CheckResult run_and_check(DeviceContext& device, Precision precision, const GemmCase& test,
                          const std::optional<KernelConfig>& config = std::nullopt,
                          const std::string& family = "xgemm",
                          const std::filesystem::path& database = "/nonexistent/gemmtune-test.db");

// The same in single (float) or double precision.
template <typename Real>
CheckResult run_and_check(DeviceContext& device, const GemmCase& test,
                          const std::optional<KernelConfig>& config = std::nullopt,
                          const std::string& family = "xgemm") {
  return run_and_check(device, sizeof(Real) == 8 ? Precision::Double : Precision::Single, test, config, family);
}

}  // namespace gemmtune::testing
