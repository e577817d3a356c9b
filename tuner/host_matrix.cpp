// One matrix on the host in a precision's storage type: 16-bit values for fp16 and bf16, float, or double.
#include "tuner/host_matrix.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/half_conversion.hpp"
#include "core/precision.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune {
namespace {

template <typename T>
std::vector<T> of_storage(Precision precision, std::vector<T> values) {
  if (static_cast<std::size_t>(precision_info(precision).storage_bytes) != sizeof(T))
    throw std::invalid_argument(std::to_string(sizeof(T)) + "-byte values are not " + to_string(precision) +
                                "'s storage type");
  return values;
}

}  // namespace

HostMatrix::HostMatrix(Precision precision, std::size_t elements) : precision_(precision) {
  switch (precision_info(precision).storage_bytes) {
    case 2: values_ = std::vector<std::uint16_t>(elements); break;
    case 4: values_ = std::vector<float>(elements); break;
    default: values_ = std::vector<double>(elements); break;
  }
}

HostMatrix::HostMatrix(Precision precision, std::vector<std::uint16_t> values)
    : precision_(precision), values_(of_storage(precision, std::move(values))) {}
HostMatrix::HostMatrix(Precision precision, std::vector<float> values)
    : precision_(precision), values_(of_storage(precision, std::move(values))) {}
HostMatrix::HostMatrix(Precision precision, std::vector<double> values)
    : precision_(precision), values_(of_storage(precision, std::move(values))) {}

HostMatrix HostMatrix::random(Precision precision, std::size_t elements, std::uint32_t seed) {
  HostMatrix matrix;
  matrix.precision_ = precision;
  if (precision == Precision::Double) {
    matrix.values_ = random_values<double>(elements, seed);
  } else if (precision == Precision::Half || precision == Precision::BFloat16) {
    const std::vector<float> drawn = random_values<float>(elements, seed);
    std::vector<std::uint16_t> bits(elements);
    for (std::size_t i = 0; i < elements; ++i)
      bits[i] = precision == Precision::Half ? float_to_half(drawn[i]) : float_to_bfloat16(drawn[i]);
    matrix.values_ = std::move(bits);
  } else {
    matrix.values_ = random_values<float>(elements, seed);
  }
  return matrix;
}

std::size_t HostMatrix::size() const {
  return std::visit([](const auto& values) { return values.size(); }, values_);
}

std::size_t HostMatrix::bytes() const { return size() * element_bytes(); }

std::size_t HostMatrix::element_bytes() const {
  return std::visit([](const auto& values) { return sizeof(values[0]); }, values_);
}

const void* HostMatrix::data() const {
  return std::visit([](const auto& values) -> const void* { return values.data(); }, values_);
}

void* HostMatrix::data() {
  return std::visit([](auto& values) -> void* { return values.data(); }, values_);
}

double HostMatrix::value(std::size_t i) const {
  switch (precision_) {
    case Precision::Half: return half_to_float(bits16()[i]);
    case Precision::BFloat16: return bfloat16_to_float(bits16()[i]);
    case Precision::Double: return doubles()[i];
    default: return floats()[i];
  }
}

double HostMatrix::operand(std::size_t i) const {
  if (precision_ == Precision::TF32) return round_to_tf32(floats()[i]);
  return value(i);
}

void HostMatrix::set(std::size_t i, double value) {
  switch (precision_) {
    case Precision::Half: bits16()[i] = float_to_half(static_cast<float>(value)); break;
    case Precision::BFloat16: bits16()[i] = float_to_bfloat16(static_cast<float>(value)); break;
    case Precision::Double: doubles()[i] = value; break;
    default: floats()[i] = static_cast<float>(value); break;
  }
}

bool HostMatrix::same_element(const HostMatrix& other, std::size_t i) const {
  const std::size_t width = element_bytes();
  if (std::memcmp(static_cast<const char*>(data()) + i * width, static_cast<const char*>(other.data()) + i * width,
                  width) == 0)
    return true;
  return std::isnan(value(i)) && std::isnan(other.value(i));
}

}  // namespace gemmtune
