// Host conversions between float and the 16-bit and TF32 formats, rounding to nearest even.
#pragma once

#include <cstdint>

namespace gemmtune {

// IEEE binary16 bits of `value`, rounded to nearest even: subnormal results where the value is
// below 2^-14, infinity past 65504 (from 65520 on, as rounding dictates), NaN stays NaN (quiet).
std::uint16_t float_to_half(float value);
// The value of binary16 bits; exact, as every binary16 value is a float.
float half_to_float(std::uint16_t bits);

// bfloat16 bits of `value` (the upper half of a float), rounded to nearest even; NaN stays NaN.
std::uint16_t float_to_bfloat16(float value);
float bfloat16_to_float(std::uint16_t bits);

// `value` rounded to nearest even at TF32's precision (10 explicit significand bits, float's
// exponent range): the operand a TF32 matrix unit multiplies. Infinity and NaN are kept.
float round_to_tf32(float value);

}  // namespace gemmtune
