// The rule that turns a crossover measurement's timings into the crossover size.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "db/records.hpp"

namespace gemmtune::db {

// The smallest measured size from which the device path is faster than the host BLAS at that size
// and at every larger one measured; nothing when the device is not faster at the largest size.
// `timings` by size, ascending.
std::optional<std::int64_t> crossover_size(const std::vector<CrossoverTiming>& timings);

}  // namespace gemmtune::db
