// `gemmtune tune`: tunes each requested problem on one device into the tuning database.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "db/database.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/handle.hpp"
#include "search/registry.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/coverage_problems.hpp"
#include "tuner/family_space.hpp"
#include "tuner/interruption.hpp"
#include "tuner/problem_fits.hpp"
#include "tuner/problem_list.hpp"
#include "tuner/session_clock.hpp"
#include "tuner/tuning_session.hpp"

namespace gemmtune::cli {
namespace {

// Each compile thread is a thread of this process; a deadline must be a time the clock can hold.
constexpr std::uint64_t most_compile_threads = 64;
constexpr double most_seconds = 1e7;

std::string joined(const Arguments& args) {
  std::string line = "gemmtune tune";
  for (const auto& arg : args) line += " " + arg;
  return line;
}

std::string strategy_names() {
  std::string names;
  for (const auto& info : search::strategies()) names += (names.empty() ? "" : ", ") + info.name;
  return names;
}

// A progress line redrawn in place on a terminal; a plain log line every few evaluations otherwise.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(double time_limit) : time_limit_(time_limit) {}

  void operator()(const search::Evaluation& evaluation, std::size_t done, std::size_t planned, double best_gflops,
                  double elapsed) {
    const double rate = elapsed > 0 ? done / elapsed * 60 : 0;
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << "  " << done << "/" << planned << " evaluated, best "
         << best_gflops << " GFLOP/s, " << rate << " configs/min";
    double left = -1;
    if (done > 0 && planned >= done) left = (planned - done) * elapsed / done;
    if (time_limit_ > 0) left = left < 0 ? time_limit_ - elapsed : std::min(left, time_limit_ - elapsed);
    if (left >= 0) line << ", ~" << static_cast<long>(left) << " s left";
    if (terminal_) {
      std::cerr << "\r" << line.str() << "\033[K" << std::flush;
    } else if (done % 10 == 0 || done == 1 || evaluation.measurement.status != search::Status::ok) {
      std::cerr << line.str() << "  [" << search::to_string(evaluation.measurement.status)
                << (evaluation.replayed ? ", recorded" : "") << "] " << config_key(evaluation.config) << '\n';
    }
  }

  void finish() const {
    if (terminal_) std::cerr << '\n';
  }

 private:
  double time_limit_;
  bool terminal_ = ::isatty(STDERR_FILENO) != 0;
};

// Only a large space takes long enough to be reported, every few seconds.
void print_enumeration_progress(std::uint64_t checked, std::uint64_t valid, double seconds) {
  std::cerr << "  enumerating the space: " << checked << " candidates checked, " << valid << " valid so far ("
            << static_cast<long long>(seconds) << " s)\n";
}

// The problems to tune: --sizes (with --trans), a --problems file, or the --coverage set.
std::vector<Problem> requested_problems(const boost::program_options::variables_map& values) {
  const bool sizes = !values["sizes"].defaulted();
  if (sizes + values.count("problems") + values.count("coverage") > 1)
    throw UsageError("--sizes, --problems and --coverage are mutually exclusive");
  if (!values["trans"].defaulted() && (values.count("problems") || values.count("coverage")))
    throw UsageError("--trans applies to --sizes only: a problem file and the coverage set give each problem's own");
  if (values.count("problems")) return read_problem_file(values["problems"].as<std::string>());
  if (values.count("coverage")) return coverage_problems();
  const auto [trans_a, trans_b] = parse_trans(values["trans"].as<std::string>());
  std::vector<Problem> problems;
  for (const Size& size : parse_sizes(values["sizes"].as<std::string>())) problems.push_back({size, trans_a, trans_b});
  return problems;
}

// The families --family names (or those of a space file), each checked against every problem;
// "all": every family that serves a problem, per problem.
std::vector<std::vector<const KernelFamily*>> families_per_problem(const std::string& chosen,
                                                                 const std::optional<std::filesystem::path>& space_file,
                                                                 Precision precision,
                                                                 const std::vector<Problem>& problems) {
  std::vector<const KernelFamily*> named;
  if (space_file) {
    named = {&kernel_family(space_family(*space_file))};  // a space file is of the family it names
  } else if (chosen != "all") {
    std::istringstream names(chosen);
    for (std::string name; std::getline(names, name, ',');) named.push_back(&kernel_family(name));
  }
  std::vector<std::vector<const KernelFamily*>> per_problem;
  for (const Problem& problem : problems) {
    const std::string trans = transpose_code(problem.trans_a, problem.trans_b);
    std::vector<const KernelFamily*> families;
    if (named.empty()) {
      for (const auto& family : kernel_families())
        if (family.serves(precision, trans)) families.push_back(&family);
    } else {
      for (const KernelFamily* family : named)
        if (!family->serves(precision, trans))
          throw UsageError("kernel family " + family->name() + " does not serve " + to_string(precision) + " " +
                           trans + " problems");
      families = named;
    }
    if (families.empty())
      throw UsageError("no kernel family serves " + to_string(precision) + " " + trans + " problems");
    per_problem.push_back(std::move(families));
  }
  return per_problem;
}

std::string listed(const std::vector<Problem>& problems) {
  std::string text;
  for (const Problem& problem : problems) text += (text.empty() ? "" : ", ") + format_problem(problem);
  return text;
}

}  // namespace

int tune_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune tune [options]");
  options.add_options()
      ("help,h", "show this help")
      ("device", po::value<std::string>()->default_value(""), "device index or platform:index (gemmtune devices)")
      ("db", po::value<std::string>(), "tuning database (default $GEMMTUNE_DB, else the per-user file)")
      ("sizes", po::value<std::string>()->default_value("1024"), "problems to tune: MxNxK[,MxNxK...]")
      ("trans", po::value<std::string>()->default_value("NN"), "op(A) and op(B) of --sizes: NN, NT, TN or TT")
      ("problems", po::value<std::string>(), "problems to tune from a file: M N K [TRANS] per line")
      ("coverage", "tune the built-in coverage set (every class of shape, all four transpositions)")
      ("list", "with --coverage: print the coverage set as a problem file, tune nothing")
      ("layout", po::value<std::string>()->default_value("row"), "row or col (major)")
      ("precision", po::value<std::string>()->default_value("fp32"), "fp32 or fp64 (32 and 64 too)")
      ("family", po::value<std::string>()->default_value("all"),
       "kernel families to tune, comma-separated, or all that serve the problem (gemmtune kernels)")
      ("strategy", po::value<std::string>()->default_value(search::default_strategy_name()), "search strategy")
      ("budget", po::value<std::string>()->default_value("100"), "evaluations per problem and family (recorded ones count)")
      ("time-limit", po::value<std::string>(), "seconds per problem and family")
      ("session-time-limit", po::value<std::string>(),
       "seconds for all problems, shared among those still to come (the spaces' enumeration included)")
      ("patience", po::value<std::string>(), "stop after this many evaluations without improvement")
      ("seed", po::value<std::string>()->default_value("1"), "seed of the strategy (same seed: same search)")
      ("space", po::value<std::string>(), "search space file of one family (default: each family's own)")
      ("runs", po::value<std::string>()->default_value("5"), "timed runs per configuration")
      ("compile-threads", po::value<std::string>(), "threads compiling ahead (default: 0 on CPU devices, else up to 8)")
      ("in-process", "evaluate candidates in this process, not in worker processes (a fault then ends the session)")
      ("compile-limit", po::value<std::string>()->default_value("120"), "seconds to build one candidate before its worker is killed")
      ("run-limit", po::value<std::string>()->default_value("2"),
       "seconds per call a candidate may take at least (else 20 times the best so far) before its worker is killed")
      ("json", "print a JSON summary per problem");
  if (asks_for_help(args)) {
    std::cout << options << "\nstrategies: " << strategy_names() << '\n';
    return 0;
  }
  const auto values = parse("tune", args, options);
  if (values.count("list") && !values.count("coverage")) throw UsageError("--list prints the coverage set: it needs --coverage");
  const std::vector<Problem> problems = requested_problems(values);
  if (values.count("list")) {
    write_problem_file(std::cout, problems, "gemmtune tune --coverage\nM N K TRANS, then the class");
    return 0;
  }
  TuningRequest request;
  request.device = select_device(values["device"].as<std::string>());
  request.database = database_path(values);
  const Layout layout = parse_layout(values["layout"].as<std::string>());
  request.precision = parse_precision(values["precision"].as<std::string>());
  request.strategy = values["strategy"].as<std::string>();
  search::make_strategy(request.strategy);  // an unknown name fails now, listing the names
  request.seed = whole_number_option(values, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  request.budget.evaluations = whole_number_option(values, "budget", 1, most_evaluations);
  std::optional<double> time_limit, session_time_limit;
  if (values.count("time-limit")) time_limit = real_number_option(values, "time-limit", 0.0, most_seconds);
  if (values.count("session-time-limit"))
    session_time_limit = real_number_option(values, "session-time-limit", 0.0, most_seconds);
  if (values.count("patience"))
    request.budget.without_improvement = whole_number_option(values, "patience", 1, most_evaluations);
  std::optional<std::filesystem::path> space_file;
  if (values.count("space")) space_file = values["space"].as<std::string>();
  request.evaluator.timed_runs = static_cast<int>(whole_number_option(values, "runs", 1, most_timed_calls));
  if (values.count("compile-threads"))
    request.evaluator.compile_threads = whole_number_option(values, "compile-threads", 0, most_compile_threads);
  request.evaluator.timeout_seconds = real_number_option(values, "run-limit", 0.001, most_seconds);
  if (!values.count("in-process")) {
    TuningRequest::Isolation isolation{std::make_shared<WorkerSlot>(std::filesystem::read_symlink("/proc/self/exe")), {}};
    isolation.limits.compile_seconds = real_number_option(values, "compile-limit", 0.001, most_seconds);
    isolation.limits.run_floor_seconds = request.evaluator.timeout_seconds;
    request.isolation = isolation;
  }
  request.command_line = joined(args);
  const bool json = values.count("json") > 0;
  const DeviceLimits limits = limits_of(request.device.device);
  if (request.precision == Precision::Double && !limits.fp64)
    throw UsageError("device '" + request.device.fingerprint.name + "' has no double precision (cl_khr_fp64)");
  const auto families = families_per_problem(values["family"].as<std::string>(), space_file, request.precision, problems);

  // Every problem is checked before the first is tuned, so that one the device cannot hold records
  // nothing; the coverage set, not the user's choice, only loses those the device cannot hold. The
  // evaluator holds A, B and C, C before each call, the reference result and |A||B|, and |A| and
  // |B| while preparing, on the device and on the host alike.
  std::vector<std::size_t> tuned;  // indices into problems
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const Problem& p = problems[i];
    try {
      check_problem_fits(dense_gemm_arguments(layout, p.trans_a, p.trans_b, p.size.m, p.size.n, p.size.k),
                         precision_info(request.precision).storage_bytes, limits, Copies{2, 4}, Copies{2, 4});
      tuned.push_back(i);
    } catch (const UsageError& error) {
      if (!values.count("coverage")) throw;
      std::cerr << "left out of the coverage set: " << error.what() << '\n';
    }
  }

  // A database this process cannot write (read-only, another program's, newer) is refused now,
  // before the spaces are enumerated, in one line; a new one is made with the first result.
  if (std::filesystem::exists(request.database)) db::Database(request.database, db::Database::Mode::ReadWrite);
  std::cerr << "tuning on " << request.device.selector << " (" << request.device.fingerprint.name << ") into "
            << request.database.string() << ", strategy " << request.strategy << ", seed " << request.seed << '\n';
  // The space depends on neither the problem nor its transpositions: each family's is enumerated
  // once, before anything is recorded, within the time limits.
  const SessionClock session(session_time_limit);
  if (request.isolation) request.isolation->workers->start_early();  // its driver starts beside the enumeration
  std::map<const KernelFamily*, search::ParameterSpace> spaces;
  for (const std::size_t i : tuned)
    for (const KernelFamily* family : families[i])
      if (!spaces.contains(family))
        spaces.emplace(family, tuning_space(*family, request.device, request.precision, space_file,
                                            session.share(1, time_limit), print_enumeration_progress));

  boost::json::array summaries;
  std::vector<Problem> not_reached;
  const InterruptionHandlers interruptions;
  std::size_t measured = 0;  // in this run, over every problem: what an interruption keeps
  try {
    for (std::size_t done = 0; done < tuned.size(); ++done) {
      const Problem& p = problems[tuned[done]];
      if (session.spent()) {
        for (std::size_t rest = done; rest < tuned.size(); ++rest) not_reached.push_back(problems[tuned[rest]]);
        break;
      }
      const std::string trans = transpose_code(p.trans_a, p.trans_b);
      const SessionClock problem_clock(session.share(tuned.size() - done));
      std::cerr << "problem " << done + 1 << " of " << tuned.size() << ": " << format_size(p.size) << " " << trans << " "
                << to_string(layout) << "-major " << to_string(request.precision);
      if (session_time_limit)
        std::cerr << std::fixed << std::setprecision(1) << ", " << *problem_clock.left() << " s of the session's "
                  << *session.left() << " s left";
      std::cerr << '\n';
      double best_gflops = 0;
      std::string best_family;
      const auto& problem_families = families[tuned[done]];
      for (std::size_t f = 0; f < problem_families.size(); ++f) {
        const KernelFamily* family = problem_families[f];
        request.family = family;
        request.space = &spaces.at(family);
        request.problem = dense_gemm_arguments(layout, p.trans_a, p.trans_b, p.size.m, p.size.n, p.size.k);
        request.budget.seconds = problem_clock.share(problem_families.size() - f, time_limit);
        std::cerr << "  kernel family " << family->name() << '\n';
        ProgressPrinter printer(request.budget.seconds.value_or(0));
        const TuningSummary summary =
            tune_problem(request, [&](const search::Evaluation& evaluation, std::size_t evaluated, std::size_t planned,
                                      double best, double elapsed) {
              measured += !evaluation.replayed;
              printer(evaluation, evaluated, planned, best, elapsed);
            });
        printer.finish();
        const double per_minute = summary.wall_seconds > 0 ? summary.measured / summary.wall_seconds * 60 : 0;
        if (json) {
          boost::json::object out{{"m", p.size.m}, {"n", p.size.n}, {"k", p.size.k},
                                  {"trans", trans}, {"layout", to_string(layout)},
                                  {"precision", to_string(request.precision)}, {"family", family->name()},
                                  {"strategy", request.strategy},
                                  {"evaluations", summary.evaluations}, {"measured", summary.measured},
                                  {"replayed", summary.replayed}, {"seeds", summary.seeds}, {"failed", summary.failed},
                                  {"space_valid", summary.space_valid}, {"wall_seconds", summary.wall_seconds},
                                  {"configs_per_minute", per_minute},
                                  {"seconds_to_within_2_percent", summary.seconds_to_within_2_percent},
                                  {"best_gflops", summary.best_gflops},
                                  {"crashed", summary.crashed}, {"timed_out", summary.timed_out}};
          if (summary.worker)
            out["worker"] = {{"prepared", summary.worker->prepared}, {"prepare_seconds", summary.worker->prepare_seconds},
                             {"message_seconds", summary.worker->message_seconds},
                             {"retried", summary.worker->retried}};
          if (summary.best) {
            out["best_config"] = config_to_json(summary.best->config);
            out["best_seconds"] = summary.best->measurement.seconds;
          }
          summaries.push_back(std::move(out));
        }
        std::cerr << std::fixed << std::setprecision(1) << "  done: " << summary.evaluations << " evaluations ("
                  << summary.measured << " measured, " << summary.replayed << " from the database, " << summary.failed
                  << " failed; seeded with " << summary.seeds << " earlier winners) of " << summary.space_valid
                  << " valid configurations in " << summary.wall_seconds << " s, " << per_minute << " configs/min\n";
        if (summary.worker)
          std::cerr << "  isolation: " << summary.crashed << " crashed, " << summary.timed_out << " timed out; "
                    << "problem prepared " << summary.worker->prepared << " time(s) in " << summary.worker->prepare_seconds << " s, "
                    << std::setprecision(2) << summary.worker->message_seconds << " s in messages ("
                    << std::setprecision(1)
                    << 100 * (summary.worker->prepare_seconds + summary.worker->message_seconds) /
                           std::max(summary.wall_seconds, 1e-9)
                    << "% of the time)\n";
        if (summary.best)
          std::cerr << "  best: " << summary.best_gflops << " GFLOP/s with " << describe_config(summary.best->config)
                    << " (within 2% of it after " << summary.seconds_to_within_2_percent << " s)\n";
        else
          std::cerr << "  no configuration ran correctly\n";
        if (summary.best_gflops > best_gflops) best_gflops = summary.best_gflops, best_family = family->name();
      }
      std::cerr << std::fixed << std::setprecision(1) << "problem " << done + 1 << " of " << tuned.size() << " done in "
                << problem_clock.elapsed() << " s: best " << best_gflops << " GFLOP/s"
                << (best_family.empty() ? "" : " (" + best_family + ")") << ", " << session.elapsed()
                << " s since the start\n";
    }
  } catch (const Interrupted& interruption) {
    if (::isatty(STDERR_FILENO)) std::cerr << '\n';  // after a progress line redrawn in place
    std::cerr << "gemmtune tune: " << interruption.what() << ": the " << measured
              << " evaluations measured in this run are kept in " << request.database.string()
              << "; the same command resumes where this one stopped\n";
    return 128 + interruption.signal();
  }
  if (!not_reached.empty())
    std::cerr << "session time limit reached; not tuned (" << not_reached.size() << "): " << listed(not_reached) << '\n';
  if (json) std::cout << boost::json::serialize(summaries) << '\n';
  return 0;
}

}  // namespace gemmtune::cli
