// When a candidate's timing may stop after its first timed run: it is clearly slower than the best.
#pragma once

namespace gemmtune {

// True where both the verified run (the candidate's first call, timed as the others are) and the
// first timed run took more than `cut_factor` times the best time so far. One slow run alone is not
// enough: a call stalled once ran for 0.14 to 1.4 s where its configuration takes 63 us to 3 ms
// (the H200, 2026-11-24 and 2026-11-28, bench/results/2026-11-28_h200-fp64-large-tiles/), and the
// time of such a run, recorded as the candidate's, misled the performance model's choices.
inline bool clearly_slower(double verified_seconds, double first_timed_seconds, double best_seconds,
                           double cut_factor) {
  const double limit = cut_factor * best_seconds;
  return verified_seconds > limit && first_timed_seconds > limit;
}

}  // namespace gemmtune
