// Tunes one problem on one device: the ask/tell loop between a strategy, the evaluator and the database.
#include "tuner/tuning_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

#include "db/database.hpp"
#include "core/kernel_config.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "search/parameter_space.hpp"
#include "search/registry.hpp"
#include "search/seeded_strategy.hpp"
#include "tuner/family_space.hpp"
#include "tuner/interruption.hpp"
#include "tuner/seed_sources.hpp"

namespace gemmtune {
namespace {

// Hinted configurations compiled ahead while the current one is measured.
constexpr std::size_t compile_ahead = 16;

db::EvaluationRecord evaluation_record(const KernelConfig& config, const EvaluationOutcome& outcome) {
  db::EvaluationRecord record;
  record.config = config;
  record.status = search::to_string(outcome.status);
  record.runs = outcome.runs;
  record.min_seconds = outcome.min_seconds, record.median_seconds = outcome.median_seconds;
  record.spread = outcome.spread, record.gflops = outcome.gflops;
  record.compile_seconds = outcome.compile_seconds, record.error = outcome.error;
  return record;
}

}  // namespace

search::ParameterSpace tuning_space(const KernelFamily& family, const DeviceEntry& device, Precision precision,
                                    const std::optional<std::filesystem::path>& space_file,
                                    std::optional<double> seconds, const search::EnumerationProgress& progress) {
  search::EnumerationWatch watch;
  watch.progress = progress;
  if (seconds)
    watch.deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(*seconds));
  return family_space(family, named_limits(limits_of(device.device), precision), space_file, watch);
}

TuningSummary tune_problem(const TuningRequest& request, const ProgressCallback& progress) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const KernelFamily& family = *request.family;
  const search::ParameterSpace& space = *request.space;
  const DeviceLimits limits = limits_of(request.device.device);
  const std::string strategy_name = request.strategy.empty() ? search::default_strategy_name() : request.strategy;

  db::Database database(request.database, db::Database::Mode::ReadWrite);
  const db::DeviceRecord device = device_record(request.device.fingerprint);
  const std::int64_t device_id = database.device_id(device);
  const std::int64_t kernel_id = database.kernel_id(family.name(), family.source().hash);
  const GemmArguments& g = request.problem;
  const db::ProblemRecord problem{to_string(request.precision), to_string(g.layout),
                                  transpose_code(g.trans_a, g.trans_b), static_cast<std::int64_t>(g.m),
                                  static_cast<std::int64_t>(g.n), static_cast<std::int64_t>(g.k)};
  const std::int64_t problem_id = database.problem_id(problem);

  // What is already recorded for this device, kernel source and problem is not measured again.
  std::map<std::string, search::Measurement> known;
  for (const auto& record : database.evaluations(device_id, kernel_id, problem_id))
    known[config_key(record.config)] = {search::status_from_string(record.status), record.median_seconds};

  // The seeds (earlier winners, the description's starting points) are measured before the
  // strategy's own proposals, so that each problem starts from what was found or is known to run
  // well for shapes like its own; the strategy learns them, and they count like its own.
  std::vector<KernelConfig> seed_configs =
      seeds({database, device, family, problem, known.size(), named_limits(limits, request.precision)}, space);
  const std::size_t seed_count = seed_configs.size();
  search::SeededStrategy strategy(search::make_strategy(strategy_name), std::move(seed_configs));

  db::SessionRecord session_record;
  session_record.command_line = request.command_line;
  session_record.strategy = strategy_name;
  session_record.tool_version = GEMMTUNE_VERSION;
  session_record.seed = request.seed;
  session_record.budget = static_cast<std::int64_t>(request.budget.evaluations.value_or(0));
  session_record.time_limit = request.budget.seconds.value_or(0);
  const std::int64_t session = database.begin_session(session_record, device_id, kernel_id);

  std::unique_ptr<CandidateEvaluator> evaluator;
  IsolatedEvaluator* isolated = nullptr;
  if (request.isolation) {
    WorkerSetup setup{family.description(), family.origin(), family.source(), request.device.index,
                      request.device.fingerprint.type == "cpu", request.device.fingerprint.key(), g,
                      request.precision, request.evaluator};
    setup.options.compile_threads = compile_threads(request.device, request.evaluator);
    auto worker = std::make_unique<IsolatedEvaluator>(request.isolation->workers, setup, request.isolation->limits);
    isolated = worker.get();
    evaluator = std::move(worker);
  } else {
    evaluator = std::make_unique<Evaluator>(family, request.device, g, request.precision, request.evaluator);
  }
  const double flops = 2.0 * g.m * g.n * g.k;
  TuningSummary summary;
  summary.seeds = seed_count;
  summary.space_valid = space.valid_count(), summary.space_total = space.total_count();
  const std::size_t planned = static_cast<std::size_t>(
      std::min<std::uint64_t>(space.valid_count(), request.budget.evaluations.value_or(space.valid_count())));
  std::vector<std::pair<double, double>> best_over_time;  // (elapsed, best seconds)
  double best_seconds = std::numeric_limits<double>::infinity();
  // The best recorded before this run: the progress line counts from it, where a resumed session
  // would otherwise show its first replay's time as the best (1.5 GFLOP/s against 15.9 recorded).
  double best_recorded = std::numeric_limits<double>::infinity();

  const auto measure = [&](const KernelConfig& config) {
    stop_if_interrupted();
    const EvaluationOutcome outcome = evaluator->evaluate(config);
    summary.crashed += outcome.status == search::Status::crashed;
    summary.timed_out += outcome.status == search::Status::timeout;
    database.record(session, device_id, kernel_id, problem_id, evaluation_record(config, outcome));
    return search::Measurement{outcome.status, outcome.median_seconds};
  };
  const auto evaluate = [&](const KernelConfig& config) {
    // Recorded configurations are replayed when their turn comes: compiling them ahead is wasted.
    std::vector<KernelConfig> ahead = strategy.upcoming(compile_ahead);
    std::erase_if(ahead, [&](const KernelConfig& next) { return known.contains(config_key(next)); });
    evaluator->prefetch(ahead);
    return measure(config);
  };
  const auto on_evaluation = [&](const search::Evaluation& evaluation, std::size_t done) {
    const auto& m = evaluation.measurement;
    if (m.status == search::Status::ok && m.seconds < best_seconds) {
      best_seconds = m.seconds;
      evaluator->note_best(m.seconds);
      summary.best = evaluation;
      best_over_time.emplace_back(elapsed(), m.seconds);
    }
    (evaluation.replayed ? summary.replayed : summary.measured)++;  // the defaults' count as measured
    if (m.status != search::Status::ok) summary.failed++;
    const double best_known = std::min(best_seconds, best_recorded);
    if (progress) progress(evaluation, done, planned, std::isfinite(best_known) ? flops / best_known * 1e-9 : 0, elapsed());
  };
  // Known results count as evaluated for the strategy, but their best is known before anything runs.
  for (const auto& [key, measurement] : known)
    if (measurement.status == search::Status::ok) {
      evaluator->note_best(measurement.seconds);
      best_recorded = std::min(best_recorded, measurement.seconds);
    }

  // An interrupted session is ended as any other: what it measured is recorded already.
  std::size_t evaluated = 0;
  try {
    // The kernel's defaults are always measured (once per database), so that a short session can
    // never leave the dispatcher with something slower than no tuning at all.
    const KernelConfig defaults = in_space_terms(family, default_on_device(family, limits, request.precision), space);
    if (!known.contains(config_key(defaults))) {
      const search::Measurement measurement = measure(defaults);
      known[config_key(defaults)] = measurement;
      on_evaluation({defaults, measurement, false}, 0);
    }
    search::Budget budget = request.budget;
    if (budget.seconds) *budget.seconds = std::max(0.0, *budget.seconds - elapsed());
    evaluated = search::run_search(space, strategy, request.seed, budget, evaluate, known, on_evaluation).size();
  } catch (const Interrupted&) {
    database.end_session(session);
    throw;
  }
  database.end_session(session);

  summary.evaluations = evaluated;
  if (isolated) summary.worker = isolated->stats();
  summary.wall_seconds = elapsed();
  if (summary.best) {
    summary.best_gflops = flops / best_seconds * 1e-9;
    for (const auto& [when, seconds] : best_over_time)
      if (seconds <= best_seconds * 1.02) {
        summary.seconds_to_within_2_percent = when;
        break;
      }
  }
  return summary;
}

}  // namespace gemmtune
