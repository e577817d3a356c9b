// One validation of what enters the tuning database or leaves it for the dispatcher: the fields of
// devices, problems, configurations and results, without any kernel's rules (db/ knows none).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "db/records.hpp"

namespace gemmtune::db {

// Each returns the first problem as one line naming the field ("gflops: -5 is not a positive
// finite number"), or nothing when the record is sound.

// type one of gpu, cpu, accelerator, other; compute units and work-group size at least 1; sizes
// that fit SQLite's signed 64-bit integers.
std::optional<std::string> invalid_device(const DeviceRecord& device);

// precision a code of the precision table (fp32, fp64, ...), layout row or col, trans NN, NT, TN or TT, m, n and k at least 1.
std::optional<std::string> invalid_problem(const ProblemRecord& problem);

// Parameter names are identifiers (they become -D defines and key text); `key` is the
// configuration's canonical key (config_key()), as the file or the row states it.
std::optional<std::string> invalid_config(const KernelConfig& config, std::string_view key);

// A known status; for ok at least one run and times and GFLOP/s positive and finite, the minimum
// no more than the median; for a failure none of them negative or non-finite; recorded_at empty
// (now) or ISO-8601 UTC.
std::optional<std::string> invalid_results(const EvaluationRecord& evaluation);

// A non-empty uid and a finite, non-negative time limit.
std::optional<std::string> invalid_session(const StoredSession& session);

// Everything above, for one evaluation with what it refers to (import, merge).
std::optional<std::string> invalid_evaluation(const StoredEvaluation& stored, std::string_view config_key);

// precision fp32 or fp64, at least one repeat, a host BLAS named, timings by strictly ascending
// size (at least 1) with positive finite times, the crossover the one crossover_size() finds in
// them, measured_at empty (now) or ISO-8601 UTC.
std::optional<std::string> invalid_crossover(const CrossoverRecord& crossover);

// A best configuration as the dispatcher's queries return it: problem, configuration and key,
// runs, times and GFLOP/s.
std::optional<std::string> invalid_best(const TunedBest& best);

}  // namespace gemmtune::db
