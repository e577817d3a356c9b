// The summary of a benchmark over many problems: gemmtune's speed against each peer, by problem class and overall.
#include "bench/summary.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "tuner/problem_list.hpp"

namespace gemmtune::bench {
namespace {

// A class outside the list would be counted in "all" and shown nowhere else.
void require_listed(const std::string& problem_class) {
  const auto& names = cli::problem_classes();
  if (std::find(names.begin(), names.end(), problem_class) == names.end())
    throw std::invalid_argument("'" + problem_class + "' is not a problem class");
}

}  // namespace

void Summary::add_problem(const std::string& problem_class) {
  require_listed(problem_class);
  ++classes_[problem_class].problems;
  ++all_.problems;
}

void Summary::add_ratio(const std::string& problem_class, const std::string& peer, const std::string& problem,
                        double ratio) {
  if (!std::isfinite(ratio) || ratio <= 0)
    throw std::invalid_argument("speed ratio of " + problem + " against " + peer + " is not a positive number");
  require_listed(problem_class);
  classes_[problem_class].ratios[peer].push_back({problem, ratio});
  all_.ratios[peer].push_back({problem, ratio});
}

ClassSummary Summary::summarise(const std::string& name, const Class& recorded) const {
  ClassSummary summary{name, recorded.problems, {}};
  for (const auto& [peer, ratios] : recorded.ratios) {
    PeerComparison comparison;
    comparison.compared = ratios.size();
    double log_sum = 0;
    const Ratio* worst = &ratios.front();
    for (const Ratio& ratio : ratios) {
      log_sum += std::log(ratio.value);
      if (ratio.value < worst->value) worst = &ratio;
      comparison.slower += ratio.value < 1;
    }
    comparison.geomean = std::exp(log_sum / static_cast<double>(ratios.size()));
    comparison.worst = worst->value;
    comparison.worst_problem = worst->problem;
    summary.peers[peer] = comparison;
  }
  return summary;
}

std::vector<ClassSummary> Summary::classes() const {
  std::vector<ClassSummary> summaries;
  for (const std::string& name : cli::problem_classes()) {
    const auto found = classes_.find(name);
    summaries.push_back(summarise(name, found == classes_.end() ? Class{} : found->second));
  }
  summaries.push_back(summarise("all", all_));
  return summaries;
}

boost::json::object Summary::to_json() const {
  boost::json::object out;
  for (const ClassSummary& summary : classes()) {
    boost::json::object peers;
    for (const auto& [peer, c] : summary.peers)
      peers[peer] = boost::json::object{{"compared", c.compared}, {"geomean", c.geomean}, {"worst", c.worst},
                                        {"worst_problem", c.worst_problem}, {"slower", c.slower}};
    out[summary.name] = boost::json::object{{"problems", summary.problems}, {"peers", std::move(peers)}};
  }
  return out;
}

}  // namespace gemmtune::bench
