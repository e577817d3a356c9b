// One matrix on the host in a precision's storage type: 16-bit values for fp16 and bf16, float, or double.
#include "bench/host_matrix.hpp"

#include "core/half_conversion.hpp"
#include "core/precision.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::bench {

HostMatrix::HostMatrix(Precision precision, std::size_t elements) : precision_(precision) {
  switch (precision_info(precision).storage_bytes) {
    case 2: values_ = std::vector<std::uint16_t>(elements); break;
    case 4: values_ = std::vector<float>(elements); break;
    default: values_ = std::vector<double>(elements); break;
  }
}

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

std::size_t HostMatrix::bytes() const {
  return std::visit([](const auto& values) { return values.size() * sizeof(values[0]); }, values_);
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

}  // namespace gemmtune::bench
