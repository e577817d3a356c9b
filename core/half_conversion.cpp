// Host conversions between float and the 16-bit and TF32 formats, rounding to nearest even.
#include "core/half_conversion.hpp"

#include <bit>
#include <cmath>

namespace gemmtune {
namespace {

constexpr std::uint32_t float_exponent_bits = 0x7f800000, float_sign_bit = 0x80000000;

// `bits` rounded to nearest even at bit `dropped` (the count of low bits to drop), shifted down.
// A carry out of the significand moves into the exponent, which is what rounding up must do.
constexpr std::uint32_t round_off(std::uint32_t bits, int dropped) {
  const std::uint32_t half_unit = std::uint32_t{1} << (dropped - 1);
  const std::uint32_t odd = (bits >> dropped) & 1;
  return (bits + half_unit - 1 + odd) >> dropped;
}

bool is_nan(std::uint32_t magnitude) { return magnitude > float_exponent_bits; }

}  // namespace

std::uint16_t float_to_half(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const auto sign = static_cast<std::uint16_t>((bits & float_sign_bit) >> 16);
  const std::uint32_t magnitude = bits & ~float_sign_bit;
  if (is_nan(magnitude)) return sign | 0x7e00 | static_cast<std::uint16_t>((magnitude >> 13) & 0x1ff);
  // 65520 is halfway between binary16's largest value (65504) and 2^16: ties go to the even one,
  // which is the infinity.
  if (magnitude >= 0x477ff000) return sign | 0x7c00;
  if (magnitude >= 0x38800000)  // 2^-14 and above: normal; the exponent bias goes from 127 to 15
    return sign | static_cast<std::uint16_t>(round_off(magnitude - (std::uint32_t{112} << 23), 13));
  // Subnormal: the significand (implicit bit made explicit) in units of 2^-24.
  const int dropped = 126 - static_cast<int>(magnitude >> 23);
  if (dropped > 24) return sign;  // below 2^-25: rounds to zero
  const std::uint32_t significand = (magnitude & 0x7fffff) | 0x800000;
  return sign | static_cast<std::uint16_t>(round_off(significand, dropped));
}

float half_to_float(std::uint16_t bits) {
  const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1f, significand = bits & 0x3ff;
  if (exponent == 0x1f) return std::bit_cast<float>(sign | float_exponent_bits | (significand << 13));
  if (exponent == 0) {
    const float subnormal = std::ldexp(static_cast<float>(significand), -24);
    return sign ? -subnormal : subnormal;
  }
  return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (significand << 13));
}

std::uint16_t float_to_bfloat16(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  if (is_nan(bits & ~float_sign_bit)) return static_cast<std::uint16_t>((bits >> 16) | 0x0040);
  return static_cast<std::uint16_t>(round_off(bits, 16));
}

float bfloat16_to_float(std::uint16_t bits) { return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16); }

float round_to_tf32(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  if (is_nan(bits & ~float_sign_bit)) return value;  // clearing its low bits could make it an infinity
  return std::bit_cast<float>(round_off(bits, 13) << 13);
}

}  // namespace gemmtune
