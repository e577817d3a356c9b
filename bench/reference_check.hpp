// Checks each peer's C against OpenBLAS on the host: every row when that is quick, a sample of rows otherwise.
#pragma once

#include <string>
#include <vector>

#include "bench/peer.hpp"
#include "tuner/host_check.hpp"

namespace gemmtune::bench {

class Reference {
 public:
  // Problems up to `full_check_volume` (M*N*K) are checked on every row; larger ones on about 64
  // rows spread over C (first and last included), each on every column, so that a check costs
  // seconds, not minutes, on the host while every tile edge in N is still covered.
  Reference(const Problem& problem, double full_check_volume);
  CheckResult check(const std::vector<float>& c) const;
  // "all 1024 rows" or "65 of 8192 rows".
  std::string scope() const;

 private:
  std::size_t m_ = 0, n_ = 0, ldc_ = 0;
  std::vector<std::size_t> rows_;
  GemmArguments rows_problem_;  // the sampled rows as a dense row-major NN problem
  std::vector<float> expected_, magnitude_;
};

}  // namespace gemmtune::bench
