// Name checks by character class, in constant stack space whatever the name's length.
#include "core/parameter_name.hpp"

#include <algorithm>

namespace gemmtune {
namespace {

bool is_name(std::string_view name, bool lower_case_too) {
  const auto letter = [&](char c) { return (c >= 'A' && c <= 'Z') || c == '_' || (lower_case_too && c >= 'a' && c <= 'z'); };
  return !name.empty() && letter(name.front()) &&
         std::all_of(name.begin() + 1, name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

}  // namespace

bool is_parameter_name(std::string_view name) { return is_name(name, false); }

bool is_identifier(std::string_view name) { return is_name(name, true); }

}  // namespace gemmtune
