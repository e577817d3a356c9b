// Which candidate configuration a shape's next call runs while its first calls time them, and which one is kept.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

namespace gemmtune {

// The model ranks a shape it has not measured by predicted time, and its first choice is sometimes
// far from the fastest it could have made: over the H200's fp32 tuning, held-out problems ran
// their chosen configuration at 0.91 of the fastest measured there, the best of the model's first
// four at 0.98 (`gemmtune db model`). So the first calls of such a shape run the model's best few
// candidates in turn, each timed on the device, and once each has been timed `runs_each` times the
// fastest serves every later call. Every candidate computes the same product, so no call is wasted.
//
// Calls are issued before earlier ones finish: a candidate is issued `runs_each` times, and the
// times arrive later (record()). One thread at a time.
class CandidateTrials {
 public:
  CandidateTrials(std::size_t candidates, int runs_each);

  // Whether a candidate still waits to be issued: while none does, calls run the fastest so far
  // untimed, so that calls made faster than their times come in add no times to wait for.
  bool issuing() const;
  // The candidate the next call runs: one not yet issued `runs_each` times (in turn, so that a
  // change of the device's clock falls on all alike), else the fastest timed so far.
  std::size_t next();
  // A time of one of `candidate`'s calls, from its first command's start to its last one's end.
  void record(std::size_t candidate, double seconds);
  // A call of `candidate` whose time never came (a driver that gave none): it is issued again.
  void forget(std::size_t candidate);
  // A candidate that cannot run here (its program failed to build, its call failed): never
  // issued again and never kept. The first cannot be dropped: it is what runs without trials.
  void drop(std::size_t candidate);

  // Whether every candidate not dropped has been timed `runs_each` times.
  bool settled() const;
  // The candidate with the least time (its fastest call); the first while none was timed.
  std::size_t fastest() const;
  // `candidate`'s least time; infinite while it has none.
  double best_seconds(std::size_t candidate) const;
  std::size_t candidates() const { return issued_.size(); }
  // Calls timed so far, over all candidates.
  std::size_t timed_calls() const;

 private:
  int runs_each_;
  std::vector<int> issued_, timed_;
  std::vector<bool> dropped_;
  std::vector<double> best_;
  std::size_t turn_ = 0;
};

}  // namespace gemmtune
