// The precisions gemmtune knows, as one table: storage, arithmetic, OpenCL and host types, tolerance.
#include "core/precision.hpp"

#include <array>
#include <limits>

namespace gemmtune {
namespace {

// epsilon is 2^-(significand bits): fp16 10, bf16 7, tf32 10, fp32 23, fp64 52. The 3xTF32 mode
// is held to FP32's bound, which is the point of computing it in three products. FP32 kernels may
// serve tf32 and 3xtf32 (same storage, at least as accurate): where skinny or small problems
// leave the matrix units idle, they are often the faster.
constexpr std::array<PrecisionInfo, 6> table{{
    {Precision::Half, "fp16", "FP16 operands and result, FP32 accumulation", 2, "fp16", 1, "", "fp32", "ushort", "",
     "std::uint16_t", 0x1p-10, 16},
    {Precision::BFloat16, "bf16", "BF16 operands and result, FP32 accumulation", 2, "bf16", 1, "", "fp32", "ushort", "",
     "std::uint16_t", 0x1p-7, 116},
    {Precision::TF32, "tf32", "FP32 operands and result, TF32 products, FP32 accumulation", 4, "tf32", 1,
     "fp32", "fp32", "float", "", "float", 0x1p-10, 19},
    {Precision::Single, "fp32", "FP32 throughout", 4, "fp32", 1, "", "fp32", "float", "", "float", 0x1p-23, 32},
    {Precision::Single3xTF32, "3xtf32", "FP32 operands and result, three TF32 products per FP32 one (FP32 accuracy)",
     4, "tf32", 3, "fp32", "fp32", "float", "", "float", 0x1p-23, 332},
    {Precision::Double, "fp64", "FP64 throughout", 8, "fp64", 1, "", "fp64", "double", "cl_khr_fp64", "double", 0x1p-52, 64},
}};

// A stronger precision has the same storage (the call's buffers serve it as they are), an epsilon
// no larger, and no stronger one of its own.
constexpr bool stronger_precisions_are_sound() {
  for (const auto& row : table) {
    if (row.stronger.empty()) continue;
    const PrecisionInfo* stronger = nullptr;
    for (const auto& other : table)
      if (other.code == row.stronger) stronger = &other;
    if (!stronger || stronger->storage_bytes != row.storage_bytes || stronger->epsilon > row.epsilon ||
        !stronger->stronger.empty())
      return false;
  }
  return true;
}
static_assert(stronger_precisions_are_sound(), "a stronger precision must share the storage and be at least as accurate");

}  // namespace

std::span<const PrecisionInfo> precision_table() { return table; }

const PrecisionInfo& precision_info(Precision precision) {
  for (const auto& row : table)
    if (row.precision == precision) return row;
  return table[3];  // unreachable: every enumerator has a row
}

std::optional<Precision> precision_from_code(std::string_view code) {
  if (code == "32") return Precision::Single;
  if (code == "64") return Precision::Double;
  for (const auto& row : table)
    if (row.code == code) return row.precision;
  return std::nullopt;
}

std::optional<Precision> stronger_precision(Precision precision) {
  const std::string_view code = precision_info(precision).stronger;
  return code.empty() ? std::nullopt : precision_from_code(code);
}

Precision accumulator_precision(Precision precision) {
  return precision_info(precision).accumulation == "fp64" ? Precision::Double : Precision::Single;
}

double smallest_normal(Precision precision) {
  switch (precision) {
    case Precision::Half: return 0x1p-14;
    case Precision::Double: return std::numeric_limits<double>::min();
    default: return std::numeric_limits<float>::min();
  }
}

double tolerance_unit(Precision precision, std::size_t k) {
  return 2.0 * (static_cast<double>(k) + 2.0) * precision_info(precision).epsilon;
}

}  // namespace gemmtune
