// A measured crossover as the library's threshold: the M * N * K from which a call goes to the device.
#include "blas/crossover_threshold.hpp"

namespace gemmtune::blas {

std::uint64_t threshold_of(const db::CrossoverRecord& crossover) {
  if (!crossover.crossover || *crossover.crossover < 1) return host_only_threshold;
  const auto size = static_cast<std::uint64_t>(*crossover.crossover);
  // Beyond 2^21 the cube no longer fits; no call is that large either.
  if (size >= (std::uint64_t{1} << 21)) return host_only_threshold;
  return size * size * size;
}

}  // namespace gemmtune::blas
