// Fuzz target: constraint and derived-value expressions of space files (search/expression.hpp).
#include <array>
#include <limits>

#include "search/expression.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

using namespace gemmtune;

// The names the shipped space's expressions use: its parameters, the device limits and the inputs.
constexpr std::array<const char*, 27> names = {
    "TSM", "TSN", "TSK", "WPTM", "WPTN", "PADA", "PADB", "VWA", "VWB", "STRM", "STRN", "KUNROLL", "PREFETCH",
    "WARPN", "KSPLIT", "ADVANCE", "UNCHECKED", "SWIZZLE", "max_work_group_size", "max_work_item_size_0",
    "max_work_item_size_1", "local_mem_size", "element_bytes", "nv_compiler_options", "cpu_device", "M", "N"};

std::optional<std::size_t> slot_of(const std::string& name) {
  for (std::size_t slot = 0; slot < names.size(); ++slot)
    if (name == names[slot]) return slot;
  return std::nullopt;
}

// Plausible values, zeros, signs, and the 64-bit extremes that overflow any careless arithmetic.
std::array<std::array<std::int64_t, names.size()>, 4> bindings() {
  std::array<std::array<std::int64_t, names.size()>, 4> values{};
  constexpr std::array<std::int64_t, 3> extremes = {std::numeric_limits<std::int64_t>::min(), -1,
                                                    std::numeric_limits<std::int64_t>::max()};
  for (std::size_t slot = 0; slot < names.size(); ++slot) {
    values[0][slot] = std::int64_t{1} << (slot % 8);
    values[2][slot] = slot % 2 ? -1 : 1;
    values[3][slot] = extremes[slot % 3];
  }
  return values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto binding_list = bindings();
  const std::string text = fuzz::text_of(data, size);
  try {
    const search::Expression expression = search::Expression::parse(text, slot_of);
    for (const std::size_t slot : expression.slots()) fuzz::check(slot < names.size(), "a slot no name resolved to");
    for (const auto& values : binding_list) {
      const std::optional<std::int64_t> whole = expression.evaluate(values);
      // Split at top-level &&, the parts all hold exactly when the whole is true.
      bool all_parts = true;
      for (const search::Expression& part : expression.conjuncts()) all_parts = all_parts && part.evaluate(values).value_or(0) != 0;
      if (whole) fuzz::check((*whole != 0) == all_parts, "conjuncts disagree with their expression: " + text);
    }
  } catch (const search::ExpressionError& error) {
    fuzz::check(error.position() <= text.size(), "an error position past the end: " + text);
  }
  return 0;
}
