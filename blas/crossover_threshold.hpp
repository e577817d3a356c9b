// A measured crossover as the library's threshold: the M * N * K from which a call goes to the device.
#pragma once

#include <cstdint>
#include <limits>

#include "db/records.hpp"

namespace gemmtune::blas {

// No call reaches it: every call stays on the host (M * N * K of any call that fits in memory is
// far below 2^64).
inline constexpr std::uint64_t host_only_threshold = std::numeric_limits<std::uint64_t>::max();

// crossover^3: the square call of the crossover's size, and every call of as many multiply-adds,
// goes to the device. A device never faster up to the largest size measured: host_only_threshold.
std::uint64_t threshold_of(const db::CrossoverRecord& crossover);

}  // namespace gemmtune::blas
