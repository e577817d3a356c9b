// Tunes one problem on one device: the ask/tell loop between a strategy, the evaluator and the database.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "gemmtune/types.hpp"
#include "search/parameter_space.hpp"
#include "search/search_driver.hpp"
#include "tuner/evaluator.hpp"
#include "tuner/isolated_evaluator.hpp"

namespace gemmtune {

// The space a session of `family` searches on this device: the family's own candidates and
// choices, or those of `space_file` (see family_space()). The space depends on neither the problem
// nor the transpositions, so one enumeration serves every problem of a session. A space not
// enumerated within `seconds` (when given) is a ConfigError.
search::ParameterSpace tuning_space(const KernelFamily& family, const DeviceEntry& device, Precision precision,
                                    const std::optional<std::filesystem::path>& space_file,
                                    std::optional<double> seconds, const search::EnumerationProgress& progress = {});

struct TuningRequest {
  const KernelFamily* family = nullptr;  // the family tuned
  const search::ParameterSpace* space = nullptr;  // the family's, from tuning_space()
  DeviceEntry device;
  GemmArguments problem;  // dense: minimal leading dimensions, no offsets
  Precision precision = Precision::Single;
  std::filesystem::path database;
  std::string strategy;
  std::uint64_t seed = 1;
  search::Budget budget;
  EvaluatorOptions evaluator;
  // Candidates evaluated in worker processes taken from `workers` (isolated_evaluator.hpp), which
  // a command shares among its sessions. Empty: in this process, where a fault ends the session.
  struct Isolation {
    std::shared_ptr<WorkerSlot> workers;
    IsolationLimits limits;
  };
  std::optional<Isolation> isolation;
  std::string command_line;
};

struct TuningSummary {
  std::size_t evaluations = 0;  // counted by the budget (measured + replayed)
  std::size_t measured = 0;     // evaluated in this run (the kernel's defaults included, the first time)
  std::size_t replayed = 0;     // taken from the database (resume)
  std::size_t seeds = 0;        // configurations proposed before the strategy's own (seed_sources.hpp)
  std::size_t failed = 0;       // any status other than ok
  std::size_t crashed = 0, timed_out = 0;  // of these, measured in this run
  std::optional<WorkerStats> worker;       // when isolated
  std::uint64_t space_valid = 0, space_total = 0;
  double wall_seconds = 0;
  // When the best so far first came within 2% of the final best (seconds since the start).
  double seconds_to_within_2_percent = 0;
  std::optional<search::Evaluation> best;
  double best_gflops = 0;
};

// Progress after each evaluation: what was evaluated, how many so far of how many planned (the
// budget, or the space's size when smaller), the best GFLOP/s so far, what was recorded before
// this run included.
using ProgressCallback = std::function<void(const search::Evaluation&, std::size_t done, std::size_t planned,
                                            double best_gflops, double elapsed_seconds)>;

// Every evaluation is committed to the database as it completes; a configuration already recorded
// for this device, kernel source and problem is replayed from there instead of measured again.
// The kernel's default configuration is measured first (outside the evaluation budget, inside the
// time limit) unless recorded; the seeds (seed_sources.hpp) come next, then the strategy's own
// proposals. The strategy learns the seeds' measurements. SIGINT or SIGTERM (interruption.hpp) ends
// the session between two evaluations, recorded as ended, and is rethrown as Interrupted.
TuningSummary tune_problem(const TuningRequest& request, const ProgressCallback& progress = {});

}  // namespace gemmtune
