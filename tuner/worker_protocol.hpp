// The messages between a tuning session and its evaluation worker: one JSON object per line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/kernel_family.hpp"
#include "dispatch/gemm_problem.hpp"
#include "gemmtune/types.hpp"
#include "tuner/evaluator.hpp"

namespace gemmtune {

// What a worker needs to evaluate candidates: it makes the same family, finds the same device and
// prepares the same problem with the same random data.
struct WorkerSetup {
  std::string family_description, family_origin;  // KernelFamily::from_json()'s arguments
  KernelSource family_source;
  std::size_t device_index = 0;
  bool compiles_at_first_launch = false;  // the driver's first call of a kernel includes a compile (PoCL)
  std::string device_key;      // the fingerprint key, which the worker's device must have
  GemmArguments problem;
  Precision precision = Precision::Single;
  EvaluatorOptions options;
};

// One candidate: `ordinal` numbers the candidates a session sends (from 1), for fault injection.
struct WorkerRequest {
  std::uint64_t ordinal = 0;
  KernelConfig config;
  std::optional<double> best_seconds;  // the session's fastest median so far
  std::vector<KernelConfig> hints;     // likely next candidates, compiled ahead
};

// From the worker: ready (prepared, `seconds` it took), compiled (the candidate's build is over: it
// runs next), verified (its first call is checked: the timed calls come next), outcome (`seconds` the evaluation took in the worker; `ends`: the worker exits after
// it, since its context may be unusable), failed (it cannot prepare: `error` says why).
struct WorkerReply {
  enum class Kind { ready, compiled, verified, outcome, failed } kind = Kind::ready;
  double seconds = 0;
  EvaluationOutcome outcome;
  bool ends = false;
  std::string error;
};

// A worker reads setups and requests on one pipe: a setup prepares a new problem.
bool is_setup(const std::string& line);

std::string encode(const WorkerSetup& setup);
std::string encode(const WorkerRequest& request);
std::string encode(const WorkerReply& reply);
// Each throws gemmtune::Error naming what is wrong with a line that is not such a message.
WorkerSetup decode_setup(const std::string& line);
WorkerRequest decode_request(const std::string& line);
WorkerReply decode_reply(const std::string& line);

}  // namespace gemmtune
