// Shared fixtures of the dispatcher tests: crafted tuning databases for a made-up or real device.
#pragma once

#include <string>

#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune::testing {

inline db::ProblemRecord problem(std::int64_t m, std::int64_t n, std::int64_t k, const std::string& precision = "fp32",
                                 const std::string& trans = "NN", const std::string& layout = "row") {
  return {precision, layout, trans, m, n, k};
}

// Records one ok evaluation of `config` taking `seconds`, for the current source of `family` unless
// another hash is given.
inline void add_result(db::Database& database, const DeviceFingerprint& device, const db::ProblemRecord& p,
                       const KernelConfig& config, double seconds = 1e-3,
                       const std::string& kernel_hash = kernel_family("xgemm").source().hash,
                       const std::string& family = "xgemm") {
  db::EvaluationRecord evaluation;
  evaluation.config = config;
  evaluation.status = "ok";
  evaluation.runs = 3;
  evaluation.min_seconds = evaluation.median_seconds = seconds;
  evaluation.gflops = 2.0 * p.m * p.n * p.k / seconds * 1e-9;
  database.record(0, database.device_id(device_record(device)), database.kernel_id(family, kernel_hash),
                  database.problem_id(p), evaluation);
}

}  // namespace gemmtune::testing
