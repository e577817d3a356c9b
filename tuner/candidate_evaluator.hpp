// What a tuning session asks of whatever measures its candidates, in its own process or in a worker.
#pragma once

#include <string>
#include <vector>

#include "gemmtune/types.hpp"
#include "search/measurement.hpp"

namespace gemmtune {

// Every outcome is a value: a failed compile, a failed launch, a wrong result, a timeout or a
// crashed worker is recorded and reported, never thrown.
struct EvaluationOutcome {
  search::Status status = search::Status::ok;
  int runs = 0;                 // timed launches
  double min_seconds = 0, median_seconds = 0;
  double spread = 0;            // (max - min) / median over the timed launches
  double gflops = 0;            // from the median
  double compile_seconds = 0;  // near 0 when the binary came from the disk cache
  std::string error;            // what went wrong, one line (the build log's first lines for compiles)
};

class CandidateEvaluator {
 public:
  virtual ~CandidateEvaluator() = default;
  virtual EvaluationOutcome evaluate(const KernelConfig& config) = 0;
  // Hints: configurations likely to be evaluated soon, compiled in the background meanwhile.
  virtual void prefetch(const std::vector<KernelConfig>& configs) = 0;
  // The fastest median seen so far (cuts slower candidates after their first timed run).
  virtual void note_best(double median_seconds) = 0;
};

}  // namespace gemmtune
