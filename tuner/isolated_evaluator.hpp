// Evaluates candidates in a supervised worker process: a crash or a hang costs one candidate.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "tuner/candidate_evaluator.hpp"
#include "tuner/worker_protocol.hpp"

namespace gemmtune {

class ChildProcess;

// The limits past which a worker is killed and its candidate recorded as a timeout.
struct IsolationLimits {
  double prepare_seconds = 300;   // to start and prepare the problem (context, data, reference)
  double compile_seconds = 120;   // to build one candidate
  // To run one: max(run_factor x the best median so far, run_floor_seconds) per call, for the
  // first call with its check (plus compile_seconds where the driver compiles at the first launch),
  // then for the timed calls.
  double run_floor_seconds = 2;
  double run_factor = 20;
};

// What isolation cost and caught in one session.
struct WorkerStats {
  std::size_t prepared = 0;      // problem preparations: the first, and one in a fresh worker after each fault
  double prepare_seconds = 0;    // waiting for them (a fresh worker's driver start-up included)
  double message_seconds = 0;    // round trips beyond the workers' own time evaluating
  std::size_t retried = 0;       // crashes, or first calls past their limit, while compiling ahead: run again alone
};

// A worker process kept between the sessions of one `tune` command: the driver is initialised
// once per command, while the command still enumerates its spaces (start_early()), and each
// session prepares its problem in the worker the previous one left, or in a fresh one.
class WorkerSlot {
 public:
  explicit WorkerSlot(std::filesystem::path program);
  ~WorkerSlot();
  WorkerSlot(const WorkerSlot&) = delete;
  WorkerSlot& operator=(const WorkerSlot&) = delete;

  // Starts a worker now, if none waits; it initialises the driver meanwhile.
  void start_early();
  // The waiting worker, or a new one.
  std::unique_ptr<ChildProcess> take();
  // A worker still alive after its session, for the next one.
  void keep(std::unique_ptr<ChildProcess> worker);
  const std::filesystem::path& program() const { return program_; }

 private:
  std::filesystem::path program_;
  std::unique_ptr<ChildProcess> waiting_;
};

// The session stays in this process; compiling, running, checking and timing happen in a worker
// (`gemmtune worker`, taken from `slot`) that is replaced after a fault:
// - a worker that dies while evaluating (any signal, any exit) records `crashed`; when it was also
//   compiling hinted candidates ahead, the crash might be theirs, so the candidate is evaluated
//   once more in a fresh worker with nothing compiled ahead, and the hinted ones are compiled only
//   when their turn comes from then on;
// - a worker past a limit (IsolationLimits) is killed and records `timeout`;
// - a failed launch ends the worker too (the context may be unusable), after recording it.
// A worker that cannot prepare the problem is an Error (nothing can be measured). Interruptions
// (interruption.hpp) are noticed while waiting and thrown as Interrupted; the worker is killed.
class IsolatedEvaluator : public CandidateEvaluator {
 public:
  IsolatedEvaluator(std::shared_ptr<WorkerSlot> slot, WorkerSetup setup, IsolationLimits limits);
  ~IsolatedEvaluator() override;

  EvaluationOutcome evaluate(const KernelConfig& config) override;
  void prefetch(const std::vector<KernelConfig>& configs) override;
  void note_best(double median_seconds) override;

  const WorkerStats& stats() const { return stats_; }

 private:
  struct Attempt;
  Attempt attempt(const WorkerRequest& request);
  void start();
  double call_limit() const;

  std::shared_ptr<WorkerSlot> slot_;
  WorkerSetup setup_;
  IsolationLimits limits_;
  std::unique_ptr<ChildProcess> worker_;
  std::vector<KernelConfig> hints_;
  std::set<std::string> suspects_;  // keys of candidates compiled ahead when a worker crashed
  std::uint64_t ordinal_ = 0;
  double best_seconds_;
  WorkerStats stats_;
};

}  // namespace gemmtune
