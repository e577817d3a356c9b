// Compares a GEMM result with its reference on the device, element by element over the whole
// buffer of C, so that verifying a tuning candidate reads back two counters instead of all of C.
// includes: precision_storage
//
// `result` and `before` hold the precision's storage type (PRECISION, core/precision.cpp's codes),
// `expected` and `magnitude` its accumulator type (kernels/gemm_reference.cl's output). Inside C
// (row-major rows x cols with leading dimension ldc from c_offset), an element passes when
// |result - expected| <= unit * magnitude + the smallest normal number of the storage type (the
// host check's bound with beta = 0); NaN never passes. Outside C, it must equal `before` bit for
// bit (or both be NaN). failures[0] counts the failing elements, failures[1] keeps the lowest
// failing index.

#if PRECISION == 64
#define SMALLEST_NORMAL DBL_MIN
#define SAME_BITS(x, y) (as_ulong(x) == as_ulong(y))
#elif PRECISION == 16 || PRECISION == 116
#define SMALLEST_NORMAL (PRECISION == 16 ? 0x1p-14f : FLT_MIN)
#define SAME_BITS(x, y) ((x) == (y))
#else
#define SMALLEST_NORMAL FLT_MIN
#define SAME_BITS(x, y) (as_uint(x) == as_uint(y))
#endif

__kernel void check_result(const uint count, const uint c_offset, const uint rows, const uint cols,
                           const uint ldc, const accumulator_t unit, __global const storage_t* result,
                           __global const storage_t* before, __global const accumulator_t* expected,
                           __global const accumulator_t* magnitude, __global uint* failures) {
  const uint at = get_global_id(0);
  if (at >= count) return;
  const accumulator_t value = load_element(result + at);
  bool pass;
  if (at >= c_offset && (at - c_offset) / ldc < rows && (at - c_offset) % ldc < cols) {
    pass = fabs(value - expected[at]) <= unit * magnitude[at] + SMALLEST_NORMAL;
  } else {
    pass = SAME_BITS(result[at], before[at]) || (isnan(value) && isnan(load_element(before + at)));
  }
  if (!pass) {
    atomic_inc(&failures[0]);
    atomic_min(&failures[1], at);
  }
}
