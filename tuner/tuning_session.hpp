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

namespace gemmtune {

struct TuningRequest {
  const KernelFamily* family = nullptr;  // the family tuned
  DeviceEntry device;
  GemmArguments problem;  // dense: minimal leading dimensions, no offsets
  Precision precision = Precision::Single;
  std::filesystem::path database;
  std::optional<std::filesystem::path> space_file;  // empty: the family's own candidates and choices
  std::string strategy;
  std::uint64_t seed = 1;
  search::Budget budget;
  EvaluatorOptions evaluator;
  std::string command_line;
};

struct TuningSummary {
  std::size_t evaluations = 0;  // counted by the budget (measured + replayed)
  std::size_t measured = 0;     // evaluated in this run (the kernel's defaults included, the first time)
  std::size_t replayed = 0;     // taken from the database (resume)
  std::size_t failed = 0;       // any status other than ok
  std::uint64_t space_valid = 0, space_total = 0;
  double wall_seconds = 0;
  // When the best so far first came within 2% of the final best (seconds since the start).
  double seconds_to_within_2_percent = 0;
  std::optional<search::Evaluation> best;
  double best_gflops = 0;
};

// Progress after each evaluation: what was evaluated, how many so far of how many planned (the
// budget, or the space's size when smaller), the best GFLOP/s so far.
using ProgressCallback = std::function<void(const search::Evaluation&, std::size_t done, std::size_t planned,
                                            double best_gflops, double elapsed_seconds)>;

// Every evaluation is committed to the database as it completes; a configuration already recorded
// for this device, kernel source and problem is replayed from there instead of measured again.
// The kernel's default configuration is measured first (outside the budget) unless recorded.
// Enumerating the space counts against the time limit; past it, a ConfigError and nothing recorded.
TuningSummary tune_problem(const TuningRequest& request, const ProgressCallback& progress = {},
                           const search::EnumerationProgress& enumeration_progress = {});

}  // namespace gemmtune
