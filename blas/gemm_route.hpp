// Sends a checked call to the device or to the host BLAS.
#pragma once

#include <cstdint>

#include "blas/device_gemm.hpp"
#include "blas/gemm_call.hpp"
#include "blas/host_blas.hpp"
#include "blas/settings.hpp"

namespace gemmtune::blas {

// Calls that multiply nothing (alpha = 0 or K = 0) only scale C, which the host does at once.
template <typename Real>
void run_gemm(const ColumnMajorGemm<Real>& call) {
  const std::uint64_t multiply_adds = static_cast<std::uint64_t>(call.m) * static_cast<std::uint64_t>(call.n) *
                                      static_cast<std::uint64_t>(call.k);
  const bool for_device = call.alpha != Real(0) && call.k > 0 && multiply_adds >= settings().device_threshold;
  if (for_device && run_on_device(call)) return;
  run_on_host(call);
}

}  // namespace gemmtune::blas
