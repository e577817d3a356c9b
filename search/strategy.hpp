// The ask/tell interface every search strategy implements.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/kernel_config.hpp"
#include "search/measurement.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {

// A strategy proposes configurations one at a time (next) and learns each one's measurement
// (report). It never sees OpenCL; failures arrive as measurements with a non-ok status.
class SearchStrategy {
 public:
  virtual ~SearchStrategy() = default;
  // Starts a new search of `space` (which must outlive the search); the same seed and the same
  // reports give the same proposals on every platform.
  virtual void reset(const ParameterSpace& space, std::uint64_t seed) = 0;
  // The next configuration to measure; empty when there is nothing more to try.
  virtual std::optional<KernelConfig> next() = 0;
  virtual void report(const KernelConfig& config, const Measurement& measurement) = 0;
  // Up to `most` configurations this strategy is likely to propose soon, in that order, never
  // proposed before. A hint only (the tuner compiles them ahead of time); proposals need not
  // follow it, and asking changes nothing that the strategy proposes.
  virtual std::vector<KernelConfig> upcoming(std::size_t most) const {
    (void)most;
    return {};
  }
};

}  // namespace gemmtune::search
