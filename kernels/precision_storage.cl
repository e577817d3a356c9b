// How each precision's elements lie in memory and become sums: the storage and accumulator types,
// and loads and stores that convert between them (core/precision.cpp's kernel codes as PRECISION).
//
// A family that declares "includes": ["precision_storage"] in its description gets this text
// before its own. FP16 and BF16 travel as 16-bit integers: OpenCL C without cl_khr_fp16 has no
// half arithmetic, but vload_half / vstore_half_rte are core and convert exactly (and round to
// nearest even); BF16 is the upper half of a float.

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double storage_t;
typedef double accumulator_t;
#elif PRECISION == 16 || PRECISION == 116
typedef ushort storage_t;
typedef float accumulator_t;
#elif PRECISION == 32 || PRECISION == 19 || PRECISION == 332
typedef float storage_t;
typedef float accumulator_t;
#else
#error "PRECISION is not a code of core/precision.cpp's table"
#endif

// The value of one stored element, exactly.
inline accumulator_t load_element(const __global storage_t* p) {
#if PRECISION == 16
  return vload_half(0, (const __global half*)p);
#elif PRECISION == 116
  return as_float((uint)*p << 16);
#else
  return *p;
#endif
}

// Stores `value` rounded to nearest even in the storage type; NaN stays NaN.
inline void store_element(__global storage_t* p, const accumulator_t value) {
#if PRECISION == 16
  vstore_half_rte(value, 0, (__global half*)p);
#elif PRECISION == 116
  const uint bits = as_uint(value);
  *p = (bits & 0x7fffffffu) > 0x7f800000u ? (ushort)((bits >> 16) | 0x40u)
                                           : (ushort)((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
#else
  *p = value;
#endif
}

// `value` rounded to nearest even at TF32's 10 significand bits (as core/half_conversion.cpp's
// round_to_tf32): the operand a TF32 matrix unit multiplies. Infinity and NaN are kept.
inline float round_to_tf32(const float value) {
  const uint bits = as_uint(value);
  if ((bits & 0x7fffffffu) >= 0x7f800000u) return value;
  return as_float((bits + 0xfffu + ((bits >> 13) & 1u)) & 0xffffe000u);
}

// LOAD_ELEMENTS(width, p, dst, stride) reads `width` 16-bit elements at p (aligned to `width`
// elements: one load of a vector of them) into dst[0], dst[stride], ..., each converted exactly,
// as load_element converts one: for families that read several consecutive elements at a time.
#if PRECISION == 16 || PRECISION == 116
#define STORAGE_VECTOR_1 ushort
#define STORAGE_VECTOR_2 ushort2
#define STORAGE_VECTOR_4 ushort4
#define STORAGE_VECTOR_8 ushort8
#define STORAGE_VECTOR_16 ushort16
#define STORAGE_VECTOR_(width) STORAGE_VECTOR_##width
#define STORAGE_VECTOR(width) STORAGE_VECTOR_(width)
#if PRECISION == 16
#define STORED_VALUE(elements, e) vload_half(e, (const half*)(elements))
#else  // the float whose upper half the element is
#define STORED_VALUE(elements, e) as_float((uint)(elements)[e] << 16)
#endif
#define LOAD_ELEMENTS(width, p, dst, stride)                                                  \
  do {                                                                                        \
    const STORAGE_VECTOR(width) vector_ = *(__global const STORAGE_VECTOR(width)*)(p);        \
    const ushort* elements_ = (const ushort*)&vector_;                                        \
    _Pragma("unroll") for (int e_ = 0; e_ < (width); ++e_)(dst)[e_ * (stride)] =              \
        STORED_VALUE(elements_, e_);                                                          \
  } while (0)
#endif
