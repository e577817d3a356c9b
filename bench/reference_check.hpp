// Checks each peer's C against a host GEMM in double on the operands the kernel saw: every row when quick, else a sample.
#pragma once

#include <string>
#include <vector>

#include "bench/peer.hpp"
#include "tuner/host_check.hpp"

namespace gemmtune::bench {

class Reference {
 public:
  // The reference multiplies, in double, the values the problem's precision multiplies: A and B as
  // stored (FP16 and BF16 decoded exactly), rounded to TF32 for tf32. A result may differ from it by
  // tolerance_unit(precision, K) (|op(A)| |op(B)|)(i, j): 2 (K + 2) eps of the precision, FP32's eps
  // for 3xtf32. Problems up to `full_check_volume` (M*N*K) are checked on every row; larger ones on
  // about 64 rows spread over C (first and last included), each on every column, so that a check
  // costs seconds, not minutes, on the host while every tile edge in N is still covered.
  Reference(const Problem& problem, double full_check_volume);
  // `c` holds the precision's storage type (a peer standing in with FP32 for 3xtf32 returns floats too).
  CheckResult check(const HostMatrix& c) const;
  // "all 1024 rows" or "65 of 8192 rows".
  std::string scope() const;

 private:
  Precision precision_ = Precision::Single;
  std::size_t m_ = 0, n_ = 0, k_ = 0, ldc_ = 0;
  std::vector<std::size_t> rows_;
  std::vector<double> expected_, magnitude_;  // the sampled rows, densely
};

}  // namespace gemmtune::bench
