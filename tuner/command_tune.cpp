// `gemmtune tune`: tunes each requested problem on its devices into the tuning database.
#include <algorithm>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "db/database.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/learned_model.hpp"
#include "gemmtune/handle.hpp"
#include "search/registry.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/coverage_problems.hpp"
#include "dispatch/family_limits.hpp"
#include "tuner/device_selection.hpp"
#include "tuner/family_space.hpp"
#include "tuner/interruption.hpp"
#include "tuner/problem_fits.hpp"
#include "tuner/problem_list.hpp"
#include "tuner/shard.hpp"
#include "tuner/tune_run.hpp"
#include "tuner/tuning_session.hpp"

namespace gemmtune::cli {
namespace {

// Each compile thread is a thread of this process; a deadline must be a time the clock can hold.
constexpr std::uint64_t most_compile_threads = 64;
constexpr double most_seconds = 1e7;
constexpr std::uint64_t most_largest_cube = 1 << 20;

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

// --largest-cube N, read once: a device that runs the largest squares slowly (a CPU's two cores:
// 8192^3 takes seconds a call at its best) spends a session on them; bounded by multiply-adds,
// deep K stays in.
std::optional<std::uint64_t> largest_cube(const boost::program_options::variables_map& values) {
  if (!values.count("largest-cube")) return std::nullopt;
  return whole_number_option(values, "largest-cube", 1, most_largest_cube);
}

// Why the coverage set leaves `problem` out under --largest-cube `largest`, if it does.
std::optional<std::string> beyond_largest_cube(const Problem& problem, std::optional<std::uint64_t> largest) {
  if (!largest) return std::nullopt;
  const Size& size = problem.size;
  const auto cube = static_cast<double>(*largest);
  if (static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k) <= cube * cube * cube)
    return std::nullopt;
  return format_problem(problem) + " is more multiply-adds than " + std::to_string(*largest) + "^3 (--largest-cube)";
}

// The problems to tune: --sizes (with --trans), a --problems file, or the --coverage set.
std::vector<Problem> requested_problems(const boost::program_options::variables_map& values) {
  const bool sizes = !values["sizes"].defaulted();
  if (sizes + values.count("problems") + values.count("coverage") > 1)
    throw UsageError("--sizes, --problems and --coverage are mutually exclusive");
  if (!values["trans"].defaulted() && (values.count("problems") || values.count("coverage")))
    throw UsageError("--trans applies to --sizes only: a problem file and the coverage set give each problem's own");
  if (values.count("largest-cube") && !values.count("coverage"))
    throw UsageError("--largest-cube bounds the coverage set: it needs --coverage");
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
                                                                 Precision precision, Layout layout,
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
    const std::string runs_as = kernel_trans(trans, layout);  // families serve the row-major form
    const std::string problems_named =
        to_string(precision) + " " + trans + (layout == Layout::ColMajor ? " column-major" : "") + " problems";
    std::vector<const KernelFamily*> families;
    if (named.empty()) {
      for (const auto& family : kernel_families())
        if (family.serves(precision, runs_as)) families.push_back(&family);
    } else {
      for (const KernelFamily* family : named)
        if (!family->serves(precision, runs_as))
          throw UsageError("kernel family " + family->name() + " does not serve " + problems_named);
      families = named;
    }
    if (families.empty())
      throw UsageError("no kernel family serves " + problems_named);
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
      ("device", po::value<std::string>()->default_value(""),
       "device index or platform:index (gemmtune devices), several separated by commas, or all (every GPU)")
      ("db", po::value<std::string>(), "tuning database (default $GEMMTUNE_DB, else the per-user file)")
      ("sizes", po::value<std::string>()->default_value("1024"), "problems to tune: MxNxK[,MxNxK...]")
      ("trans", po::value<std::string>()->default_value("NN"), "op(A) and op(B) of --sizes: NN, NT, TN or TT")
      ("problems", po::value<std::string>(), "problems to tune from a file: M N K [TRANS] per line")
      ("coverage", "tune the built-in coverage set (every class of shape, all four transpositions)")
      ("list", "with --coverage: print the coverage set as a problem file, tune nothing")
      ("largest-cube", po::value<std::string>(),
       "with --coverage: leave out problems of more multiply-adds than N^3 (e.g. 2048 on a CPU device)")
      ("layout", po::value<std::string>()->default_value("row"), "row or col (major)")
      ("precision", po::value<std::string>()->default_value("fp32"),
       "fp16, bf16, tf32, fp32, 3xtf32 or fp64 (32 and 64 too)")
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
      ("shard", po::value<std::string>(),
       "tune the I-th of N parts of this command's problems (I/N), one of N separate jobs; merge their databases after")
      ("json", "print a JSON summary per problem");
  if (asks_for_help(args)) {
    std::cout << options << "\nstrategies: " << strategy_names() << '\n';
    return 0;
  }
  const auto values = parse("tune", args, options);
  if (values.count("list") && !values.count("coverage")) throw UsageError("--list prints the coverage set: it needs --coverage");
  const std::vector<Problem> problems = requested_problems(values);
  const std::optional<std::uint64_t> largest = largest_cube(values);
  if (values.count("list")) {
    std::vector<Problem> listed;
    for (const Problem& problem : problems) {
      // On standard error, as those a device cannot hold: the list stays a problem file.
      if (const auto reason = beyond_largest_cube(problem, largest))
        std::cerr << "left out of the coverage set: " << *reason << '\n';
      else
        listed.push_back(problem);
    }
    const std::string bound = largest ? " --largest-cube " + std::to_string(*largest) : "";
    write_problem_file(std::cout, listed, "gemmtune tune --coverage" + bound + "\nM N K TRANS, then the class");
    return 0;
  }
  TuneRun run;
  TuningRequest& request = run.request;
  run.devices = select_devices(values["device"].as<std::string>());
  request.database = database_path(values);
  run.layout = parse_layout(values["layout"].as<std::string>());
  request.precision = parse_precision(values["precision"].as<std::string>());
  request.strategy = values["strategy"].as<std::string>();
  search::make_strategy(request.strategy);  // an unknown name fails now, listing the names
  request.seed = whole_number_option(values, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  request.budget.evaluations = whole_number_option(values, "budget", 1, most_evaluations);
  if (values.count("time-limit")) run.time_limit = real_number_option(values, "time-limit", 0.0, most_seconds);
  if (values.count("session-time-limit"))
    run.session_time_limit = real_number_option(values, "session-time-limit", 0.0, most_seconds);
  if (values.count("patience"))
    request.budget.without_improvement = whole_number_option(values, "patience", 1, most_evaluations);
  if (values.count("space")) run.space_file = values["space"].as<std::string>();
  request.evaluator.timed_runs = static_cast<int>(whole_number_option(values, "runs", 1, most_timed_calls));
  if (values.count("compile-threads"))
    request.evaluator.compile_threads = whole_number_option(values, "compile-threads", 0, most_compile_threads);
  request.evaluator.timeout_seconds = real_number_option(values, "run-limit", 0.001, most_seconds);
  if (!values.count("in-process")) {
    request.isolation = TuningRequest::Isolation{};
    request.isolation->limits.compile_seconds = real_number_option(values, "compile-limit", 0.001, most_seconds);
    request.isolation->limits.run_floor_seconds = request.evaluator.timeout_seconds;
    run.worker_program = std::filesystem::read_symlink("/proc/self/exe");
  }
  request.command_line = joined(args);
  const bool json = values.count("json") > 0;
  std::vector<DeviceLimits> limits;  // of each device, read once
  for (const DeviceEntry& device : run.devices) {
    limits.push_back(limits_of(device.device));
    if (request.precision == Precision::Double && !limits.back().fp64)
      throw UsageError("device '" + device.fingerprint.name + "' has no double precision (cl_khr_fp64)");
  }
  const auto families = families_per_problem(values["family"].as<std::string>(), run.space_file, request.precision, run.layout, problems);
  // A family asked for by name must run on every device asked for; of "all", each device tunes
  // those it can run.
  if (values["family"].as<std::string>() != "all" || run.space_file)
    for (std::size_t d = 0; d < run.devices.size(); ++d)
      for (const KernelFamily* family : families.front())
        if (const auto reason = unavailable_on_device(*family, limits[d], request.precision))
          throw UsageError("kernel family " + family->name() + " cannot run on " + run.devices[d].selector + " (" +
                           run.devices[d].fingerprint.name + "): " + *reason);

  // Every problem is checked against every device before the first is tuned, so that one a device
  // cannot hold records nothing; the coverage set, not the user's choice, only loses those a device
  // cannot hold (and those beyond --largest-cube, named here, after every option was checked). The evaluator holds A, B and C, C before each call, the reference result and
  // |A||B| (these two in the precision's accumulator type, whose width counts for all), on the
  // device and on the host alike.
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const Problem& p = problems[i];
    if (const auto reason = beyond_largest_cube(p, largest)) {
      std::cerr << "left out of the coverage set: " << *reason << '\n';
      continue;
    }
    try {
      for (const DeviceLimits& device_limits : limits)
        check_problem_fits(dense_gemm_arguments(run.layout, p.trans_a, p.trans_b, p.size.m, p.size.n, p.size.k),
                           precision_info(accumulator_precision(request.precision)).storage_bytes, device_limits,
                           Copies{2, 4}, Copies{2, 4});
      run.problems.push_back(p);
      run.families.push_back(families[i]);
    } catch (const UsageError& error) {
      if (!values.count("coverage")) throw;
      std::cerr << "left out of the coverage set: " << error.what() << '\n';
    }
  }

  if (values.count("shard")) {
    const Shard shard = parse_shard(values["shard"].as<std::string>());
    const std::size_t all = run.problems.size();
    TuneRun part = run;
    part.problems.clear(), part.families.clear();
    for (const std::size_t p : shard_problems(all, shard))
      part.problems.push_back(run.problems[p]), part.families.push_back(run.families[p]);
    part.request.budget.evaluations = shard_budget(*request.budget.evaluations, all, shard);
    part.request.seed = shard_seed(request.seed, all, shard);
    run = std::move(part);
    std::cerr << "shard " << shard.index << "/" << shard.count << ": " << run.problems.size() << " of " << all
              << " problems, " << *request.budget.evaluations << " evaluations each, seed " << request.seed << '\n';
    if (run.problems.empty() || *request.budget.evaluations == 0) return 0;  // nothing falls to this shard
  }

  // A database this process cannot write (read-only, another program's, newer, damaged) is refused
  // now, before the spaces are enumerated, in one line; a new one is made with the first result.
  if (std::filesystem::exists(request.database)) {
    db::Database::for_check(request.database).refuse_if_damaged();  // before opening it to write
    db::Database(request.database, db::Database::Mode::ReadWrite);
  }
  std::string on;
  for (const DeviceEntry& device : run.devices)
    on += (on.empty() ? "" : ", ") + device.selector + " (" + device.fingerprint.name + ")";
  std::cerr << "tuning on " << on << " into " << request.database.string() << ", strategy " << request.strategy
            << ", seed " << request.seed << '\n';

  const TuneRunResult result = run_tuning(run);
  // Interrupted too: the summaries of what was tuned to the end, as a script reading them expects.
  if (json) std::cout << boost::json::serialize(result.summaries) << '\n';
  if (result.interrupted_by) {
    std::cerr << "gemmtune tune: " << Interrupted(result.interrupted_by).what() << ": the " << result.measured
              << " evaluations measured in this run are kept in " << request.database.string()
              << "; the same command resumes where this one stopped\n";
    return 128 + result.interrupted_by;
  }
  if (!result.not_reached.empty())
    std::cerr << "session time limit reached; not tuned (" << result.not_reached.size()
              << "): " << listed(result.not_reached) << '\n';
  return 0;
}

}  // namespace gemmtune::cli
