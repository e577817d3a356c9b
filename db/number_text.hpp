// A double as text that reads back as the same double, for messages and exports of recorded numbers.
#pragma once

#include <sstream>
#include <string>

namespace gemmtune::db {

// 17 significant digits: enough for any double to round-trip, fewer where they suffice (0.5, 2).
inline std::string number_text(double value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

}  // namespace gemmtune::db
