// Sends a checked call to the device or to the host BLAS.
#pragma once

#include <cstdint>
#include <type_traits>

#include "blas/device_gemm.hpp"
#include "blas/gemm_call.hpp"
#include "blas/host_blas.hpp"
#include "blas/threshold.hpp"

namespace gemmtune::blas {

// Whether a checked call goes to the device: calls that multiply nothing (alpha = 0 or K = 0) only
// scale C, which the host does at once, and those below the threshold (blas/threshold.hpp) are
// faster on the host.
template <typename Real>
bool for_device(const ColumnMajorGemm<Real>& call) {
  const std::uint64_t multiply_adds = static_cast<std::uint64_t>(call.m) * static_cast<std::uint64_t>(call.n) *
                                      static_cast<std::uint64_t>(call.k);
  if (call.alpha == Real(0) || call.k <= 0) return false;
  return multiply_adds >= device_threshold(std::is_same_v<Real, double> ? "fp64" : "fp32").multiply_adds;
}

template <typename Real>
void run_gemm(const ColumnMajorGemm<Real>& call) {
  if (for_device(call) && run_on_device(call)) return;
  run_on_host(call);
}

}  // namespace gemmtune::blas
