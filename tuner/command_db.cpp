// `gemmtune db SUBCOMMAND`: inspect, export, import, merge and check the tuning database.
#include <iomanip>
#include <iostream>
#include <limits>
#include <string_view>

#include <algorithm>

#include "dispatch/kernel_registry.hpp"
#include "gemmtune/handle.hpp"
#include "tuner/cli.hpp"
#include "tuner/command_db.hpp"

namespace gemmtune::cli {
namespace db_subcommands {
namespace po = boost::program_options;

po::options_description common_options(const std::string& usage, bool with_json) {
  po::options_description options(usage);
  options.add_options()("help,h", "show this help")(
      "db", po::value<std::string>(), "the database (default: $GEMMTUNE_DB, else the per-user file)");
  if (with_json) options.add_options()("json", "print JSON instead of text");
  return options;
}

bool print_help(const po::variables_map& values, const po::options_description& options) {
  if (values.count("help")) std::cout << options;
  return values.count("help") != 0;
}

void add_device_options(po::options_description& options) {
  options.add_options()("device-key", po::value<std::string>(), "the device's key, as db list --json prints it")(
      "device", po::value<std::string>(), "the device's index in db list");
}

DeviceChoice device_choice(const po::variables_map& values) {
  DeviceChoice choice;
  if (values.count("device-key")) choice.key = values["device-key"].as<std::string>();
  if (values.count("device"))
    choice.index = whole_number_option(values, "device", 0, std::numeric_limits<std::size_t>::max());
  if (choice.key && choice.index) throw UsageError("give --device or --device-key, not both");
  return choice;
}

std::vector<db::DeviceRecord> chosen_devices(const db::Database& database, const DeviceChoice& choice,
                                             bool required) {
  const auto devices = database.devices();
  if (choice.index) {
    if (*choice.index >= devices.size())
      throw UsageError("no device " + std::to_string(*choice.index) + " in " + database.path().string() + " (it has " +
                       std::to_string(devices.size()) + "; see gemmtune db list)");
    return {devices[*choice.index]};
  }
  if (choice.key) {
    for (const auto& device : devices)
      if (device.key == *choice.key) return {device};
    throw UsageError("no device with key '" + *choice.key + "' in " + database.path().string() + " (see gemmtune db list)");
  }
  if (required && devices.size() != 1)
    throw UsageError(devices.empty() ? "the database holds no device"
                                     : "the database holds " + std::to_string(devices.size()) +
                                           " devices: choose one with --device INDEX or --device-key KEY");
  return devices;
}

void add_problem_options(po::options_description& options, bool size_required) {
  auto size = po::value<std::string>();
  if (size_required) size->required();
  options.add_options()("size", size, "the problem, M or MxNxK")(
      "trans", po::value<std::string>()->default_value("NN"), "transpositions: NN, NT, TN or TT")(
      "precision", po::value<std::string>()->default_value("fp32"),
      "fp16, bf16, tf32, fp32, 3xtf32 or fp64 (32 and 64 too)")(
      "layout", po::value<std::string>()->default_value("row"), "row or col");
}

db::ProblemRecord problem_of(const po::variables_map& values) {
  db::ProblemRecord problem;
  const Size size = parse_size(values["size"].as<std::string>());
  problem.m = static_cast<std::int64_t>(size.m);
  problem.n = static_cast<std::int64_t>(size.n);
  problem.k = static_cast<std::int64_t>(size.k);
  const auto [a, b] = parse_trans(values["trans"].as<std::string>());
  problem.trans = transpose_code(a, b);
  problem.precision = to_string(parse_precision(values["precision"].as<std::string>()));
  problem.layout = to_string(parse_layout(values["layout"].as<std::string>()));
  return problem;
}

std::string describe(const db::ProblemRecord& p) {
  return p.precision + ' ' + p.layout + ' ' + p.trans + ' ' + std::to_string(p.m) + 'x' +
         std::to_string(p.n) + 'x' + std::to_string(p.k);
}

bool is_stale(const std::string& kernel_name, const std::string& kernel_hash) {
  const auto& families = kernel_families();
  return std::none_of(families.begin(), families.end(), [&](const KernelFamily& family) {
    return family.name() == kernel_name && family.source().hash == kernel_hash;
  });
}

boost::json::object current_kernels() {
  boost::json::object kernels;
  for (const auto& family : kernel_families()) kernels[family.name()] = family.source().hash;
  return kernels;
}

boost::json::object best_to_json(const db::TunedBest& best) {
  boost::json::object config;
  for (const auto& [name, value] : best.config) config[name] = value;
  boost::json::object out;
  db::append_problem(out, best.problem);
  out.insert({{"config", std::move(config)},
              {"config_key", best.config_key},
              {"gflops", best.gflops},
              {"median_seconds", best.median_seconds},
              {"min_seconds", best.min_seconds},
              {"spread", best.spread},
              {"runs", best.runs},
              {"device_key", best.device_key},
              {"driver_version", best.driver_version},
              {"kernel", best.kernel_name},
              {"kernel_hash", best.kernel_hash},
              {"stale", is_stale(best.kernel_name, best.kernel_hash)}});
  return out;
}


}  // namespace db_subcommands

namespace {

struct Subcommand {
  std::string_view name;
  std::string_view summary;
  int (*run)(const Arguments&);
};

constexpr Subcommand subcommands[] = {
    {"list", "devices, problems, evaluation counts and best GFLOP/s (stale results marked)", db_subcommands::list},
    {"show", "the top N configurations of one device and problem", db_subcommands::show},
    {"best", "the best configuration of each device and problem", db_subcommands::best},
    {"export", "every evaluation as JSON or CSV", db_subcommands::export_evaluations},
    {"import", "add the evaluations of an exported JSON file", db_subcommands::import_evaluations},
    {"merge", "merge two databases into a new one (A.db B.db -o OUT.db)", db_subcommands::merge},
    {"check", "integrity, schema version and schema completeness", db_subcommands::check},
    {"model", "the performance model's held-out prediction error and choice quality per device", db_subcommands::model},
    {"choose", "what the dispatcher runs for given problems on a recorded device, and its next candidates", db_subcommands::choose},
};

void print_db_usage(std::ostream& out) {
  out << "usage: gemmtune db SUBCOMMAND [--db PATH] [OPTIONS]   (gemmtune db SUBCOMMAND --help)\n\nsubcommands:\n";
  for (const auto& command : subcommands)
    out << "  " << command.name << std::string(8 - command.name.size(), ' ') << command.summary << '\n';
}

}  // namespace

int db_command(const Arguments& args) {
  if (args.empty()) {
    print_db_usage(std::cerr);
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_db_usage(std::cout);
    return 0;
  }
  for (const auto& command : subcommands)
    if (command.name == args[0]) return command.run(Arguments(args.begin() + 1, args.end()));
  throw UsageError("unknown subcommand '" + args[0] + "' (see gemmtune db --help)");
}

}  // namespace gemmtune::cli
