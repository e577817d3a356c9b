// The host BLAS the library loads behind itself, for the calls it does not send to the device.
#pragma once

#include <string>

#include "blas/gemm_call.hpp"

namespace gemmtune::blas {

// Runs the call on the host BLAS: $GEMMTUNE_BLAS_HOST (a library name or path) when set, else
// libopenblas.so.0, else libblas.so.3, never this library itself; loaded at the first call. Where
// none loads, a plain loop of the reference's arithmetic, after one line to stderr saying so.
void run_on_host(const ColumnMajorGemm<float>& call);
void run_on_host(const ColumnMajorGemm<double>& call);

// The library run_on_host() calls ("libopenblas.so.0"), loading it if not yet loaded.
std::string host_blas_name();

}  // namespace gemmtune::blas
