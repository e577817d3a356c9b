// The names parameters and space inputs may have, checked without std::regex, whose recursive
// matcher (libstdc++) overflows the stack on a name of some ten thousand characters.
#pragma once

#include <string_view>

namespace gemmtune {

// [A-Z_][A-Z0-9_]*: only such names reach a compiler, as -DNAME=integer.
bool is_parameter_name(std::string_view name);

// [A-Za-z_][A-Za-z0-9_]*
bool is_identifier(std::string_view name);

}  // namespace gemmtune
