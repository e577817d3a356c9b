// The device path: a call's operands copied to the OpenCL device, multiplied by the dispatcher, C copied back.
#pragma once

#include <cstdint>

#include "blas/gemm_call.hpp"

namespace gemmtune::blas {

// Runs the call on the device chosen by $GEMMTUNE_DEVICE (the dispatcher's rule when unset),
// opened at the first call and kept for the life of the process. Returns false, having changed
// nothing, when the device cannot run it; the first such failure is told in one line to stderr.
// The caller has checked the arguments, and alpha != 0, K > 0.
bool run_on_device(const ColumnMajorGemm<float>& call);
bool run_on_device(const ColumnMajorGemm<double>& call);

// How many calls the device has run in this process.
std::uint64_t device_call_count();

}  // namespace gemmtune::blas
