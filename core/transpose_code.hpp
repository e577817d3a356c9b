// The transposition codes that descriptions, stored problems and bench results spell out.
#pragma once

#include <string_view>

namespace gemmtune {

// "NN", "NT", "TN" or "TT": op(A) then op(B), as transpose_code() (gemmtune/types.hpp) writes them.
inline bool is_transpose_code(std::string_view code) {
  return code == "NN" || code == "NT" || code == "TN" || code == "TT";
}

}  // namespace gemmtune
