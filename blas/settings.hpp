// The library's environment variables, read once at the first call.
#pragma once

#include <cstdint>

namespace gemmtune::blas {

// Below this many multiply-adds (M * N * K) a call stays on the host BLAS: copying the operands to
// the device and back costs more than it saves. A fixed guess for now, the same for every device.
inline constexpr std::uint64_t default_device_threshold = 256ull * 256 * 256;

struct Settings {
  std::uint64_t device_threshold = default_device_threshold;  // $GEMMTUNE_BLAS_THRESHOLD
  bool verbose = false;  // $GEMMTUNE_BLAS_VERBOSE=1: one line to stderr per call run on the device
};

// An unreadable threshold keeps the default, after one line to stderr.
const Settings& settings();

}  // namespace gemmtune::blas
