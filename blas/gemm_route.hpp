// Sends a checked call to the device or to the host BLAS.
#pragma once

#include <cstdint>

#include "blas/device_gemm.hpp"
#include "blas/gemm_call.hpp"
#include "blas/host_blas.hpp"
#include "blas/settings.hpp"

namespace gemmtune::blas {

// Whether a checked call goes to the device: calls that multiply nothing (alpha = 0 or K = 0) only
// scale C, which the host does at once, and small ones are faster on the host.
template <typename Real>
bool for_device(const ColumnMajorGemm<Real>& call) {
  const std::uint64_t multiply_adds = static_cast<std::uint64_t>(call.m) * static_cast<std::uint64_t>(call.n) *
                                      static_cast<std::uint64_t>(call.k);
  return call.alpha != Real(0) && call.k > 0 && multiply_adds >= settings().device_threshold;
}

template <typename Real>
void run_gemm(const ColumnMajorGemm<Real>& call) {
  if (for_device(call) && run_on_device(call)) return;
  run_on_host(call);
}

}  // namespace gemmtune::blas
