// Measures one kernel configuration on one problem: build, run, verify against a reference, time.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>
#include <string>

#include "core/kernel_family.hpp"
#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "gemmtune/types.hpp"
#include "tuner/candidate_evaluator.hpp"

namespace gemmtune {

struct EvaluatorOptions {
  int timed_runs = 5;          // timed launches after the verified one; the median is kept
  double cut_factor = 1.25;    // a first timed run this much slower than the best so far ends it,
                               // where the verified run was too (tuner/early_cut.hpp)
  double timeout_seconds = 2;  // a verified run slower than this is a timeout (nothing more is run)
  // Threads compiling hinted configurations ahead; 0 on CPU devices, whose timings the compiler
  // would disturb. Empty: chosen from the device type and the host's cores.
  std::optional<std::size_t> compile_threads;
};

// Where an evaluation stands: its program built (it runs next), its first call verified and within
// the limit (the timed calls come next).
enum class EvaluationPhase { built, verified };
using PhaseCallback = std::function<void(EvaluationPhase)>;

// The threads compiling ahead on `device` under `options`.
std::size_t compile_threads(const DeviceEntry& device, const EvaluatorOptions& options);

// Holds the device buffers and the reference result of one problem (computed once, on the device,
// by the plain reference kernel), then evaluates configurations one after another, in this process.
class Evaluator : public CandidateEvaluator {
 public:
  // `family` must outlive the evaluator.
  Evaluator(const KernelFamily& family, const DeviceEntry& device, const GemmArguments& problem,
            Precision precision, EvaluatorOptions options = {});
  ~Evaluator() override;

  EvaluationOutcome evaluate(const KernelConfig& config) override { return evaluate(config, {}); }
  // `reached` is called as the candidate reaches each phase that succeeds (evaluator phases).
  EvaluationOutcome evaluate(const KernelConfig& config, const PhaseCallback& reached);
  void prefetch(const std::vector<KernelConfig>& configs) override;
  void note_best(double median_seconds) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gemmtune
