// Measures one kernel configuration on one problem: build, run, verify against a reference, time.
#pragma once

#include <memory>
#include <optional>
#include <vector>
#include <string>

#include "core/kernel_family.hpp"
#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "gemmtune/types.hpp"
#include "search/measurement.hpp"

namespace gemmtune {

struct EvaluatorOptions {
  int timed_runs = 5;          // timed launches after the verified one; the median is kept
  double cut_factor = 1.25;    // a first timed run this much slower than the best so far ends it
  double timeout_seconds = 2;  // a verified run slower than this is a timeout (nothing more is run)
  // Threads compiling hinted configurations ahead; 0 on CPU devices, whose timings the compiler
  // would disturb. Empty: chosen from the device type and the host's cores.
  std::optional<std::size_t> compile_threads;
};

// Every outcome is a value: a failed compile, a failed launch, a wrong result or a timeout is
// recorded and reported, never thrown.
struct EvaluationOutcome {
  search::Status status = search::Status::ok;
  int runs = 0;                 // timed launches
  double min_seconds = 0, median_seconds = 0;
  double spread = 0;            // (max - min) / median over the timed launches
  double gflops = 0;            // from the median
  double compile_seconds = 0;  // near 0 when the binary came from the disk cache
  std::string error;            // what went wrong, one line (the build log's first lines for compiles)
};

// Holds the device buffers and the reference result of one problem (computed once, on the device,
// by the plain reference kernel), then evaluates configurations one after another.
class Evaluator {
 public:
  // `family` must outlive the evaluator.
  Evaluator(const KernelFamily& family, const DeviceEntry& device, const GemmArguments& problem,
            Precision precision, EvaluatorOptions options = {});
  ~Evaluator();

  EvaluationOutcome evaluate(const KernelConfig& config);
  // Hints: configurations likely to be evaluated soon, compiled in the background meanwhile.
  void prefetch(const std::vector<KernelConfig>& configs);
  // The fastest median seen so far (cuts slower candidates after their first timed run).
  void note_best(double median_seconds);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gemmtune
