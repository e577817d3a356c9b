// Which candidate configuration a shape's next call runs while its first calls time them, and which one is kept.
#include "dispatch/candidate_trials.hpp"

#include <algorithm>
#include <stdexcept>

namespace gemmtune {

CandidateTrials::CandidateTrials(std::size_t candidates, int runs_each)
    : runs_each_(std::max(1, runs_each)),
      issued_(std::max<std::size_t>(1, candidates), 0),
      timed_(issued_.size(), 0),
      dropped_(issued_.size(), false),
      best_(issued_.size(), std::numeric_limits<double>::infinity()) {}

bool CandidateTrials::issuing() const {
  for (std::size_t candidate = 0; candidate < issued_.size(); ++candidate)
    if (!dropped_[candidate] && issued_[candidate] < runs_each_) return true;
  return false;
}

std::size_t CandidateTrials::next() {
  for (std::size_t tried = 0; tried < issued_.size(); ++tried) {
    const std::size_t candidate = turn_;
    turn_ = (turn_ + 1) % issued_.size();
    if (!dropped_[candidate] && issued_[candidate] < runs_each_) {
      ++issued_[candidate];
      return candidate;
    }
  }
  return fastest();
}

void CandidateTrials::record(std::size_t candidate, double seconds) {
  if (candidate >= issued_.size() || dropped_[candidate] || !(seconds >= 0)) return;
  ++timed_[candidate];
  best_[candidate] = std::min(best_[candidate], seconds);
}

void CandidateTrials::forget(std::size_t candidate) {
  if (candidate < issued_.size() && issued_[candidate] > timed_[candidate]) --issued_[candidate];
}

void CandidateTrials::drop(std::size_t candidate) {
  if (candidate == 0) throw std::logic_error("the first candidate cannot be dropped");
  if (candidate < issued_.size()) dropped_[candidate] = true;
}

bool CandidateTrials::settled() const {
  for (std::size_t candidate = 0; candidate < issued_.size(); ++candidate)
    if (!dropped_[candidate] && timed_[candidate] < runs_each_) return false;
  return true;
}

std::size_t CandidateTrials::fastest() const {
  std::size_t fastest = 0;
  for (std::size_t candidate = 1; candidate < issued_.size(); ++candidate)
    if (!dropped_[candidate] && best_[candidate] < best_[fastest]) fastest = candidate;
  return fastest;
}

double CandidateTrials::best_seconds(std::size_t candidate) const {
  return candidate < best_.size() ? best_[candidate] : std::numeric_limits<double>::infinity();
}

std::size_t CandidateTrials::timed_calls() const {
  std::size_t calls = 0;
  for (const int timed : timed_) calls += static_cast<std::size_t>(timed);
  return calls;
}

}  // namespace gemmtune
