// The host's float <-> FP16, BF16 and TF32 conversions: round to nearest even, subnormals, infinities, NaN.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/half_conversion.hpp"

namespace gemmtune {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();
const float nan = std::numeric_limits<float>::quiet_NaN();

TEST(HalfConversion, EveryHalfValueComesBackUnchanged) {
  for (std::uint32_t bits = 0; bits <= 0xffff; ++bits) {
    const auto half = static_cast<std::uint16_t>(bits);
    const float value = half_to_float(half);
    if (std::isnan(value)) {
      EXPECT_EQ(half & 0x7c00, 0x7c00) << bits;
      EXPECT_TRUE(std::isnan(half_to_float(float_to_half(value)))) << bits;
    } else {
      EXPECT_EQ(float_to_half(value), half) << bits;
    }
  }
}

TEST(HalfConversion, RoundsToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f), 0x3c00);                // halfway, down to even
  EXPECT_EQ(float_to_half(1.0f + 3 * 0x1p-11f), 0x3c02);            // halfway, up to even
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f + 0x1p-20f), 0x3c01);     // past halfway
  EXPECT_EQ(float_to_half(-(1.0f + 0x1p-11f + 0x1p-20f)), 0xbc01);
  EXPECT_EQ(float_to_half(0x1p-14f * (2 - 0x1p-11f)), 0x0800);      // the carry moves into the exponent
  EXPECT_EQ(half_to_float(float_to_half(0.1f)), 0.0999755859375f);
}

TEST(HalfConversion, SubnormalsRoundInUnitsOfTwoToTheMinus24) {
  EXPECT_EQ(float_to_half(0x1p-24f), 0x0001);
  EXPECT_EQ(float_to_half(0x1p-25f), 0x0000);         // halfway to the smallest: even is zero
  EXPECT_EQ(float_to_half(0x1.8p-25f), 0x0001);
  EXPECT_EQ(float_to_half(3 * 0x1p-25f), 0x0002);     // 1.5 units: up to even
  EXPECT_EQ(float_to_half(5 * 0x1p-25f), 0x0002);     // 2.5 units: down to even
  EXPECT_EQ(float_to_half(0x1p-26f), 0x0000);
  EXPECT_EQ(float_to_half(-0x1p-24f), 0x8001);
  EXPECT_EQ(float_to_half(0x1p-14f - 0x1p-25f), 0x0400);  // rounds up into the smallest normal
  EXPECT_EQ(float_to_half(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(half_to_float(0x0001), 0x1p-24f);
  EXPECT_EQ(half_to_float(0x83ff), -0x3ffp-24f);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
}

TEST(HalfConversion, OverflowGivesInfinityAndNanStaysNan) {
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half(65519.0f), 0x7bff);
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);  // halfway to 2^16: the even neighbour is infinity
  EXPECT_EQ(float_to_half(1e10f), 0x7c00);
  EXPECT_EQ(float_to_half(infinity), 0x7c00);
  EXPECT_EQ(float_to_half(-infinity), 0xfc00);
  EXPECT_EQ(half_to_float(0x7c00), infinity);
  EXPECT_EQ(half_to_float(0xfc00), -infinity);
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(nan))));
  // A NaN whose payload lies only in the bits binary16 drops stays a NaN, not an infinity.
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::bit_cast<float>(0x7f800001u)))));
}

TEST(BFloat16Conversion, EveryValueComesBackUnchanged) {
  for (std::uint32_t bits = 0; bits <= 0xffff; ++bits) {
    const auto bf16 = static_cast<std::uint16_t>(bits);
    const float value = bfloat16_to_float(bf16);
    if (std::isnan(value))
      EXPECT_TRUE(std::isnan(bfloat16_to_float(float_to_bfloat16(value)))) << bits;
    else
      EXPECT_EQ(float_to_bfloat16(value), bf16) << bits;
  }
}

TEST(BFloat16Conversion, RoundsToNearestEvenKeepingSpecials) {
  EXPECT_EQ(float_to_bfloat16(1.0f), 0x3f80);
  EXPECT_EQ(float_to_bfloat16(1.0f + 0x1p-8f), 0x3f80);              // halfway, down to even
  EXPECT_EQ(float_to_bfloat16(1.0f + 3 * 0x1p-8f), 0x3f82);          // halfway, up to even
  EXPECT_EQ(float_to_bfloat16(1.0f + 0x1p-8f + 0x1p-20f), 0x3f81);
  EXPECT_EQ(float_to_bfloat16(-2.0f), 0xc000);
  EXPECT_EQ(float_to_bfloat16(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(float_to_bfloat16(0x1p-133f), 0x0001);                   // float subnormals keep their exponent
  EXPECT_EQ(float_to_bfloat16(std::numeric_limits<float>::max()), 0x7f80);  // rounds up to infinity
  EXPECT_EQ(float_to_bfloat16(infinity), 0x7f80);
  EXPECT_EQ(float_to_bfloat16(-infinity), 0xff80);
  EXPECT_TRUE(std::isnan(bfloat16_to_float(float_to_bfloat16(nan))));
  EXPECT_TRUE(std::isnan(bfloat16_to_float(float_to_bfloat16(std::bit_cast<float>(0x7f800001u)))));
}

TEST(TF32Rounding, KeepsTenSignificandBitsRoundingToNearestEven) {
  EXPECT_EQ(round_to_tf32(1.0f), 1.0f);
  EXPECT_EQ(round_to_tf32(1.0f + 0x1p-10f), 1.0f + 0x1p-10f);        // representable
  EXPECT_EQ(round_to_tf32(1.0f + 0x1p-11f), 1.0f);                   // halfway, down to even
  EXPECT_EQ(round_to_tf32(1.0f + 3 * 0x1p-11f), 1.0f + 0x1p-9f);     // halfway, up to even
  EXPECT_EQ(round_to_tf32(1.0f + 0x1p-11f + 0x1p-23f), 1.0f + 0x1p-10f);
  EXPECT_EQ(round_to_tf32(-(1.0f + 0x1p-11f + 0x1p-23f)), -(1.0f + 0x1p-10f));
  EXPECT_EQ(round_to_tf32(2.0f - 0x1p-23f), 2.0f);
  EXPECT_EQ(round_to_tf32(std::numeric_limits<float>::denorm_min()), 0.0f);
  EXPECT_EQ(round_to_tf32(0x1p-136f), 0x1p-136f);                     // subnormal on TF32's grid
  EXPECT_EQ(round_to_tf32(std::numeric_limits<float>::max()), infinity);
  EXPECT_EQ(round_to_tf32(infinity), infinity);
  EXPECT_EQ(round_to_tf32(-infinity), -infinity);
  EXPECT_TRUE(std::isnan(round_to_tf32(nan)));
  EXPECT_TRUE(std::isnan(round_to_tf32(std::bit_cast<float>(0x7f800001u))));
}

}  // namespace
}  // namespace gemmtune
