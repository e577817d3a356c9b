// `gemmtune bench`: gemmtune through the dispatcher beside CLBlast, OpenBLAS and cuBLAS, same data, same timing.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string_view>
#include <thread>

#include "bench/peer.hpp"
#include "bench/reference_check.hpp"
#include "bench/summary.hpp"
#include "core/precision.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/output_file.hpp"
#include "tuner/problem_fits.hpp"
#include "tuner/problem_list.hpp"

namespace gemmtune::bench {
extern const char* const commit_id;  // generated at build time (bench/commit_id.cmake)
}

namespace gemmtune::cli {
namespace {

// --random's defaults: sizes up to 8192 and K up to 500,000 (speech models' deep K), no matrix over
// 2^28 elements (1 GiB in fp32), so that every drawn problem fits a GPU of 80 GiB beside the peers.
constexpr std::size_t default_largest = 8192, default_deepest = 500000;
constexpr std::size_t most_random_elements = std::size_t{1} << 28;
constexpr std::uint64_t most_random_problems = 1'000'000;

struct Result {
  Problem problem;
  std::string peer;
  Precision peer_precision = Precision::Single;  // what the peer computed: the run's, or its stand-in
  double seconds = 0, tflops = 0;
  bool ok = false;
  boost::json::object extra;
};

// The standard shape list: squares 256..8192, an odd size, a flat K, two skinny ones, a transposed A.
std::vector<Problem> default_shapes() {
  std::vector<Problem> shapes;
  for (std::size_t s = 256; s <= 8192; s *= 2) shapes.push_back({{s, s, s}});
  shapes.push_back({{1000, 1000, 1000}});
  shapes.push_back({{4096, 4096, 256}});
  shapes.push_back({{8192, 64, 8192}});
  shapes.push_back({{64, 8192, 8192}});
  shapes.push_back({{4096, 4096, 4096}, Transpose::Yes, Transpose::No});
  return shapes;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, ',');) parts.push_back(part);
  return parts;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::ostringstream out;
  out << std::put_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  return out.str();
}

std::string format_tflops(double value) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(value >= 100 ? 1 : value >= 1 ? 2 : 4) << value;
  return out.str();
}

// Three decimals, or three significant digits below 0.01 (a tiny problem against OpenBLAS).
std::string format_ratio(double ratio) {
  std::ostringstream out;
  if (ratio >= 0.01) out << std::fixed;
  out << std::setprecision(3) << ratio << "x";
  return out.str();
}

class Bench {
 public:
  Bench(bench::Setup setup, std::vector<std::unique_ptr<bench::Peer>> peers, OutputFile* json_file,
        std::string origin)
      : setup_(std::move(setup)),
        peers_(std::move(peers)),
        json_file_(json_file),
        origin_(std::move(origin)),
        date_(utc_now()) {}

  void run(const std::vector<Problem>& shapes) {
    const PrecisionInfo& precision = precision_info(setup_.precision);
    std::cout << "device    " << setup_.device.selector << "  " << setup_.device.fingerprint.name << "  ("
              << setup_.device.fingerprint.platform << ", driver " << setup_.device.fingerprint.driver_version << ")\n"
              << "precision " << precision.code << ": " << precision.summary
              << "; checked against a host GEMM in double on the operands as the precision rounds them, within "
                 "2 (K + 2) 2^"
              << std::ilogb(precision.epsilon) << " (|A| |B|)(i, j)\n"
              << "timing    " << timing_description() << " after " << setup_.warm_up
              << " warm-up calls (gemmtune's after its trial calls, where a shape's choice is a prediction); "
                 "TFLOP/s = 2*M*N*K / time\n";
    for (const auto& peer : peers_) {
      const bench::Service& service = services_[peer->name()] = peer->service(setup_.precision);
      if (!peer->unavailable_reason().empty()) {
        note(peer->name() + " unavailable: " + peer->unavailable_reason());
        continue;
      }
      std::cout << "peer      " << std::left << std::setw(10) << peer->name() << std::right;
      if (service.serves())
        std::cout << std::left << std::setw(8) << to_string(service.computes) << std::right << service.routine << '\n';
      else
        std::cout << "does not serve " << precision.code << ": " << service.not_served << '\n';
    }
    // OpenBLAS reads this when it loads. Unset, its idle threads keep spinning long after the
    // reference call (0.5 s of waiting is not enough): on PoCL at 1024^3 the OpenCL peers then ran
    // at 68 GFLOP/s instead of 87 (2026-11-21), while OpenBLAS itself ran as fast with it set to 4.
    if (setup_.device.fingerprint.type == "cpu" && !std::getenv("OPENBLAS_THREAD_TIMEOUT"))
      note("OPENBLAS_THREAD_TIMEOUT is unset: OpenBLAS's idle threads spin and slow the OpenCL peers on this "
           "CPU device; run with OPENBLAS_THREAD_TIMEOUT=4 for a fair comparison");
    // gemmtune sets it (tuner/pocl_affinity.hpp) unless the user did or a CPU set forbids it.
    const char* pinned = std::getenv("POCL_AFFINITY");
    if (setup_.device.fingerprint.platform == pocl_platform_name &&
        !(pinned && std::string_view(pinned) == "1"))
      note("PoCL's worker threads are not pinned to cores (POCL_AFFINITY is not 1): calls of many work-groups may run "
           "at half speed where the scheduler puts two workers on one core");
    print_header();
    for (const auto& shape : shapes) {
      run_shape(shape);
      write_json();  // after every shape, so that a run cut short keeps what it measured
    }
    print_summary();
    write_json();
  }

  bool all_ok() const {
    return std::all_of(results_.begin(), results_.end(), [](const Result& r) { return r.ok; });
  }

 private:
  std::string timing_description() const {
    if (setup_.timing == bench::CallTiming::PerCall)
      return "median of " + std::to_string(setup_.repeat) + " calls, each alone with its own event";
    return "median of " + std::to_string(setup_.repeat) + " rounds of calls issued back to back without events (up to " +
           std::to_string(bench::most_calls_per_round) + " a round, enough for " +
           std::to_string(static_cast<int>(bench::stream_round_seconds * 1e6)) + " us), time per call";
  }

  void note(const std::string& text) {
    notes_.push_back(text);
    std::cout << "note      " << text << '\n';
  }

  // Once per text: a peer leaving out every problem of a transposition says so once, not per problem.
  void note_once(const std::string& text) {
    if (std::find(notes_.begin(), notes_.end(), text) == notes_.end()) note(text);
  }

  // Available here and serving the run's precision.
  bool serves(const bench::Peer& peer) const {
    const auto found = services_.find(peer.name());
    return found != services_.end() && found->second.serves();
  }

  std::vector<std::string> ratio_peers() const {
    std::vector<std::string> names;
    for (const auto& row : bench::peer_table())
      for (const auto& peer : peers_)
        if (peer->name() == row.name && row.name != "gemmtune" && serves(*peer))
          names.push_back(row.name);
    return names;
  }

  void print_header() const {
    std::cout << '\n' << std::left << std::setw(20) << "shape" << std::setw(6) << "trans" << std::setw(8) << "class";
    for (const auto& peer : peers_) std::cout << std::right << std::setw(11) << peer->name();
    for (const auto& other : ratio_peers()) std::cout << std::setw(13) << ("gt/" + other);
    std::cout << "   (TFLOP/s)\n";
  }

  void run_shape(const Problem& shape) {
    const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, shape.trans_a, shape.trans_b, shape.size.m,
                                                 shape.size.n, shape.size.k);
    const RequiredElements required = validate_gemm_arguments(g);
    const std::string trans = transpose_code(shape.trans_a, shape.trans_b);
    const std::string label = format_problem(shape);

    bench::Problem problem{setup_.precision, g.m, g.n, g.k, g.trans_a, g.trans_b, g.lda, g.ldb, g.ldc,
                           nullptr, nullptr, nullptr};
    // The fit checks need only the sizes: a shape no peer can hold costs no host memory.
    std::vector<bench::Peer*> fitting;
    for (const auto& peer : peers_) {
      if (!serves(*peer)) continue;
      const std::string reason = peer->does_not_fit(problem);
      if (reason.empty())
        fitting.push_back(peer.get());
      else
        note("skipped " + label + " on " + peer->name() + ": " + reason);
    }
    std::map<std::string, Result> row;
    if (fitting.empty()) return print_row(shape, row);
    summary_.add_problem(problem_class(shape.size));
    // The data is made once, at the run's precision, and shared by every peer.
    const HostMatrix a = HostMatrix::random(setup_.precision, required.a, 1),
                            b = HostMatrix::random(setup_.precision, required.b, 2),
                            c = HostMatrix::random(setup_.precision, required.c, 3);
    problem.a = &a;
    problem.b = &b;
    problem.c = &c;
    const bench::Reference reference(problem, 4096.0 * 4096.0 * 4096.0);

    for (bench::Peer* peer : fitting) {
      Result result;
      result.problem = shape;
      result.peer = peer->name();
      result.peer_precision = services_.at(peer->name()).computes;
      try {
        // OpenBLAS's threads spin for about a tenth of a second after each call (the reference, the
        // openblas peer): on a CPU device they would compete with the OpenCL peer being timed.
        if (setup_.device.fingerprint.type == "cpu") std::this_thread::sleep_for(std::chrono::milliseconds(500));
        bench::PeerRun run = peer->run(problem);
        result.seconds = median(run.seconds);
        result.tflops = result.seconds > 0 ? 2.0 * g.m * g.n * g.k / result.seconds * 1e-12 : 0;
        const CheckResult check = reference.check(run.c);
        result.ok = check.ok;
        result.extra = std::move(run.extra);
        result.extra["checked"] = "host reference in double on " + reference.scope();
        result.extra["worst_error_over_tolerance"] = check.worst_ratio;
        if (!check.ok) {
          result.extra["failure"] = check.first_failure;
          note(peer->name() + " " + label + " fails the " + std::string(precision_info(setup_.precision).code) +
               " check: " + check.first_failure);
        }
      } catch (const bench::NotServed& reason) {
        note_once(peer->name() + " leaves out " + std::string(precision_info(setup_.precision).code) + " " + trans +
                  " problems: " + reason.what());
        continue;
      } catch (const std::exception& error) {
        result.extra["error"] = error.what();
        note(peer->name() + " " + label + " failed: " + error.what());
      }
      if (result.extra.contains("config_source")) ++config_sources_[std::string(result.extra["config_source"].as_string())];
      row[peer->name()] = result;
      results_.push_back(result);
    }
    print_row(shape, row);
  }

  void print_row(const Problem& shape, const std::map<std::string, Result>& row) {
    const std::string problem_class = cli::problem_class(shape.size);
    std::cout << std::left << std::setw(20) << format_size(shape.size) << std::setw(6)
              << transpose_code(shape.trans_a, shape.trans_b) << std::setw(8) << problem_class << std::right;
    for (const auto& peer : peers_) {
      const auto found = row.find(peer->name());
      std::cout << std::setw(11)
                << (found == row.end() ? "-" : found->second.ok ? format_tflops(found->second.tflops)
                                                                : format_tflops(found->second.tflops) + "!");
    }
    const auto ours = row.find("gemmtune");
    for (const auto& other : ratio_peers()) {
      const auto theirs = row.find(other);
      std::string cell = "-";
      if (ours != row.end() && theirs != row.end() && ours->second.ok && theirs->second.ok &&
          ours->second.tflops > 0 && theirs->second.tflops > 0) {
        const double ratio = ours->second.tflops / theirs->second.tflops;
        summary_.add_ratio(problem_class, other, format_problem(shape), ratio);
        std::ostringstream out;
        out << std::fixed << std::setprecision(2) << ratio << "x";
        cell = out.str();
      }
      std::cout << std::setw(13) << cell;
    }
    std::cout << std::endl;
  }

  // By class, then overall: gemmtune's speed over each peer's where both gave a checked time.
  void print_summary() const {
    std::cout << "\nsummary   gemmtune/peer speed at " << to_string(setup_.precision)
              << " by class: geometric mean, the worst and where, problems slower\n"
              << std::left << std::setw(8) << "class" << std::right << std::setw(9) << "problems" << "  "
              << std::left << std::setw(10) << "peer" << std::right << std::setw(9) << "compared" << std::setw(10)
              << "geomean" << std::setw(10) << "worst" << "  " << std::left << std::setw(22) << "at" << std::right
              << std::setw(7) << "slower" << '\n';
    for (const bench::ClassSummary& summary : summary_.classes()) {
      std::cout << std::left << std::setw(8) << summary.name << std::right << std::setw(9) << summary.problems;
      if (summary.peers.empty()) std::cout << "  -\n";
      bool first = true;
      for (const auto& [peer, c] : summary.peers) {
        if (!first) std::cout << std::setw(17) << "";
        first = false;
        std::cout << "  " << std::left << std::setw(10) << peer << std::right << std::setw(9) << c.compared
                  << std::setw(10) << format_ratio(c.geomean) << std::setw(10) << format_ratio(c.worst) << "  "
                  << std::left << std::setw(22) << c.worst_problem << std::right << std::setw(7) << c.slower << '\n';
      }
    }
    if (!all_ok()) std::cout << "some results were wrong or failed (marked ! or missing); see the notes\n";
  }

  void write_json() const {
    if (!json_file_) return;
    boost::json::array results;
    for (const auto& r : results_) {
      boost::json::object entry{{"m", r.problem.size.m}, {"n", r.problem.size.n}, {"k", r.problem.size.k},
                                {"trans", transpose_code(r.problem.trans_a, r.problem.trans_b)},
                                {"class", problem_class(r.problem.size)},
                                {"precision", to_string(setup_.precision)},
                                {"peer", r.peer}, {"peer_precision", to_string(r.peer_precision)},
                                {"seconds", r.seconds}, {"tflops", r.tflops}, {"ok", r.ok}};
      for (const auto& [key, value] : r.extra) entry[key] = value;
      results.push_back(std::move(entry));
    }
    boost::json::object sources;
    for (const auto& [source, count] : config_sources_) sources[source] = count;
    boost::json::array notes;
    for (const auto& text : notes_) notes.push_back(boost::json::string(text));
    boost::json::object peers;
    for (const auto& [name, service] : services_)
      peers[name] = service.serves() ? boost::json::object{{"serves", true},
                                                           {"precision", to_string(service.computes)},
                                                           {"routine", service.routine}}
                                     : boost::json::object{{"serves", false}, {"reason", service.not_served}};
    const boost::json::object out{{"device", fingerprint_to_json(setup_.device.fingerprint)},
                                  {"device_selector", setup_.device.selector},
                                  {"date", date_},
                                  {"precision", to_string(setup_.precision)},
                                  {"commit", bench::commit_id},
                                  {"repeat", setup_.repeat},
                                  {"warm_up", setup_.warm_up},
                                  {"timing", bench::to_string(setup_.timing)},
                                  {"problems", origin_},
                                  {"peers", std::move(peers)},
                                  {"results", std::move(results)},
                                  {"summary", summary_.to_json()},
                                  {"config_sources", std::move(sources)},
                                  {"notes", std::move(notes)}};
    json_file_->write(boost::json::serialize(out) + '\n');
  }

  bench::Setup setup_;
  std::vector<std::unique_ptr<bench::Peer>> peers_;
  OutputFile* json_file_;  // none without --json
  std::string origin_;     // how the problems were given, e.g. "--problems FILE"
  std::string date_;
  std::vector<Result> results_;
  std::vector<std::string> notes_;
  bench::Summary summary_;
  std::map<std::string, int> config_sources_;
  std::map<std::string, bench::Service> services_;  // by peer name
};

// gemmtune first, then the asked peers in the table's order, each once.
std::vector<std::string> peer_names(const std::optional<std::string>& asked, const DeviceFingerprint& device) {
  std::vector<std::string> names{"gemmtune"};
  const std::vector<std::string> wanted = asked ? split_commas(*asked) : std::vector<std::string>{};
  for (const auto& peer : bench::peer_table()) {
    if (peer.name == "gemmtune") continue;
    const bool by_default = device.type == "gpu" ? peer.default_on_gpu : device.type == "cpu" && peer.default_on_cpu;
    if (asked ? std::find(wanted.begin(), wanted.end(), peer.name) != wanted.end() : by_default)
      names.push_back(peer.name);
  }
  return names;
}

// The problems a run measures, from --sizes, --problems, --random or the standard list, and how
// they were given (for --list's header and the JSON file). Refused before any device is opened.
std::pair<std::vector<Problem>, std::string> asked_problems(const boost::program_options::variables_map& values) {
  const int sources = static_cast<int>(values.count("sizes") + values.count("problems") + values.count("random"));
  if (sources > 1) throw UsageError("--sizes, --problems and --random are alternatives: give one of them");
  if (values.count("trans") && !values.count("sizes"))
    throw UsageError("--trans applies to --sizes; the default shapes, problem files and random draws carry their own");
  if (!values.count("random"))
    for (const char* option : {"seed", "largest", "deepest"})
      if (values.count(option)) throw UsageError(std::string("--") + option + " applies to --random");

  if (values.count("sizes")) {
    Transpose ta = Transpose::No, tb = Transpose::No;
    const std::string trans = values.count("trans") ? values["trans"].as<std::string>() : "NN";
    std::tie(ta, tb) = parse_trans(trans);
    std::vector<Problem> problems;
    for (const Size& size : parse_sizes(values["sizes"].as<std::string>())) problems.push_back({size, ta, tb});
    return {problems, "--sizes " + values["sizes"].as<std::string>() + " --trans " + transpose_code(ta, tb)};
  }
  if (values.count("problems")) {
    const std::string file = values["problems"].as<std::string>();
    return {read_problem_file(file), "--problems " + file};
  }
  if (values.count("random")) {
    const std::uint64_t count = whole_number_option(values, "random", 1, most_random_problems);
    const std::uint64_t seed =
        values.count("seed") ? whole_number_option(values, "seed", 0, std::numeric_limits<std::uint64_t>::max()) : 1;
    // A dimension beyond the elements of a matrix could never be drawn.
    const std::uint64_t largest =
        values.count("largest") ? whole_number_option(values, "largest", 1, most_random_elements) : default_largest;
    const std::uint64_t deepest = values.count("deepest") ? whole_number_option(values, "deepest", 1, most_random_elements)
                                  : values.count("largest") ? largest
                                                            : default_deepest;
    std::ostringstream origin;
    origin << "--random " << count << " --seed " << seed << " --largest " << largest << " --deepest " << deepest
           << ": at most " << most_random_elements << " elements per matrix";
    return {random_problems(count, seed, largest, deepest, most_random_elements), origin.str()};
  }
  return {default_shapes(), "(the standard shape list)"};
}

}  // namespace

int bench_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune bench [options]");
  options.add_options()
      ("help,h", "show this help")
      ("device", po::value<std::string>()->default_value(""), "device index or platform:index (gemmtune devices)")
      ("db", po::value<std::string>(), "tuning database (default $GEMMTUNE_DB, else the per-user file)")
      ("sizes", po::value<std::string>(), "MxNxK list (default: squares 256..8192, 1000, 4096x4096x256, two skinny shapes, 4096 TN)")
      ("trans", po::value<std::string>(), "op(A) and op(B) for --sizes: NN, NT, TN or TT (default NN)")
      ("problems", po::value<std::string>(), "problem file: one 'M N K [TRANS]' per line, '#' comments (instead of --sizes)")
      ("random", po::value<std::string>(), "this many random problems: log-uniform sizes, every transposition (instead of --sizes)")
      ("seed", po::value<std::string>(), "with --random: seed of the draw (default 1; same seed, same problems)")
      ("largest", po::value<std::string>(), "with --random: largest M and N (default 8192)")
      ("deepest", po::value<std::string>(), "with --random: largest K (default 500000, or --largest where that is given)")
      ("list", "print the problems as a problem file and measure nothing")
      ("precision", po::value<std::string>()->default_value("fp32"),
       "fp16, bf16, tf32, fp32, 3xtf32 or fp64 (32 and 64 too); each peer says how it serves it, or why not")
      ("peers", po::value<std::string>(), "comma-separated: clblast, openblas, cublas (default: clblast, plus cublas on a GPU, openblas on a CPU)")
      ("repeat", po::value<std::string>()->default_value("15"), "timed calls (stream rounds with --timing stream) per peer and shape (the median is reported)")
      ("warm-up", po::value<std::string>()->default_value("2"), "untimed calls before the timed ones")
      ("timing", po::value<std::string>()->default_value("per-call"),
       "per-call: each call alone, with its own event; stream: rounds of calls issued back to back, no events")
      ("json", po::value<std::string>(), "also write the results to this JSON file")
      ("force", "with --json: replace the file if it exists");
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("bench", args, options);
  // Unknown peers are refused before any device is opened.
  if (values.count("peers"))
    for (const auto& name : split_commas(values["peers"].as<std::string>()))
      bench::require_known_peer(name);

  bench::Setup setup;
  setup.precision = parse_precision(values["precision"].as<std::string>());
  setup.repeat = static_cast<int>(whole_number_option(values, "repeat", 1, most_timed_calls));
  setup.warm_up = static_cast<int>(whole_number_option(values, "warm-up", 0, most_timed_calls));
  setup.timing = bench::parse_call_timing(values["timing"].as<std::string>());
  const auto [shapes, origin] = asked_problems(values);
  if (values.count("list")) {
    if (values.count("json")) throw UsageError("--list measures nothing, so --json would have nothing to write");
    write_problem_file(std::cout, shapes, "gemmtune bench " + origin + "\nM N K TRANS, then the class");
    return 0;
  }
  // Before any device is opened: each problem's data and a peer's result are held on the host,
  // whichever peers skip it on their devices, and the reference check holds up to as much again
  // in double (B whole, rows of A, C's expected values): a bound of each at both widths.
  for (const auto& shape : shapes)
    check_host_fits(dense_gemm_arguments(Layout::RowMajor, shape.trans_a, shape.trans_b, shape.size.m, shape.size.n,
                                         shape.size.k),
                    precision_info(setup.precision).storage_bytes + sizeof(double), Copies{1, 2});
  // Checked before any device is opened: a run of minutes must not end unable to keep its results,
  // nor replace the database it reads.
  std::optional<OutputFile> json_file;
  if (values.count("json"))
    json_file.emplace(values["json"].as<std::string>(), values.count("force") != 0,
                      std::vector<std::filesystem::path>{database_path(values)});
  setup.database = database_to_read(values).string();
  setup.device = select_device(values["device"].as<std::string>());

  std::vector<std::unique_ptr<bench::Peer>> peers;
  const std::optional<std::string> asked =
      values.count("peers") ? std::optional(values["peers"].as<std::string>()) : std::nullopt;
  for (const auto& name : peer_names(asked, setup.device.fingerprint)) peers.push_back(bench::make_peer(name, setup));

  Bench bench(setup, std::move(peers), json_file ? &*json_file : nullptr, origin);
  bench.run(shapes);
  return bench.all_ok() ? 0 : 1;
}

}  // namespace gemmtune::cli
