// Names of the public vocabulary types, as the CLI and the database write them.
#include "gemmtune/types.hpp"

#include "core/precision.hpp"

namespace gemmtune {

std::string to_string(Layout layout) { return layout == Layout::RowMajor ? "row" : "col"; }

std::string to_string(ConfigSource source) {
  switch (source) {
    case ConfigSource::Exact: return "exact";
    case ConfigSource::Nearest: return "nearest";
    case ConfigSource::Fallback: return "fallback";
    case ConfigSource::Default: break;
  }
  return "default";
}

std::string to_string(Precision precision) { return std::string(precision_info(precision).code); }

std::string transpose_code(Transpose a, Transpose b) {
  return std::string(1, a == Transpose::Yes ? 'T' : 'N') + (b == Transpose::Yes ? 'T' : 'N');
}

}  // namespace gemmtune
