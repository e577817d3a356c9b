// How far apart two GEMM shapes are, for choosing among tuned problems: one measure for all.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace gemmtune {

// Squared distance in log-space of (M, N, K), so that 1024 is as far from 512 as 2048 is from 1024.
inline double shape_distance(std::int64_t m1, std::int64_t n1, std::int64_t k1, std::int64_t m2, std::int64_t n2,
                             std::int64_t k2) {
  const auto term = [](std::int64_t a, std::int64_t b) {
    const double d = std::log(std::max<double>(1, static_cast<double>(a))) - std::log(std::max<double>(1, static_cast<double>(b)));
    return d * d;
  };
  return term(m1, m2) + term(n1, n2) + term(k1, k2);
}

}  // namespace gemmtune
