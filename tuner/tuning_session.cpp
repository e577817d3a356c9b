// Tunes one problem on one device: the ask/tell loop between a strategy, the evaluator and the database.
#include "tuner/tuning_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "db/database.hpp"
#include "core/kernel_config.hpp"
#include "core/shape_distance.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "search/parameter_space.hpp"
#include "search/registry.hpp"
#include "tuner/family_space.hpp"

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

// Earlier winners, measured before the search: this problem's fastest configurations under any
// kernel source (after a change of the kernel the old winners are seldom far from the new
// optimum), then this kernel's best for the device's other problems, nearest shape first. Only
// configurations of `space`, each once.
std::vector<KernelConfig> earlier_winners(const db::Database& database, const std::string& device_key,
                                          const KernelFamily& family, const db::ProblemRecord& problem,
                                          const search::ParameterSpace& space) {
  constexpr int per_source = 4;
  std::vector<KernelConfig> candidates;
  for (const auto& best : database.top_configs(device_key, family.name(), problem, per_source))
    candidates.push_back(best.config);
  auto others = database.best_per_problem(device_key, {family.name(), family.source().hash}, problem.precision,
                                          problem.layout, problem.trans);
  std::erase_if(others, [&](const db::TunedBest& best) { return best.problem == problem; });  // already known
  const auto distance = [&](const db::ProblemRecord& p) {
    return shape_distance(p.m, p.n, p.k, problem.m, problem.n, problem.k);
  };
  std::stable_sort(others.begin(), others.end(),
                   [&](const auto& x, const auto& y) { return distance(x.problem) < distance(y.problem); });
  for (std::size_t i = 0; i < others.size() && i < per_source; ++i) candidates.push_back(others[i].config);

  std::vector<KernelConfig> winners;
  for (const auto& candidate : candidates) {
    KernelConfig config;
    try {
      config = in_space_terms(family, family.complete(candidate), space);
    } catch (const ConfigError&) {
      continue;  // a parameter this kernel no longer has
    }
    if (space.contains(config) && std::find(winners.begin(), winners.end(), config) == winners.end())
      winners.push_back(config);
  }
  return winners;
}

}  // namespace

TuningSummary tune_problem(const TuningRequest& request, const ProgressCallback& progress,
                           const search::EnumerationProgress& enumeration_progress) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const KernelFamily& family = *request.family;
  const DeviceLimits limits = limits_of(request.device.device);
  search::EnumerationWatch watch;
  watch.progress = enumeration_progress;
  if (request.budget.seconds)
    watch.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(*request.budget.seconds));
  const search::ParameterSpace space =
      family_space(family, named_limits(limits, request.precision), request.space_file, watch);
  search::Budget budget = request.budget;
  if (budget.seconds) *budget.seconds = std::max(0.0, *budget.seconds - elapsed());
  const std::string strategy_name = request.strategy.empty() ? search::default_strategy_name() : request.strategy;
  auto strategy = search::make_strategy(strategy_name);

  db::Database database(request.database, db::Database::Mode::ReadWrite);
  const std::int64_t device_id = database.device_id(device_record(request.device.fingerprint));
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

  db::SessionRecord session_record;
  session_record.command_line = request.command_line;
  session_record.strategy = strategy_name;
  session_record.tool_version = GEMMTUNE_VERSION;
  session_record.seed = request.seed;
  session_record.budget = static_cast<std::int64_t>(request.budget.evaluations.value_or(0));
  session_record.time_limit = request.budget.seconds.value_or(0);
  const std::int64_t session = database.begin_session(session_record, device_id, kernel_id);

  Evaluator evaluator(family, request.device, g, request.precision, request.evaluator);
  const double flops = 2.0 * g.m * g.n * g.k;
  TuningSummary summary;
  summary.space_valid = space.valid_count(), summary.space_total = space.total_count();
  const std::size_t planned = static_cast<std::size_t>(
      std::min<std::uint64_t>(space.valid_count(), request.budget.evaluations.value_or(space.valid_count())));
  std::vector<std::pair<double, double>> best_over_time;  // (elapsed, best seconds)
  double best_seconds = std::numeric_limits<double>::infinity();

  const auto measure = [&](const KernelConfig& config) {
    const EvaluationOutcome outcome = evaluator.evaluate(config);
    database.record(session, device_id, kernel_id, problem_id, evaluation_record(config, outcome));
    return search::Measurement{outcome.status, outcome.median_seconds};
  };
  const auto evaluate = [&](const KernelConfig& config) {
    evaluator.prefetch(strategy->upcoming(compile_ahead));
    return measure(config);
  };
  const auto on_evaluation = [&](const search::Evaluation& evaluation, std::size_t done) {
    const auto& m = evaluation.measurement;
    if (m.status == search::Status::ok && m.seconds < best_seconds) {
      best_seconds = m.seconds;
      evaluator.note_best(m.seconds);
      summary.best = evaluation;
      best_over_time.emplace_back(elapsed(), m.seconds);
    }
    (evaluation.replayed ? summary.replayed : summary.measured)++;  // the defaults' count as measured
    if (m.status != search::Status::ok) summary.failed++;
    if (progress) progress(evaluation, done, planned, std::isfinite(best_seconds) ? flops / best_seconds * 1e-9 : 0, elapsed());
  };
  // Known results count as evaluated for the strategy, but their best is known before anything runs.
  for (const auto& [key, measurement] : known)
    if (measurement.status == search::Status::ok) evaluator.note_best(measurement.seconds);

  // The kernel's defaults are always measured (once per database), so that a short session can
  // never leave the dispatcher with something slower than no tuning at all.
  // Earlier winners follow, so that a re-tune after a kernel change starts near its old best.
  std::vector<KernelConfig> first = {in_space_terms(family, default_on_device(family, limits, request.precision), space)};
  for (auto& winner : earlier_winners(database, request.device.fingerprint.key(), family, problem, space))
    first.push_back(std::move(winner));
  for (const KernelConfig& config : first) {
    if (known.contains(config_key(config))) continue;
    const search::Measurement measurement = measure(config);
    known[config_key(config)] = measurement;
    on_evaluation({config, measurement, false}, 0);
  }

  const auto evaluations = search::run_search(space, *strategy, request.seed, budget, evaluate, known, on_evaluation);
  database.end_session(session);

  summary.evaluations = evaluations.size();
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
