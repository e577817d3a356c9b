// Reproducible random matrices (Boost.Random, identical on every platform) for runs and checks.
#pragma once

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <cstdint>
#include <vector>

namespace gemmtune {

// `count` values uniform in [-1, 1), the same for the same seed everywhere.
template <typename Real>
std::vector<Real> random_values(std::size_t count, std::uint32_t seed) {
  boost::random::mt19937 generator(seed);
  boost::random::uniform_real_distribution<Real> uniform(Real(-1), Real(1));
  std::vector<Real> values(count);
  for (auto& value : values) value = uniform(generator);
  return values;
}

}  // namespace gemmtune
