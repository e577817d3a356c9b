// `gemmtune db choose`: what the dispatcher runs for given problems on a device the database
// records, and the model's next best candidates, from the database alone (no device needed).
#include <iostream>
#include <limits>

#include "core/kernel_config.hpp"
#include "core/performance_model.hpp"
#include "dispatch/config_selector.hpp"
#include "dispatch/device_record.hpp"
#include "tuner/choice_json.hpp"
#include "tuner/cli.hpp"
#include "tuner/command_db.hpp"
#include "tuner/problem_list.hpp"

namespace gemmtune::cli::db_subcommands {
namespace po = boost::program_options;
namespace {

// --size with --trans, or every problem of --problems: exactly one of the two.
std::vector<Problem> asked_problems(const po::variables_map& values) {
  const bool size = values.count("size") != 0, file = values.count("problems") != 0;
  if (!size && !file) throw UsageError("no problem given: name one with --size MxNxK or a file of them with --problems FILE");
  if (size && file) throw UsageError("--size and --problems exclude each other");
  if (file) {
    if (!values["trans"].defaulted()) throw UsageError("--trans goes with --size: a problem file gives each line's");
    return read_problem_file(values["problems"].as<std::string>());
  }
  const auto [a, b] = parse_trans(values["trans"].as<std::string>());
  return {{parse_size(values["size"].as<std::string>()), a, b}};
}

void print_choice(const ConfigChoice& choice, const std::string& trans) {
  std::cout << choice.family << ' ' << describe_config(choice.config);
  if (choice.runs_layout) std::cout << "  [C computed as its transpose]";
  if (choice.runs_trans && *choice.runs_trans != trans) std::cout << "  [runs as " << *choice.runs_trans << ']';
  if (choice.runs_as) std::cout << "  [computed as " << to_string(*choice.runs_as) << ']';
  std::cout << "\n      " << to_string(choice.source) << ": " << choice.detail << '\n';
}

}  // namespace

int choose(const Arguments& args) {
  auto options = common_options(
      "gemmtune db choose [--device INDEX | --device-key KEY] (--size MxNxK [--trans NN] | --problems FILE) "
      "[--precision fp32] [--layout row] [--candidates N] [--db PATH] [--json]",
      true);
  add_device_options(options);
  add_problem_options(options, false);
  options.add_options()("problems", po::value<std::string>(), "a problem file, as tune and bench read it")(
      "candidates", po::value<std::string>()->default_value(std::to_string(default_trial_candidates)),
      "how many of the model's best to list (a handle's first calls of a shape time this many)");
  const auto values = parse("db choose", args, options);
  if (print_help(values, options)) return 0;
  const std::vector<Problem> problems = asked_problems(values);
  const auto count = static_cast<std::size_t>(
      whole_number_option(values, "candidates", 1, std::numeric_limits<int>::max()));
  const Precision precision = parse_precision(values["precision"].as<std::string>());
  const Layout layout = parse_layout(values["layout"].as<std::string>());
  const DeviceChoice device_option = device_choice(values);  // a malformed option is reported before the file is opened
  const std::filesystem::path path = database_path(values);
  const db::DeviceRecord device = [&] {
    const db::Database database(path, db::Database::Mode::ReadOnly);
    return chosen_devices(database, device_option, true).front();
  }();
  // The device as its record describes it: its limits are those the record keeps (work-item sizes
  // taken as the work-group size), so a configuration a live device's other limits refuse is not
  // ruled out here.
  const ConfigSelector selector(recorded_fingerprint(device), recorded_limits(device), path);

  boost::json::array list;
  for (const Problem& problem : problems) {
    const GemmShape shape{precision, layout, problem.trans_a, problem.trans_b,
                          problem.size.m, problem.size.n, problem.size.k};
    const std::string trans = transpose_code(problem.trans_a, problem.trans_b);
    const std::vector<ConfigChoice> candidates = selector.candidates(shape, count);
    if (values.count("json")) {
      boost::json::array chosen;
      for (const auto& candidate : candidates) chosen.push_back(choice_json(candidate, precision, trans, layout));
      list.push_back({{"m", problem.size.m},
                      {"n", problem.size.n},
                      {"k", problem.size.k},
                      {"trans", trans},
                      {"precision", to_string(precision)},
                      {"layout", to_string(layout)},
                      {"candidates", std::move(chosen)}});
      continue;
    }
    std::cout << format_problem(problem) << ' ' << to_string(precision) << ' ' << to_string(layout) << "-major\n";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      std::cout << (i == 0 ? "  choice " : "  trial  ");
      print_choice(candidates[i], trans);
    }
  }
  if (values.count("json"))
    std::cout << boost::json::serialize(boost::json::object{{"device", device_to_json(device)},
                                                            {"problems", std::move(list)}})
              << '\n';
  return 0;
}

}  // namespace gemmtune::cli::db_subcommands
