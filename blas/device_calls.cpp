// gemmtune_blas_device_calls(), declared in gemmtune/blas.h.
#include "gemmtune/blas.h"

#include "blas/device_gemm.hpp"

extern "C" unsigned long long gemmtune_blas_device_calls(void) { return gemmtune::blas::device_call_count(); }
