// Tunes a command's problems on its devices: a thread and a worker per device; devices of one model
// share the problems, devices of different models each tune all of them.
#include "tuner/tune_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/kernel_config.hpp"
#include "tuner/cli.hpp"
#include "dispatch/family_limits.hpp"
#include "tuner/device_selection.hpp"
#include "tuner/interruption.hpp"
#include "tuner/session_clock.hpp"

namespace gemmtune::cli {
namespace {

// Lines to standard error from several threads, whole, each prefixed with its device when there
// are several; a progress line redrawn in place only for one device on a terminal.
class Output {
 public:
  explicit Output(bool several) : several_(several), terminal_(!several && ::isatty(STDERR_FILENO) != 0) {}

  void line(const DeviceEntry& device, const std::string& text) {
    const std::lock_guard lock(mutex_);
    if (redrawn_) std::cerr << '\n', redrawn_ = false;
    std::cerr << (several_ ? "[" + device.selector + "] " : "") << text << '\n';
  }

  void progress(const std::string& text, bool notable, const DeviceEntry& device) {
    if (!terminal_) {
      if (notable) line(device, text);
      return;
    }
    const std::lock_guard lock(mutex_);
    std::cerr << "\r" << text << "\033[K" << std::flush;
    redrawn_ = true;
  }

  void end_progress() {
    const std::lock_guard lock(mutex_);
    if (redrawn_) std::cerr << '\n', redrawn_ = false;
  }

 private:
  std::mutex mutex_;
  bool several_, terminal_, redrawn_ = false;
};

// Hands out the indices of a model's problems to its devices, each once.
class ProblemQueue {
 public:
  explicit ProblemQueue(std::size_t count) : count_(count) {}
  std::optional<std::size_t> next() {
    const std::lock_guard lock(mutex_);
    if (next_ == count_) return std::nullopt;
    return next_++;
  }
  std::size_t remaining() {
    const std::lock_guard lock(mutex_);
    return count_ - next_;
  }
  std::vector<std::size_t> drain() {
    const std::lock_guard lock(mutex_);
    std::vector<std::size_t> left;
    while (next_ < count_) left.push_back(next_++);
    return left;
  }

 private:
  std::mutex mutex_;
  std::size_t next_ = 0, count_;
};

struct ModelGroup {
  std::vector<std::size_t> devices;
  std::map<const KernelFamily*, search::ParameterSpace> spaces;  // they depend on the device's limits
  std::unique_ptr<ProblemQueue> queue;
  std::map<const KernelFamily*, std::string> unavailable = {};   // families this model cannot run, and why
};

std::string fixed(double value, int digits = 1) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(digits) << value;
  return text.str();
}

// `measured`: of the evaluations so far, those not replayed from the database, which the pace is
// read from.
std::string progress_text(std::size_t done, std::size_t planned, std::size_t measured, double best_gflops,
                          double elapsed, double time_limit) {
  // Nothing done yet: the kernel's defaults, measured first and outside the budget.
  std::string text = "  " + (done == 0 ? std::string("the defaults") : std::to_string(done) + "/" + std::to_string(planned)) +
                     " evaluated, best " + fixed(best_gflops) + " GFLOP/s, ";
  if (measured == 0) text += "recorded results so far";
  else text += fixed(elapsed > 0 ? static_cast<double>(measured) / elapsed * 60 : 0) + " configs/min";
  if (const auto left = seconds_left(done, planned, measured, elapsed, time_limit))
    text += ", ~" + std::to_string(static_cast<long>(*left)) + " s left";
  return text;
}

boost::json::object summary_json(const Problem& p, const TuneRun& run, const DeviceEntry& device,
                                  const KernelFamily& family, const TuningSummary& summary, double per_minute) {
  boost::json::object out{{"m", p.size.m}, {"n", p.size.n}, {"k", p.size.k},
                          {"trans", transpose_code(p.trans_a, p.trans_b)}, {"layout", to_string(run.layout)},
                          {"precision", to_string(run.request.precision)}, {"family", family.name()},
                          {"device", device.selector}, {"strategy", run.request.strategy},
                          {"evaluations", summary.evaluations}, {"measured", summary.measured},
                          {"replayed", summary.replayed}, {"seeds", summary.seeds}, {"failed", summary.failed},
                          {"space_valid", summary.space_valid}, {"wall_seconds", summary.wall_seconds},
                          {"configs_per_minute", per_minute},
                          {"seconds_to_within_2_percent", summary.seconds_to_within_2_percent},
                          {"best_gflops", summary.best_gflops},
                          {"crashed", summary.crashed}, {"timed_out", summary.timed_out}};
  if (summary.worker)
    out["worker"] = {{"prepared", summary.worker->prepared}, {"prepare_seconds", summary.worker->prepare_seconds},
                     {"message_seconds", summary.worker->message_seconds}, {"retried", summary.worker->retried}};
  if (summary.best) {
    out["best_config"] = config_object(summary.best->config);
    out["best_seconds"] = summary.best->measurement.seconds;
  }
  return out;
}

// What one device does: problems from its model's queue until none is left, the time is spent or
// another device failed.
class DeviceRunner {
 public:
  DeviceRunner(const TuneRun& run, const DeviceEntry& device, ModelGroup& group, const SessionClock& session,
               Output& output, TuneRunResult& result, std::mutex& result_mutex, std::atomic<bool>& failed)
      : run_(run), device_(device), group_(group), session_(session), output_(output), result_(result),
        result_mutex_(result_mutex), failed_(failed), request_(run.request) {
    request_.device = device;
    if (run.request.isolation) request_.isolation->workers = std::make_shared<WorkerSlot>(run.worker_program);
  }

  void start_worker_early() {
    if (request_.isolation) request_.isolation->workers->start_early();
  }

  void operator()() {
    while (!session_.spent() && !failed_) {
      const auto next = group_.queue->next();
      if (!next) return;
      // What is left of the session, shared among the problems each device of the model still has.
      const std::size_t members = group_.devices.size();
      const std::size_t ahead = (group_.queue->remaining() + members) / members;
      tune(*next, SessionClock(session_.share(std::max<std::size_t>(1, ahead))));
    }
  }

 private:
  void tune(std::size_t index, const SessionClock& problem_clock) {
    const Problem& p = run_.problems[index];
    const std::size_t count = run_.problems.size();
    std::string heading = "problem " + std::to_string(index + 1) + " of " + std::to_string(count) + ": " +
                          format_size(p.size) + " " + transpose_code(p.trans_a, p.trans_b) + " " +
                          to_string(run_.layout) + "-major " + to_string(run_.request.precision);
    if (run_.session_time_limit)
      heading += ", " + fixed(*problem_clock.left()) + " s of the session's " + fixed(*session_.left()) + " s left";
    output_.line(device_, heading);
    double best_gflops = 0;
    std::string best_family;
    const auto& families = run_.families[index];
    for (std::size_t f = 0; f < families.size(); ++f) {
      const KernelFamily& family = *families[f];
      if (const auto unavailable = group_.unavailable.find(&family); unavailable != group_.unavailable.end()) {
        output_.line(device_, "  kernel family " + family.name() + ": not for this device (" + unavailable->second + ")");
        continue;
      }
      request_.family = &family;
      request_.space = &group_.spaces.at(&family);
      request_.problem = dense_gemm_arguments(run_.layout, p.trans_a, p.trans_b, p.size.m, p.size.n, p.size.k);
      request_.budget.seconds = problem_clock.share(families.size() - f, run_.time_limit);
      output_.line(device_, "  kernel family " + family.name());
      const double time_limit = request_.budget.seconds.value_or(0);
      std::size_t measured_here = 0;
      const TuningSummary summary = tune_problem(
          request_, [&](const search::Evaluation& evaluation, std::size_t done, std::size_t planned, double best,
                        double elapsed) {
            if (!evaluation.replayed) {
              ++measured_here;
              const std::lock_guard lock(result_mutex_);
              ++result_.measured;
            }
            const bool ok = evaluation.measurement.status == search::Status::ok;
            std::string text = progress_text(done, planned, measured_here, best, elapsed, time_limit);
            const bool notable = done % 10 == 0 || done == 1 || !ok;
            if (notable)
              text += "  [" + search::to_string(evaluation.measurement.status) +
                      (evaluation.replayed ? ", recorded" : "") + "] " + config_key(evaluation.config);
            output_.progress(text, notable, device_);
          });
      output_.end_progress();
      report(p, family, summary);
      if (summary.best_gflops > best_gflops) best_gflops = summary.best_gflops, best_family = family.name();
    }
    output_.line(device_, "problem " + std::to_string(index + 1) + " of " + std::to_string(count) + " done in " +
                              fixed(problem_clock.elapsed()) + " s: best " + fixed(best_gflops) + " GFLOP/s" +
                              (best_family.empty() ? "" : " (" + best_family + ")") + ", " +
                              fixed(session_.elapsed()) + " s since the start");
  }

  void report(const Problem& p, const KernelFamily& family, const TuningSummary& summary) {
    const double per_minute = summary.wall_seconds > 0 ? summary.measured / summary.wall_seconds * 60 : 0;
    {
      const std::lock_guard lock(result_mutex_);
      result_.summaries.push_back(summary_json(p, run_, device_, family, summary, per_minute));
    }
    output_.line(device_, "  done: " + std::to_string(summary.evaluations) + " evaluations (" +
                              std::to_string(summary.measured) + " measured, " + std::to_string(summary.replayed) +
                              " from the database, " + std::to_string(summary.failed) + " failed; " +
                              std::to_string(summary.seeds) + " seeds measured first) of " +
                              std::to_string(summary.space_valid) + " valid configurations in " +
                              fixed(summary.wall_seconds) + " s, " + fixed(per_minute) + " configs/min");
    if (summary.worker) {
      const double share = 100 * (summary.worker->prepare_seconds + summary.worker->message_seconds) /
                           std::max(summary.wall_seconds, 1e-9);
      output_.line(device_, "  isolation: " + std::to_string(summary.crashed) + " crashed, " +
                                std::to_string(summary.timed_out) + " timed out; problem prepared " +
                                std::to_string(summary.worker->prepared) + " time(s) in " +
                                fixed(summary.worker->prepare_seconds) + " s, " +
                                fixed(summary.worker->message_seconds, 2) + " s in messages (" + fixed(share) +
                                "% of the time)");
    }
    if (summary.best)
      output_.line(device_, "  best: " + fixed(summary.best_gflops) + " GFLOP/s with " +
                                describe_config(summary.best->config) + " (within 2% of it after " +
                                fixed(summary.seconds_to_within_2_percent) + " s)");
    else
      output_.line(device_, "  no configuration ran correctly");
  }

  const TuneRun& run_;
  const DeviceEntry& device_;
  ModelGroup& group_;
  const SessionClock& session_;
  Output& output_;
  TuneRunResult& result_;
  std::mutex& result_mutex_;
  std::atomic<bool>& failed_;
  TuningRequest request_;
};

// Only a large space takes long enough to be reported, every few seconds.
void print_enumeration_progress(std::uint64_t checked, std::uint64_t valid, double seconds) {
  std::cerr << "  enumerating the space: " << checked << " candidates checked, " << valid << " valid so far ("
            << static_cast<long long>(seconds) << " s)\n";
}

}  // namespace

TuneRunResult run_tuning(const TuneRun& run) {
  TuneRunResult result;
  std::mutex result_mutex;
  std::atomic<bool> failed{false};
  Output output(run.devices.size() > 1);
  const SessionClock session(run.session_time_limit);

  std::vector<ModelGroup> groups;
  for (auto& members : same_model_groups(run.devices))
    groups.push_back({std::move(members), {}, std::make_unique<ProblemQueue>(run.problems.size())});
  std::vector<std::unique_ptr<DeviceRunner>> runners(run.devices.size());
  for (auto& group : groups)
    for (const std::size_t d : group.devices)
      runners[d] = std::make_unique<DeviceRunner>(run, run.devices[d], group, session, output, result, result_mutex,
                                                  failed);
  for (auto& runner : runners) runner->start_worker_early();  // their drivers start beside the enumeration

  // The space depends on neither the problem nor its transpositions, only on the device's limits:
  // each family's is enumerated once per model, before anything is recorded, within the time limits.
  for (auto& group : groups)
    for (const auto& families : run.families)
      for (const KernelFamily* family : families)
        if (group.spaces.contains(family) || group.unavailable.contains(family)) {
          continue;
        } else if (auto reason = unavailable_on_device(*family, limits_of(run.devices[group.devices.front()].device),
                                                       run.request.precision)) {
          group.unavailable.emplace(family, std::move(*reason));
        } else {
          group.spaces.emplace(family, tuning_space(*family, run.devices[group.devices.front()], run.request.precision,
                                                    run.space_file, session.share(1, run.time_limit),
                                                    print_enumeration_progress));
        }

  const InterruptionHandlers interruptions;
  std::vector<std::exception_ptr> errors(runners.size());
  {
    std::vector<std::jthread> threads;
    for (std::size_t d = 0; d < runners.size(); ++d)
      threads.emplace_back([&, d] {
        try {
          (*runners[d])();
        } catch (...) {
          errors[d] = std::current_exception();
          failed = true;
        }
      });
  }
  output.end_progress();
  runners.clear();  // their workers end here
  if (const int signal = interruption_signal()) {
    result.interrupted_by = signal;
    return result;
  }
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
  if (session.spent())
    for (auto& group : groups)
      for (const std::size_t index : group.queue->drain()) result.not_reached.push_back(run.problems[index]);
  return result;
}

}  // namespace gemmtune::cli
