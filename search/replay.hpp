// A replay table as a search space and its answers, what simulate and the strategy tests search.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "search/parameter_space.hpp"
#include "search/replay_table.hpp"

namespace gemmtune::search {

// The space's valid configurations are exactly the table's rows (see from_configs for their
// order); each is answered with the measurement recorded for it, the last one where a database
// recorded it twice. Copies share the space and the measurements, so a copy is cheap to pass as
// run_search's evaluation and the space outlives any search while a copy does.
class Replay {
 public:
  explicit Replay(const ReplayTable& table, const std::string& kernel = "replay");

  const ParameterSpace& space() const { return recorded_->space; }
  // Throws gemmtune::InvalidArgument for a configuration outside the space.
  Measurement operator()(const KernelConfig& config) const;

 private:
  struct Recorded {
    ParameterSpace space;
    std::vector<Measurement> by_valid_index;
  };
  std::shared_ptr<const Recorded> recorded_;
};

}  // namespace gemmtune::search
