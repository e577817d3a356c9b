// `gemmtune simulate`: replays search strategies against recorded measurements (a table or a
// database) and reports how close each gets to the recorded optimum after 25..400 evaluations.
#include <boost/json.hpp>
#include <iomanip>
#include <iostream>
#include <set>

#include "db/database.hpp"
#include "search/registry.hpp"
#include "search/simulation.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"

namespace gemmtune::cli {
namespace {

namespace po = boost::program_options;

// Each seed is one whole search.
constexpr std::uint64_t most_seeds = 1'000'000;

// The evaluations of one device, kernel source and problem; `device` and `size` narrow the choice
// when the database holds several.
search::ReplayTable table_from_database(const std::filesystem::path& path, const std::string& device, const std::string& size) {
  const db::Database database(path, db::Database::Mode::ReadOnly);
  std::map<std::string, std::vector<std::pair<KernelConfig, search::Measurement>>> groups;
  for (const auto& stored : database.all_evaluations()) {
    if (!device.empty() && stored.device.key.find(device) == std::string::npos && stored.device.name.find(device) == std::string::npos) continue;
    if (!size.empty()) {
      const Size wanted = parse_size(size);
      if (stored.problem.m != static_cast<std::int64_t>(wanted.m) || stored.problem.n != static_cast<std::int64_t>(wanted.n) ||
          stored.problem.k != static_cast<std::int64_t>(wanted.k))
        continue;
    }
    const std::string group = stored.device.name + " [" + stored.device.driver_version + "], " + stored.kernel_name + " " +
                              stored.kernel_hash.substr(0, 12) + ", " + problem_text(stored.problem);
    const search::Measurement measurement{search::status_from_string(stored.evaluation.status), stored.evaluation.median_seconds};
    groups[group].emplace_back(stored.evaluation.config, measurement);
  }
  if (groups.empty()) throw UsageError("database '" + path.string() + "' holds no evaluations" + (device.empty() && size.empty() ? "" : " matching --device/--size"));
  if (groups.size() > 1) {
    std::string list;
    for (const auto& [name, rows] : groups) list += "\n  " + name + " (" + std::to_string(rows.size()) + " evaluations)";
    throw UsageError("database '" + path.string() + "' holds several tuned problems; choose one with --device and --size:" + list);
  }
  const auto& rows = groups.begin()->second;
  std::vector<std::string> names;
  for (const auto& [name, value] : rows.front().first) names.push_back(name);
  search::ReplayTable table(std::move(names));
  table.reserve(rows.size());
  for (const auto& [config, measurement] : rows) table.add(config, measurement);
  return table;
}

void print_table(const search::SimulationReport& report) {
  std::cout << "recorded optimum " << std::setprecision(6) << report.optimum_seconds << " s over " << report.configurations
            << " configurations (" << report.ok_configurations << " ok); " << report.seeds << " seeds, budget "
            << report.budget << "\nfraction of the optimum reached after N evaluations, median / worst over seeds\n";
  std::cout << std::left << std::setw(12) << "strategy";
  const auto& checkpoints = report.strategies.front().fraction;
  for (const auto& [checkpoint, summary] : checkpoints) std::cout << std::right << std::setw(14) << checkpoint;
  std::cout << '\n' << std::fixed << std::setprecision(3);
  for (const auto& strategy : report.strategies) {
    std::cout << std::left << std::setw(12) << strategy.name;
    for (const auto& [checkpoint, summary] : strategy.fraction) {
      std::ostringstream cell;
      cell << std::fixed << std::setprecision(3) << summary.median << " / " << summary.worst;
      std::cout << std::right << std::setw(14) << cell.str();
    }
    std::cout << '\n';
  }
}

void print_json(const search::SimulationReport& report) {
  boost::json::array strategies;
  for (const auto& strategy : report.strategies) {
    boost::json::object fraction;
    for (const auto& [checkpoint, summary] : strategy.fraction)
      fraction[std::to_string(checkpoint)] = {{"median", summary.median}, {"worst", summary.worst}};
    strategies.push_back({{"name", strategy.name}, {"fraction", fraction}});
  }
  std::cout << boost::json::serialize(boost::json::object{{"optimum", report.optimum_seconds},
                                                          {"configurations", report.configurations},
                                                          {"ok_configurations", report.ok_configurations},
                                                          {"seeds", report.seeds},
                                                          {"budget", report.budget},
                                                          {"strategies", strategies}})
            << '\n';
}

}  // namespace

int simulate_command(const Arguments& args) {
  po::options_description options("gemmtune simulate: replay search strategies against recorded measurements");
  std::string strategy_names;
  for (const auto& info : search::strategies()) strategy_names += (strategy_names.empty() ? "" : ", ") + info.name;
  options.add_options()
      ("help,h", "show this help")
      ("from", po::value<std::string>(), "replay table (CSV: parameter columns, status, seconds; see tests/data/README.md)")
      ("db", po::value<std::string>(), "tuning database to replay (one device, kernel and problem)")
      ("device", po::value<std::string>()->default_value(""), "with --db: device name or key substring")
      ("size", po::value<std::string>()->default_value(""), "with --db: problem size M or MxNxK")
      ("strategy", po::value<std::string>()->default_value("all"), ("strategy to replay, or all: " + strategy_names).c_str())
      ("budget", po::value<std::string>()->default_value("400"), "evaluations per search")
      ("seeds", po::value<std::string>()->default_value("20"), "searches per strategy, seeds 1..N")
      ("json", po::bool_switch(), "print JSON instead of a table");
  const po::variables_map values = parse("simulate", args, options);
  if (values.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  if (values.count("from") == values.count("db")) throw UsageError("give exactly one of --from FILE and --db PATH (see gemmtune simulate --help)");
  const std::size_t budget = whole_number_option(values, "budget", 1, most_evaluations);
  const std::size_t seeds = whole_number_option(values, "seeds", 1, most_seeds);

  std::vector<std::string> names;
  const std::string strategy = values["strategy"].as<std::string>();
  if (strategy == "all") {
    for (const auto& info : search::strategies()) names.push_back(info.name);
  } else {
    search::make_strategy(strategy);  // an unknown name fails here, listing the known ones
    names.push_back(strategy);
  }

  const search::ReplayTable table =
      values.count("from") ? search::read_replay_table(values["from"].as<std::string>())
                           : table_from_database(database_path(values), values["device"].as<std::string>(),
                                                 values["size"].as<std::string>());
  const search::SimulationReport report = search::simulate(table, names, budget, seeds);
  if (values["json"].as<bool>())
    print_json(report);
  else
    print_table(report);
  return 0;
}

}  // namespace gemmtune::cli
