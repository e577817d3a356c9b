// `gemmtune db choose`: what the dispatcher runs for given problems on a device the database
// records, and the model's next best candidates, from the database alone (no device needed).
#include <algorithm>
#include <iostream>
#include <limits>
#include <optional>

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

void print_candidates(const std::vector<ConfigChoice>& candidates, const std::string& trans, const char* first,
                      const char* others) {
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    std::cout << (i == 0 ? first : others);
    print_choice(candidates[i], trans);
  }
}

// Whether two lists run the same configurations the same way, in the same order (their details,
// the predictions, may differ).
bool same_runs(const std::vector<ConfigChoice>& a, const std::vector<ConfigChoice>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), runs_alike);
}

boost::json::array candidates_json(const std::vector<ConfigChoice>& candidates, Precision precision,
                                   const std::string& trans, Layout layout) {
  boost::json::array list;
  for (const auto& candidate : candidates) list.push_back(choice_json(candidate, precision, trans, layout));
  return list;
}

}  // namespace

int choose(const Arguments& args) {
  auto options = common_options(
      "gemmtune db choose [--device INDEX | --device-key KEY] (--size MxNxK [--trans NN] | --problems FILE) "
      "[--precision fp32] [--layout row] [--candidates N] [--against OTHER.db] [--db PATH] [--json]",
      true);
  add_device_options(options);
  add_problem_options(options, false);
  options.add_options()("problems", po::value<std::string>(), "a problem file, as tune and bench read it")(
      "candidates", po::value<std::string>()->default_value(std::to_string(default_trial_candidates)),
      "how many of the model's best to list (a handle's first calls of a shape time this many)")(
      "against", po::value<std::string>(),
      "another database: only the problems whose candidates differ there, with both lists");
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
  // The same device's choices from another file, which need not hold it (then its vendor's best or
  // the defaults): what importing one tuning in place of the other changes.
  std::optional<ConfigSelector> other;
  if (values.count("against")) {
    const std::filesystem::path other_path = values["against"].as<std::string>();
    db::Database(other_path, db::Database::Mode::ReadOnly);  // refused in one line as --db is
    other.emplace(recorded_fingerprint(device), recorded_limits(device), other_path);
  }

  const bool json = values.count("json") != 0;
  boost::json::array list;
  std::size_t differ = 0;
  for (const Problem& problem : problems) {
    const GemmShape shape{precision, layout, problem.trans_a, problem.trans_b,
                          problem.size.m, problem.size.n, problem.size.k};
    const std::string trans = transpose_code(problem.trans_a, problem.trans_b);
    const std::vector<ConfigChoice> candidates = selector.candidates(shape, count);
    std::vector<ConfigChoice> against;
    if (other) {
      against = other->candidates(shape, count);
      if (same_runs(candidates, against)) continue;
      ++differ;
    }
    if (json) {
      boost::json::object entry{{"m", problem.size.m},
                                {"n", problem.size.n},
                                {"k", problem.size.k},
                                {"trans", trans},
                                {"precision", to_string(precision)},
                                {"layout", to_string(layout)},
                                {"candidates", candidates_json(candidates, precision, trans, layout)}};
      if (other) entry["against_candidates"] = candidates_json(against, precision, trans, layout);
      list.push_back(std::move(entry));
      continue;
    }
    std::cout << format_problem(problem) << ' ' << to_string(precision) << ' ' << to_string(layout) << "-major\n";
    print_candidates(candidates, trans, "  choice ", "  trial  ");
    if (other) print_candidates(against, trans, "  against: choice ", "  against: trial  ");
  }
  if (json) {
    boost::json::object report{{"device", device_to_json(device)}, {"problems", std::move(list)}};
    if (other) {
      report["compared"] = problems.size();
      report["differ"] = differ;
    }
    std::cout << boost::json::serialize(report) << '\n';
  } else if (other) {
    std::cout << differ << " of " << problems.size() << " problems' candidates differ\n";
  }
  return 0;
}

}  // namespace gemmtune::cli::db_subcommands
