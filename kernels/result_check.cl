// Compares a GEMM result with its reference on the device, element by element over the whole
// buffer of C, so that verifying a tuning candidate reads back two counters instead of all of C.
//
// Inside C (row-major rows x cols with leading dimension ldc from c_offset), an element passes when
// |result - expected| <= unit * magnitude + the smallest normal number (the host check's bound with
// beta = 0); NaN never passes. Outside C, it must equal `before` bit for bit (or both be NaN).
// failures[0] counts the failing elements, failures[1] keeps the lowest failing index.

#ifndef PRECISION
#define PRECISION 32
#endif
#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define REAL double
#define REAL_MIN DBL_MIN
#define SAME_BITS(x, y) (as_ulong(x) == as_ulong(y))
#else
#define REAL float
#define REAL_MIN FLT_MIN
#define SAME_BITS(x, y) (as_uint(x) == as_uint(y))
#endif

__kernel void check_result(const uint count, const uint c_offset, const uint rows, const uint cols,
                           const uint ldc, const REAL unit, __global const REAL* result,
                           __global const REAL* before, __global const REAL* expected,
                           __global const REAL* magnitude, __global uint* failures) {
  const uint at = get_global_id(0);
  if (at >= count) return;
  const REAL value = result[at];
  bool pass;
  if (at >= c_offset && (at - c_offset) / ldc < rows && (at - c_offset) % ldc < cols) {
    pass = fabs(value - expected[at]) <= unit * magnitude[at] + REAL_MIN;
  } else {
    const REAL old = before[at];
    pass = SAME_BITS(value, old) || (isnan(value) && isnan(old));
  }
  if (!pass) {
    atomic_inc(&failures[0]);
    atomic_min(&failures[1], at);
  }
}
