// One matrix on the host in a precision's storage type: 16-bit values for fp16 and bf16, float, or double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

#include "gemmtune/types.hpp"

namespace gemmtune {

class HostMatrix {
 public:
  HostMatrix() = default;
  // `elements` zeros of `precision`'s storage type.
  HostMatrix(Precision precision, std::size_t elements);
  // These values, which must be of `precision`'s storage type (std::invalid_argument otherwise).
  HostMatrix(Precision precision, std::vector<std::uint16_t> values);
  HostMatrix(Precision precision, std::vector<float> values);
  HostMatrix(Precision precision, std::vector<double> values);
  // `elements` values uniform in [-1, 1), the same for the same seed everywhere; for fp16 and bf16
  // drawn as floats and rounded to nearest even, for fp64 drawn as doubles.
  static HostMatrix random(Precision precision, std::size_t elements, std::uint32_t seed);

  Precision precision() const { return precision_; }
  std::size_t size() const;
  std::size_t bytes() const;
  std::size_t element_bytes() const;
  const void* data() const;
  void* data();
  // Element i's value, exactly (a 16-bit value decoded).
  double value(std::size_t i) const;
  // The value the precision's products multiply for element i: its value, rounded to nearest even
  // at TF32's 10 significand bits for tf32 (exact in the accumulator type for every precision).
  double operand(std::size_t i) const;
  // Sets element i to `value` rounded to nearest even in the storage type (a 16-bit one from the
  // nearest float).
  void set(std::size_t i, double value);
  // Whether element i holds the same bits here and in `other` (of the same precision), or NaN in both.
  bool same_element(const HostMatrix& other, std::size_t i) const;

  // The elements as stored; throws std::bad_variant_access for another storage type.
  const std::vector<std::uint16_t>& bits16() const { return std::get<std::vector<std::uint16_t>>(values_); }
  const std::vector<float>& floats() const { return std::get<std::vector<float>>(values_); }
  const std::vector<double>& doubles() const { return std::get<std::vector<double>>(values_); }
  std::vector<std::uint16_t>& bits16() { return std::get<std::vector<std::uint16_t>>(values_); }
  std::vector<float>& floats() { return std::get<std::vector<float>>(values_); }
  std::vector<double>& doubles() { return std::get<std::vector<double>>(values_); }

 private:
  Precision precision_ = Precision::Single;
  std::variant<std::vector<std::uint16_t>, std::vector<float>, std::vector<double>> values_;
};

}  // namespace gemmtune
