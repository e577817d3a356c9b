// Weak fallbacks of xerbla_, cblas_xerbla and RowMajorStrg: a program's own copies take precedence.
//
// The reference test programs (xblat3s, and CBLAS's xscblat3) define their own handlers and check
// which parameter was reported; they can only see our reports when our calls bind to their copies,
// so these are weak, of default visibility, and called through the dynamic linker (never with
// -Bsymbolic or hidden visibility).
#include "blas/error_handlers.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>

extern "C" {

__attribute__((weak)) int RowMajorStrg = 0;

// Prints the reference XERBLA's line. The reference then STOPs the program; this returns, as
// OpenBLAS's does, so that a process the library was preloaded into is never ended by it.
__attribute__((weak)) void xerbla_(const char* routine, const int* info, std::size_t routine_length) {
  std::size_t length = routine_length;
  while (length > 0 && routine[length - 1] == ' ') --length;
  std::fprintf(stderr, " ** On entry to %.*s parameter number %2d had an illegal value\n",
               static_cast<int>(length), routine, *info);
}

// Prints reference CBLAS's lines, with its mapping of row-major GEMM parameter numbers. Reference
// CBLAS then exits; this returns, as the Fortran handler above does.
__attribute__((weak)) void cblas_xerbla(int info, const char* routine, const char* format, ...) {
  if (RowMajorStrg && std::strstr(routine, "gemm") != nullptr) {
    if (info == 4 || info == 5) info = 9 - info;
    else if (info == 9 || info == 11) info = 20 - info;
  }
  if (info) std::fprintf(stderr, "Parameter %d to routine %s was incorrect\n", info, routine);
  va_list arguments;
  va_start(arguments, format);
  std::vfprintf(stderr, format, arguments);
  va_end(arguments);
}
}
