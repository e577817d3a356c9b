// The library's environment variables, read once at the first call.
#pragma once

#include <cstdint>
#include <optional>

namespace gemmtune::blas {

// Below this many multiply-adds (M * N * K) a call stays on the host BLAS where no crossover was
// measured for the device (blas/threshold.hpp): copying the operands to the device and back costs
// more than it saves.
inline constexpr std::uint64_t default_device_threshold = 256ull * 256 * 256;

struct Settings {
  std::optional<std::uint64_t> device_threshold;  // $GEMMTUNE_BLAS_THRESHOLD, over any crossover
  bool verbose = false;  // $GEMMTUNE_BLAS_VERBOSE=1: the threshold in force, and one line per call run on the device
};

// An unreadable threshold is ignored, after one line to stderr.
const Settings& settings();

}  // namespace gemmtune::blas
