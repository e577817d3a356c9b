// The threshold in force for each precision: the environment's, the device's measured crossover,
// or the built-in default, resolved once.
#pragma once

#include <cstdint>
#include <string>

namespace gemmtune::blas {

struct Threshold {
  std::uint64_t multiply_adds = 0;  // M * N * K from which a call goes to the device
  std::string source;               // where it came from, for GEMMTUNE_BLAS_VERBOSE
};

// For "fp32" (sgemm) or "fp64" (dgemm): $GEMMTUNE_BLAS_THRESHOLD when set and readable; else the
// crossover `gemmtune crossover` recorded for the chosen device and precision in the default
// database ($GEMMTUNE_DB, else the per-user file), read-only; else default_device_threshold. A
// missing or unreadable database, no device, or no entry means the default, never an error. The
// device is selected (OpenCL enumerated) only where the database holds crossovers.
// Resolved at the first call that needs it; with GEMMTUNE_BLAS_VERBOSE=1 one line to stderr says
// which threshold is in force and where it came from.
const Threshold& device_threshold(const char* precision);

}  // namespace gemmtune::blas
