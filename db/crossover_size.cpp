// The rule that turns a crossover measurement's timings into the crossover size.
#include "db/crossover_size.hpp"

namespace gemmtune::db {

std::optional<std::int64_t> crossover_size(const std::vector<CrossoverTiming>& timings) {
  std::optional<std::int64_t> from;
  // Walking down from the largest size: the run of sizes where the device wins, unbroken.
  for (auto timing = timings.rbegin(); timing != timings.rend(); ++timing) {
    if (timing->device_seconds >= timing->host_seconds) break;
    from = timing->size;
  }
  return from;
}

}  // namespace gemmtune::db
