// The summary of a benchmark over many problems: gemmtune's speed against each peer, by problem class and overall.
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace gemmtune::bench {

// gemmtune against one peer over the problems of one class.
struct PeerComparison {
  std::size_t compared = 0;   // problems where both gave a checked time
  double geomean = 0;         // geometric mean of gemmtune's speed over the peer's
  double worst = 0;           // the smallest of those ratios
  std::string worst_problem;  // the problem it occurs at, e.g. "1760x16x1760 NT"
  std::size_t slower = 0;     // problems where gemmtune was slower than the peer (ratio below 1)
};

struct ClassSummary {
  std::string name;          // a name of cli::problem_classes(), or "all"
  std::size_t problems = 0;  // problems of the class that were run
  std::map<std::string, PeerComparison> peers;  // only peers compared at least once
};

class Summary {
 public:
  // Counts a problem under its class, whether or not any peer could be compared on it.
  void add_problem(const std::string& problem_class);
  // gemmtune's speed over `peer`'s on `problem`, a problem of `problem_class`. Throws
  // std::invalid_argument for a ratio that is not a positive finite number, which no timing gives.
  void add_ratio(const std::string& problem_class, const std::string& peer, const std::string& problem, double ratio);
  // Every class of cli::problem_classes() in its order, those without problems included, then "all".
  std::vector<ClassSummary> classes() const;
  // {"gemv": {"problems": 3, "peers": {"clblast": {"compared": 3, "geomean": ..., "worst": ...,
  // "worst_problem": "...", "slower": 1}}}, ..., "all": {...}}
  boost::json::object to_json() const;

 private:
  struct Ratio {
    std::string problem;
    double value = 0;
  };
  struct Class {
    std::size_t problems = 0;
    std::map<std::string, std::vector<Ratio>> ratios;  // by peer
  };
  ClassSummary summarise(const std::string& name, const Class& recorded) const;

  std::map<std::string, Class> classes_;
  Class all_;
};

}  // namespace gemmtune::bench
