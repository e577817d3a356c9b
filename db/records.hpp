// The values the tuning database stores and returns, free of SQL and of OpenCL.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gemmtune::db {

// Kernel parameter name -> value. std::map so that the canonical key is sorted by name.
using KernelConfig = std::map<std::string, std::int64_t>;

// A device fingerprint as stored; the keys are computed from the fields (db/device_keys.hpp), also
// when stored. `key` identifies the row.
struct DeviceRecord {
  std::string platform, vendor, name, driver_version, opencl_c_version, type;
  std::uint32_t compute_units = 0, clock_mhz = 0;
  std::uint64_t global_mem_bytes = 0, local_mem_bytes = 0, max_work_group_size = 0;
  std::string model_key, key;
  // What the driver calls the device's architecture ("sm_90" on NVIDIA), "" where it says nothing:
  // information, not part of the keys; devices of one architecture_key() are siblings.
  std::string architecture;

  friend bool operator==(const DeviceRecord&, const DeviceRecord&) = default;
};

// One version of a kernel family: its results are keyed by both, and the dispatcher reads only
// those of the source it runs.
struct KernelVersion {
  std::string name, hash;
};

struct ProblemRecord {
  std::string precision = "fp32";  // a code of the precision table (core/precision.hpp)
  std::string layout = "row";  // "row" | "col"
  std::string trans = "NN";    // "NN" | "NT" | "TN" | "TT"
  std::int64_t m = 0, n = 0, k = 0;

  friend bool operator==(const ProblemRecord&, const ProblemRecord&) = default;
};

// "MxNxK TRANS layout precision": how reports and messages name a recorded problem.
inline std::string problem_text(const ProblemRecord& p) {
  return std::to_string(p.m) + "x" + std::to_string(p.n) + "x" + std::to_string(p.k) + " " + p.trans + " " + p.layout +
         " " + p.precision;
}

struct SessionRecord {
  std::string command_line, strategy, tool_version;
  std::uint64_t seed = 0;  // stored as its 64-bit two's-complement bit pattern
  std::int64_t budget = 0;
  double time_limit = 0;   // seconds; 0 = none

  friend bool operator==(const SessionRecord&, const SessionRecord&) = default;
};

// One measured (or failed) configuration.
struct EvaluationRecord {
  KernelConfig config;
  std::string status;  // one of known_statuses()
  int runs = 0;
  double min_seconds = 0, median_seconds = 0;
  double spread = 0;  // (max - min) / median over the runs: 0.05 means the runs span 5% of the median
  double gflops = 0;
  double compile_seconds = 0;
  std::string error;        // empty when status is ok
  std::string recorded_at;  // ISO-8601 UTC, set by the database; ignored by Database::record()

  friend bool operator==(const EvaluationRecord&, const EvaluationRecord&) = default;
};

// A session as stored, with what the database adds.
struct StoredSession {
  SessionRecord record;
  std::string uid;         // random, unique across databases, so that merges keep sessions apart
  std::string started_at;  // ISO-8601 UTC
  std::string ended_at;    // empty while running (or when the tuner was killed)

  friend bool operator==(const StoredSession&, const StoredSession&) = default;
};

// One evaluation with everything it refers to: the unit of export, import and merge.
struct StoredEvaluation {
  DeviceRecord device;
  std::string kernel_name, kernel_hash;
  ProblemRecord problem;
  std::optional<StoredSession> session;
  EvaluationRecord evaluation;

  friend bool operator==(const StoredEvaluation&, const StoredEvaluation&) = default;
};

// One size of a crossover measurement: the median of the timed calls of each path, in seconds.
struct CrossoverTiming {
  std::int64_t size = 0;  // M = N = K
  double host_seconds = 0, device_seconds = 0;

  friend bool operator==(const CrossoverTiming&, const CrossoverTiming&) = default;
};

// Where the drop-in BLAS's device path (operands copied in and out) overtakes the host BLAS, for
// one device and precision.
struct CrossoverRecord {
  std::string precision = "fp32";         // "fp32" | "fp64"
  std::optional<std::int64_t> crossover;  // the smallest size from which the device is faster at
                                          // every measured size; none: never faster up to the largest
  int repeats = 0;                        // timed calls per path and size
  std::string host_blas;                  // the host BLAS library measured against
  std::vector<CrossoverTiming> timings;   // by size, ascending; at least one
  std::string measured_at;                // ISO-8601 UTC, set by the database when recorded

  std::int64_t largest_size() const { return timings.empty() ? 0 : timings.back().size; }
  friend bool operator==(const CrossoverRecord&, const CrossoverRecord&) = default;
};

// A crossover with its device: the unit of inspection and merge.
struct StoredCrossover {
  DeviceRecord device;
  CrossoverRecord crossover;

  friend bool operator==(const StoredCrossover&, const StoredCrossover&) = default;
};

// The statuses an evaluation may have, in the schema's order; the schema refuses any other.
const std::vector<std::string>& known_statuses();
bool is_known_status(const std::string& status);

}  // namespace gemmtune::db
