/* libgemmtune_blas: what the drop-in BLAS offers beyond sgemm_, dgemm_, cblas_sgemm and cblas_dgemm. */
#ifndef GEMMTUNE_BLAS_H
#define GEMMTUNE_BLAS_H

#ifdef __cplusplus
extern "C" {
#endif

/* How many GEMM calls of this process the OpenCL device has run (the others ran on the host BLAS). */
unsigned long long gemmtune_blas_device_calls(void);

#ifdef __cplusplus
}
#endif

#endif
