// Evaluates candidates in a supervised worker process: a crash or a hang costs one candidate.
#include "tuner/isolated_evaluator.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <iomanip>
#include <optional>
#include <sstream>

#include "core/kernel_config.hpp"
#include "search/search_driver.hpp"
#include "tuner/interruption.hpp"
#include "tuner/worker_process.hpp"

namespace gemmtune {
namespace {

using Clock = std::chrono::steady_clock;

// How long a worker that closed its pipe has to end before it is killed.
constexpr auto exit_grace = std::chrono::seconds(2);

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << std::setprecision(3) << seconds << " s";
  return text.str();
}

EvaluationOutcome failure(search::Status status, std::string error) {
  EvaluationOutcome outcome;
  outcome.status = status;
  outcome.error = std::move(error);
  return outcome;
}

}  // namespace

// One try at a candidate: its outcome, or how the worker ended without giving one.
struct IsolatedEvaluator::Attempt {
  std::optional<EvaluationOutcome> outcome;
  ProcessEnd end;
  bool compiled = false;            // the crash came after the build (while running)
  bool first_call_overran = false;  // the outcome is a timeout of the first call
};

WorkerSlot::WorkerSlot(std::filesystem::path program) : program_(std::move(program)) {}

WorkerSlot::~WorkerSlot() {
  if (waiting_) waiting_->wait(exit_grace);  // its input closed, an idle worker ends by itself
}

void WorkerSlot::start_early() {
  if (!waiting_) waiting_ = std::make_unique<ChildProcess>(program_, std::vector<std::string>{"worker"});
}

std::unique_ptr<ChildProcess> WorkerSlot::take() {
  start_early();
  return std::move(waiting_);
}

void WorkerSlot::keep(std::unique_ptr<ChildProcess> worker) { waiting_ = std::move(worker); }

IsolatedEvaluator::IsolatedEvaluator(std::shared_ptr<WorkerSlot> slot, WorkerSetup setup, IsolationLimits limits)
    : slot_(std::move(slot)), setup_(std::move(setup)), limits_(limits),
      best_seconds_(std::numeric_limits<double>::infinity()) {
  start();  // a problem the worker cannot prepare fails the session now, before anything is recorded
}

// A worker between two candidates is left for the next session; one interrupted mid-candidate is
// killed (an exception unwinds through here only then).
IsolatedEvaluator::~IsolatedEvaluator() {
  if (worker_ && std::uncaught_exceptions() == 0) slot_->keep(std::move(worker_));
}

void IsolatedEvaluator::prefetch(const std::vector<KernelConfig>& configs) {
  hints_.clear();
  if (setup_.options.compile_threads == std::size_t{0}) return;  // the worker would not use them
  for (const auto& config : configs)
    if (!suspects_.contains(config_key(config))) hints_.push_back(config);
}

void IsolatedEvaluator::note_best(double median_seconds) { best_seconds_ = std::min(best_seconds_, median_seconds); }

double IsolatedEvaluator::call_limit() const {
  return std::max(limits_.run_floor_seconds, std::isfinite(best_seconds_) ? limits_.run_factor * best_seconds_ : 0.0);
}

void IsolatedEvaluator::start() {
  std::string why;
  for (int tries = 0; tries < 2; ++tries) {
    const double began = search::steady_seconds();
    worker_ = slot_->take();
    ++stats_.prepared;
    worker_->write_line(encode(setup_));
    std::string line;
    const auto read = worker_->read_line(line, after(limits_.prepare_seconds), stop_if_interrupted);
    stats_.prepare_seconds += search::steady_seconds() - began;
    if (read == ChildProcess::Read::line) {
      const WorkerReply reply = decode_reply(line);
      if (reply.kind == WorkerReply::Kind::ready) return;
      worker_->wait(exit_grace);
      worker_.reset();
      throw Error("the evaluation worker cannot prepare the problem: " + reply.error);
    }
    why = read == ChildProcess::Read::deadline
              ? "it took longer than " + seconds_text(limits_.prepare_seconds)
              : worker_->wait(exit_grace).describe();
    worker_.reset();  // killed if still running
  }
  throw Error("the evaluation worker (" + slot_->program().string() + " worker) could not prepare the problem: " + why);
}

IsolatedEvaluator::Attempt IsolatedEvaluator::attempt(const WorkerRequest& request) {
  if (!worker_) start();
  double sent = search::steady_seconds();
  Attempt result;
  if (!worker_->write_line(encode(request))) {
    // It ended after its last reply, before this candidate was asked of it: not this one's fault.
    worker_->wait(exit_grace);
    start();
    sent = search::steady_seconds();
    if (!worker_->write_line(encode(request))) {
      result.end = worker_->wait(exit_grace);
      worker_.reset();
      return result;
    }
  }
  // Each phase has its limit (IsolationLimits), counted from the moment the worker reaches it.
  auto phase = WorkerReply::Kind::ready;
  double limit = limits_.compile_seconds;
  auto deadline = after(limit);
  for (std::string line;;) {
    const auto read = worker_->read_line(line, deadline, stop_if_interrupted);
    if (read == ChildProcess::Read::deadline) {
      worker_->kill();
      worker_.reset();
      const char* doing = phase == WorkerReply::Kind::ready      ? "building it"
                          : phase == WorkerReply::Kind::compiled ? "its first call"
                                                                 : "its timed calls";
      result.outcome = failure(search::Status::timeout, std::string(doing) + " took longer than " +
                                                            seconds_text(limit) + ": the worker was killed");
      result.first_call_overran = phase == WorkerReply::Kind::compiled;
      return result;
    }
    if (read == ChildProcess::Read::end_of_file) {
      result.end = worker_->wait(exit_grace);
      worker_.reset();
      return result;
    }
    const WorkerReply reply = decode_reply(line);
    if (reply.kind == WorkerReply::Kind::compiled || reply.kind == WorkerReply::Kind::verified) {
      phase = reply.kind;
      result.compiled = true;
      limit = phase == WorkerReply::Kind::compiled
                  ? 2 * call_limit() + (setup_.compiles_at_first_launch ? limits_.compile_seconds : 0.0)
                  : (setup_.options.timed_runs + 1) * call_limit();
      deadline = after(limit);
      continue;
    }
    if (reply.kind != WorkerReply::Kind::outcome) throw Error("the evaluation worker replied out of turn: " + line);
    stats_.message_seconds += std::max(0.0, search::steady_seconds() - sent - reply.seconds);
    result.outcome = reply.outcome;
    if (reply.ends) {
      worker_->wait(exit_grace);
      worker_.reset();
    }
    return result;
  }
}

EvaluationOutcome IsolatedEvaluator::evaluate(const KernelConfig& config) {
  WorkerRequest request;
  request.ordinal = ++ordinal_;
  request.config = config;
  request.hints = hints_;
  if (std::isfinite(best_seconds_)) request.best_seconds = best_seconds_;
  hints_.clear();
  for (;;) {
    const bool compiling_ahead = !request.hints.empty();
    Attempt tried = attempt(request);
    if (tried.outcome && compiling_ahead && tried.first_call_overran) {
      // The first launch may have waited for the hinted candidates' builds (a driver may build and
      // launch under one lock: seen on NVIDIA's with its slow matrix-unit builds): try it alone.
      request.hints.clear();
      ++stats_.retried;
      continue;
    }
    if (tried.outcome) return *tried.outcome;
    if (compiling_ahead) {
      // The crash may be a hinted candidate's, built in the background: try this one alone.
      for (const auto& hint : request.hints) suspects_.insert(config_key(hint));
      request.hints.clear();
      ++stats_.retried;
      continue;
    }
    return failure(search::Status::crashed, "the worker evaluating it " + tried.end.describe() + " while " +
                                                (tried.compiled ? "running it" : "building it"));
  }
}

}  // namespace gemmtune
