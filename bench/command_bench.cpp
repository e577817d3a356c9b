// `gemmtune bench`: gemmtune through the dispatcher beside CLBlast, OpenBLAS and cuBLAS, same data, same timing.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "bench/peer.hpp"
#include "bench/reference_check.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/output_file.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::bench {
extern const char* const commit_id;  // generated at build time (bench/commit_id.cmake)
}

namespace gemmtune::cli {
namespace {

struct Shape {
  Size size;
  Transpose trans_a = Transpose::No, trans_b = Transpose::No;
};

struct Result {
  Shape shape;
  std::string peer;
  double seconds = 0, tflops = 0;
  bool ok = false;
  boost::json::object extra;
};

// The standard shape list: squares 256..8192, an odd size, a flat K, two skinny ones, a transposed A.
std::vector<Shape> default_shapes() {
  std::vector<Shape> shapes;
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

std::string shape_text(const Shape& s) { return format_size(s.size); }

class Bench {
 public:
  Bench(bench::Setup setup, std::vector<std::unique_ptr<bench::Peer>> peers, OutputFile* json_file)
      : setup_(std::move(setup)), peers_(std::move(peers)), json_file_(json_file), date_(utc_now()) {}

  void run(const std::vector<Shape>& shapes) {
    std::cout << "device    " << setup_.device.selector << "  " << setup_.device.fingerprint.name << "  ("
              << setup_.device.fingerprint.platform << ", driver " << setup_.device.fingerprint.driver_version << ")\n"
              << "timing    median of " << setup_.repeat << " calls after " << setup_.warm_up
              << " warm-up calls; TFLOP/s = 2*M*N*K / time\n";
    for (const auto& peer : peers_)
      if (!peer->unavailable_reason().empty()) note(peer->name() + " unavailable: " + peer->unavailable_reason());
    // OpenBLAS reads this when it loads. Unset, its idle threads keep spinning long after the
    // reference call (0.5 s of waiting is not enough): on PoCL at 1024^3 the OpenCL peers then ran
    // at 68 GFLOP/s instead of 87 (2026-11-21), while OpenBLAS itself ran as fast with it set to 4.
    if (setup_.device.fingerprint.type == "cpu" && !std::getenv("OPENBLAS_THREAD_TIMEOUT"))
      note("OPENBLAS_THREAD_TIMEOUT is unset: OpenBLAS's idle threads spin and slow the OpenCL peers on this "
           "CPU device; run with OPENBLAS_THREAD_TIMEOUT=4 for a fair comparison");
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
  void note(const std::string& text) {
    notes_.push_back(text);
    std::cout << "note      " << text << '\n';
  }

  std::vector<std::string> ratio_peers() const {
    std::vector<std::string> names;
    for (const auto& row : bench::peer_table())
      for (const auto& peer : peers_)
        if (peer->name() == row.name && row.name != "gemmtune" && peer->unavailable_reason().empty())
          names.push_back(row.name);
    return names;
  }

  void print_header() const {
    std::cout << '\n' << std::left << std::setw(18) << "shape" << std::setw(6) << "trans";
    for (const auto& peer : peers_) std::cout << std::right << std::setw(11) << peer->name();
    for (const auto& other : ratio_peers()) std::cout << std::setw(13) << ("gt/" + other);
    std::cout << "   (TFLOP/s)\n";
  }

  void run_shape(const Shape& shape) {
    const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, shape.trans_a, shape.trans_b, shape.size.m,
                                                 shape.size.n, shape.size.k);
    const RequiredElements required = validate_gemm_arguments(g);
    const std::string trans = transpose_code(shape.trans_a, shape.trans_b);
    const std::string label = shape_text(shape) + " " + trans;

    bench::Problem problem{g.m, g.n, g.k, g.trans_a, g.trans_b, g.lda, g.ldb, g.ldc, nullptr, nullptr, nullptr};
    // The fit checks need only the sizes: a shape no peer can hold costs no host memory.
    std::vector<bench::Peer*> fitting;
    for (const auto& peer : peers_) {
      if (!peer->unavailable_reason().empty()) continue;
      const std::string reason = peer->does_not_fit(problem);
      if (reason.empty())
        fitting.push_back(peer.get());
      else
        note("skipped " + label + " on " + peer->name() + ": " + reason);
    }
    std::map<std::string, Result> row;
    if (fitting.empty()) return print_row(shape, trans, row);
    // The data is made once and shared by every peer.
    const std::vector<float> a = random_values<float>(required.a, 1), b = random_values<float>(required.b, 2),
                             c = random_values<float>(required.c, 3);
    problem.a = &a;
    problem.b = &b;
    problem.c = &c;
    const bench::Reference reference(problem, 4096.0 * 4096.0 * 4096.0);

    for (bench::Peer* peer : fitting) {
      Result result;
      result.shape = shape;
      result.peer = peer->name();
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
        result.extra["checked"] = "OpenBLAS on " + reference.scope();
        if (!check.ok) {
          result.extra["failure"] = check.first_failure;
          note(peer->name() + " " + label + " differs from OpenBLAS: " + check.first_failure);
        }
      } catch (const std::exception& error) {
        result.extra["error"] = error.what();
        note(peer->name() + " " + label + " failed: " + error.what());
      }
      if (result.extra.contains("config_source")) ++config_sources_[std::string(result.extra["config_source"].as_string())];
      row[peer->name()] = result;
      results_.push_back(result);
    }
    print_row(shape, trans, row);
  }

  void print_row(const Shape& shape, const std::string& trans, const std::map<std::string, Result>& row) {
    std::cout << std::left << std::setw(18) << shape_text(shape) << std::setw(6) << trans << std::right;
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
      if (ours != row.end() && theirs != row.end() && ours->second.ok && theirs->second.ok && theirs->second.tflops > 0) {
        const double ratio = ours->second.tflops / theirs->second.tflops;
        ratios_[other].push_back(ratio);
        std::ostringstream out;
        out << std::fixed << std::setprecision(2) << ratio << "x";
        cell = out.str();
      }
      std::cout << std::setw(13) << cell;
    }
    std::cout << std::endl;
  }

  void print_summary() const {
    std::cout << '\n';
    for (const auto& other : ratio_peers()) {
      const auto found = ratios_.find(other);
      if (found == ratios_.end() || found->second.empty()) continue;
      double log_sum = 0;
      for (double ratio : found->second) log_sum += std::log(ratio);
      std::cout << "geometric mean of gemmtune/" << other << ": " << std::fixed << std::setprecision(3)
                << std::exp(log_sum / found->second.size()) << "x over " << found->second.size() << " shapes\n";
    }
    if (!all_ok()) std::cout << "some results were wrong or failed (marked ! or missing); see the notes\n";
  }

  void write_json() const {
    if (!json_file_) return;
    boost::json::array results;
    for (const auto& r : results_) {
      boost::json::object entry{{"m", r.shape.size.m}, {"n", r.shape.size.n}, {"k", r.shape.size.k},
                                {"trans", transpose_code(r.shape.trans_a, r.shape.trans_b)},
                                {"peer", r.peer}, {"seconds", r.seconds}, {"tflops", r.tflops}, {"ok", r.ok}};
      for (const auto& [key, value] : r.extra) entry[key] = value;
      results.push_back(std::move(entry));
    }
    boost::json::object sources;
    for (const auto& [source, count] : config_sources_) sources[source] = count;
    boost::json::array notes;
    for (const auto& text : notes_) notes.push_back(boost::json::string(text));
    const boost::json::object out{{"device", fingerprint_to_json(setup_.device.fingerprint)},
                                  {"device_selector", setup_.device.selector},
                                  {"date", date_},
                                  {"commit", bench::commit_id},
                                  {"repeat", setup_.repeat},
                                  {"warm_up", setup_.warm_up},
                                  {"results", std::move(results)},
                                  {"config_sources", std::move(sources)},
                                  {"notes", std::move(notes)}};
    json_file_->write(boost::json::serialize(out) + '\n');
  }

  bench::Setup setup_;
  std::vector<std::unique_ptr<bench::Peer>> peers_;
  OutputFile* json_file_;  // none without --json
  std::string date_;
  std::vector<Result> results_;
  std::vector<std::string> notes_;
  std::map<std::string, std::vector<double>> ratios_;
  std::map<std::string, int> config_sources_;
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
      ("peers", po::value<std::string>(), "comma-separated: clblast, openblas, cublas (default: clblast, plus cublas on a GPU, openblas on a CPU)")
      ("repeat", po::value<std::string>()->default_value("15"), "timed calls per peer and shape (the median is reported)")
      ("warm-up", po::value<std::string>()->default_value("2"), "untimed calls before the timed ones")
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

  std::vector<Shape> shapes;
  if (values.count("sizes")) {
    Transpose ta = Transpose::No, tb = Transpose::No;
    if (values.count("trans")) std::tie(ta, tb) = parse_trans(values["trans"].as<std::string>());
    for (const Size& size : parse_sizes(values["sizes"].as<std::string>())) shapes.push_back({size, ta, tb});
  } else {
    if (values.count("trans")) throw UsageError("--trans applies to --sizes; the default shapes carry their own");
    shapes = default_shapes();
  }

  bench::Setup setup;
  setup.repeat = static_cast<int>(whole_number_option(values, "repeat", 1, most_timed_calls));
  setup.warm_up = static_cast<int>(whole_number_option(values, "warm-up", 0, most_timed_calls));
  setup.database = database_path(values).string();
  // Checked before any device is opened: a run of minutes must not end unable to keep its results.
  std::optional<OutputFile> json_file;
  if (values.count("json"))
    json_file.emplace(values["json"].as<std::string>(), values.count("force") != 0,
                      std::vector<std::filesystem::path>{*setup.database});
  setup.device = select_device(values["device"].as<std::string>());

  std::vector<std::unique_ptr<bench::Peer>> peers;
  const std::optional<std::string> asked =
      values.count("peers") ? std::optional(values["peers"].as<std::string>()) : std::nullopt;
  for (const auto& name : peer_names(asked, setup.device.fingerprint)) peers.push_back(bench::make_peer(name, setup));

  Bench bench(setup, std::move(peers), json_file ? &*json_file : nullptr);
  bench.run(shapes);
  return bench.all_ok() ? 0 : 1;
}

}  // namespace gemmtune::cli
