// The error handlers the reference BLAS and CBLAS call, which a program may replace with its own.
#pragma once

#include <cstddef>

extern "C" {

// Fortran XERBLA: the routine's name padded to 6 characters, and the bad parameter's number.
void xerbla_(const char* routine, const int* info, std::size_t routine_length);

// Reference CBLAS's handler: `info` counts as the Fortran number plus one; in a row-major call
// (RowMajorStrg set) it names the parameter of the transposed Fortran call, which the handler maps
// back, as reference CBLAS does.
void cblas_xerbla(int info, const char* routine, const char* format, ...);

// Reference CBLAS's flag for "the call in progress is row-major", read by cblas_xerbla.
extern int RowMajorStrg;
}
