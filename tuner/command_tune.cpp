// `gemmtune tune`: tunes each requested problem on one device into the tuning database.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/handle.hpp"
#include "search/registry.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/family_space.hpp"
#include "tuner/problem_fits.hpp"
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

}  // namespace

int tune_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune tune [options]");
  options.add_options()
      ("help,h", "show this help")
      ("device", po::value<std::string>()->default_value(""), "device index or platform:index (gemmtune devices)")
      ("db", po::value<std::string>(), "tuning database (default $GEMMTUNE_DB, else the per-user file)")
      ("sizes", po::value<std::string>()->default_value("1024"), "problems to tune: MxNxK[,MxNxK...]")
      ("trans", po::value<std::string>()->default_value("NN"), "op(A) and op(B): NN, NT, TN or TT")
      ("layout", po::value<std::string>()->default_value("row"), "row or col (major)")
      ("precision", po::value<std::string>()->default_value("fp32"), "fp32 or fp64 (32 and 64 too)")
      ("family", po::value<std::string>()->default_value("all"),
       "kernel families to tune, comma-separated, or all that serve the problem (gemmtune kernels)")
      ("strategy", po::value<std::string>()->default_value(search::default_strategy_name()), "search strategy")
      ("budget", po::value<std::string>()->default_value("100"), "evaluations per problem (recorded ones count)")
      ("time-limit", po::value<std::string>(), "seconds per problem (enumerating the space included)")
      ("patience", po::value<std::string>(), "stop after this many evaluations without improvement")
      ("seed", po::value<std::string>()->default_value("1"), "seed of the strategy (same seed: same search)")
      ("space", po::value<std::string>(), "search space file of one family (default: each family's own)")
      ("runs", po::value<std::string>()->default_value("5"), "timed runs per configuration")
      ("compile-threads", po::value<std::string>(), "threads compiling ahead (default: 0 on CPU devices, else up to 8)")
      ("json", "print a JSON summary per problem");
  if (asks_for_help(args)) {
    std::cout << options << "\nstrategies: " << strategy_names() << '\n';
    return 0;
  }
  const auto values = parse("tune", args, options);
  TuningRequest request;
  request.device = select_device(values["device"].as<std::string>());
  request.database = database_path(values);
  const auto [trans_a, trans_b] = parse_trans(values["trans"].as<std::string>());
  const Layout layout = parse_layout(values["layout"].as<std::string>());
  request.precision = parse_precision(values["precision"].as<std::string>());
  request.strategy = values["strategy"].as<std::string>();
  search::make_strategy(request.strategy);  // an unknown name fails now, listing the names
  request.seed = whole_number_option(values, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  request.budget.evaluations = whole_number_option(values, "budget", 1, most_evaluations);
  if (values.count("time-limit")) request.budget.seconds = real_number_option(values, "time-limit", 0.0, most_seconds);
  if (values.count("patience"))
    request.budget.without_improvement = whole_number_option(values, "patience", 1, most_evaluations);
  if (values.count("space")) request.space_file = values["space"].as<std::string>();
  request.evaluator.timed_runs = static_cast<int>(whole_number_option(values, "runs", 1, most_timed_calls));
  if (values.count("compile-threads"))
    request.evaluator.compile_threads = whole_number_option(values, "compile-threads", 0, most_compile_threads);
  request.command_line = joined(args);
  const bool json = values.count("json") > 0;
  const DeviceLimits limits = limits_of(request.device.device);
  if (request.precision == Precision::Double && !limits.fp64)
    throw UsageError("device '" + request.device.fingerprint.name + "' has no double precision (cl_khr_fp64)");
  const auto sizes = parse_sizes(values["sizes"].as<std::string>());
  const std::string trans = transpose_code(trans_a, trans_b);
  std::vector<const KernelFamily*> families;
  if (const std::string chosen = values["family"].as<std::string>(); chosen == "all") {
    for (const auto& family : kernel_families())
      if (family.serves(request.precision, trans)) families.push_back(&family);
  } else {
    std::istringstream names(chosen);
    for (std::string name; std::getline(names, name, ',');) families.push_back(&kernel_family(name));
  }
  if (request.space_file) {
    families = {&kernel_family(space_family(*request.space_file))};  // a space file is of the family it names
  }
  for (const KernelFamily* family : families)
    if (!family->serves(request.precision, trans))
      throw UsageError("kernel family " + family->name() + " does not serve " + to_string(request.precision) + " " +
                       trans + " problems");
  if (families.empty())
    throw UsageError("no kernel family serves " + to_string(request.precision) + " " + trans + " problems");
  // Every problem is checked before the first is tuned, so that one the device cannot hold records
  // nothing. The evaluator holds A, B and C, C before each call, the reference result and
  // |A||B|, and |A| and |B| while preparing, on the device and on the host alike.
  for (const Size& size : sizes)
    check_problem_fits(dense_gemm_arguments(layout, trans_a, trans_b, size.m, size.n, size.k),
                       precision_info(request.precision).storage_bytes, limits, Copies{2, 4}, Copies{2, 4});

  std::cerr << "tuning on " << request.device.selector << " (" << request.device.fingerprint.name << ") into "
            << request.database.string() << ", strategy " << request.strategy << ", seed " << request.seed << '\n';
  boost::json::array summaries;
  for (const Size& size : sizes)
  for (const KernelFamily* family : families) {
    request.family = family;
    request.problem = dense_gemm_arguments(layout, trans_a, trans_b, size.m, size.n, size.k);
    std::cerr << format_size(size) << " " << trans << " " << to_string(layout) << "-major "
              << to_string(request.precision) << ", kernel family " << family->name() << '\n';
    ProgressPrinter printer(request.budget.seconds.value_or(0));
    const TuningSummary summary = tune_problem(request, std::ref(printer), print_enumeration_progress);
    printer.finish();
    const double per_minute = summary.wall_seconds > 0 ? summary.measured / summary.wall_seconds * 60 : 0;
    if (json) {
      boost::json::object out{{"m", size.m}, {"n", size.n}, {"k", size.k},
                              {"trans", transpose_code(trans_a, trans_b)}, {"layout", to_string(layout)},
                              {"precision", to_string(request.precision)}, {"family", family->name()},
                              {"strategy", request.strategy},
                              {"evaluations", summary.evaluations}, {"measured", summary.measured},
                              {"replayed", summary.replayed}, {"failed", summary.failed},
                              {"space_valid", summary.space_valid}, {"wall_seconds", summary.wall_seconds},
                              {"configs_per_minute", per_minute},
                              {"seconds_to_within_2_percent", summary.seconds_to_within_2_percent},
                              {"best_gflops", summary.best_gflops}};
      if (summary.best) {
        out["best_config"] = config_to_json(summary.best->config);
        out["best_seconds"] = summary.best->measurement.seconds;
      }
      summaries.push_back(std::move(out));
    }
    std::cerr << std::fixed << std::setprecision(1) << "  done: " << summary.evaluations << " evaluations ("
              << summary.measured << " measured, " << summary.replayed << " from the database, " << summary.failed
              << " failed) of " << summary.space_valid << " valid configurations in " << summary.wall_seconds
              << " s, " << per_minute << " configs/min\n";
    if (summary.best)
      std::cerr << "  best: " << summary.best_gflops << " GFLOP/s with " << describe_config(summary.best->config)
                << " (within 2% of it after " << summary.seconds_to_within_2_percent << " s)\n";
    else
      std::cerr << "  no configuration ran correctly\n";
  }
  if (json) std::cout << boost::json::serialize(summaries) << '\n';
  return 0;
}

}  // namespace gemmtune::cli
