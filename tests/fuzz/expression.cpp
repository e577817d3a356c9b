// Fuzz target: the expressions of space files and kernel descriptions (core/expression.hpp).
#include <array>
#include <limits>

#include "core/expression.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

using namespace gemmtune;

// The names a space's constraints may use: the xgemm family's parameters, the device limits and
// the problem's sizes.
std::vector<std::string> known_names() {
  std::vector<std::string> names;
  for (const auto& parameter : kernel_family("xgemm").parameters()) names.push_back(parameter.name);
  for (const auto& name : device_limit_names()) names.push_back(name);
  for (const char* name : {"M", "N", "K"}) names.emplace_back(name);
  return names;
}

// Plausible values, zeros, signs, and the 64-bit extremes that overflow any careless arithmetic.
std::array<std::vector<std::int64_t>, 4> bindings(std::size_t count) {
  constexpr std::array<std::int64_t, 3> extremes = {std::numeric_limits<std::int64_t>::min(), -1,
                                                    std::numeric_limits<std::int64_t>::max()};
  std::array<std::vector<std::int64_t>, 4> values;
  for (auto& binding : values) binding.assign(count, 0);
  for (std::size_t slot = 0; slot < count; ++slot) {
    values[0][slot] = std::int64_t{1} << (slot % 8);
    values[2][slot] = slot % 2 ? -1 : 1;
    values[3][slot] = extremes[slot % 3];
  }
  return values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> names = known_names();
  static const auto binding_list = bindings(names.size());
  const NameResolver resolve = [](const std::string& name) -> std::optional<std::size_t> {
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) return std::nullopt;
    return static_cast<std::size_t>(found - names.begin());
  };
  const std::string text = fuzz::text_of(data, size);
  try {
    const Expression expression = Expression::parse(text, resolve);
    for (const std::size_t slot : expression.slots()) fuzz::check(slot < names.size(), "a slot no name resolved to");
    for (const auto& values : binding_list) {
      const std::optional<std::int64_t> whole = expression.evaluate(values);
      // Split at top-level &&, the parts all hold exactly when the whole is true.
      bool all_parts = true;
      for (const Expression& part : expression.conjuncts()) all_parts = all_parts && part.evaluate(values).value_or(0) != 0;
      if (whole) fuzz::check((*whole != 0) == all_parts, "conjuncts disagree with their expression: " + text);
    }
  } catch (const ExpressionError& error) {
    fuzz::check(error.position() <= text.size(), "an error position past the end: " + text);
  }
  return 0;
}
