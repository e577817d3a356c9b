// Canonical text keys of configurations.
#include "search/config.hpp"

#include <charconv>

#include "gemmtune/error.hpp"

namespace gemmtune::search {

std::string config_key(const Config& config) {
  std::string key;
  for (const auto& [name, value] : config) {
    if (!key.empty()) key += ',';
    key += name;
    key += '=';
    key += std::to_string(value);
  }
  return key;
}

Config config_from_key(const std::string& key) {
  Config config;
  std::size_t start = 0;
  while (start < key.size()) {
    std::size_t end = key.find(',', start);
    if (end == std::string::npos) end = key.size();
    const std::string item = key.substr(start, end - start);
    const std::size_t equals = item.find('=');
    std::int64_t value = 0;
    const char* first = item.data() + (equals == std::string::npos ? 0 : equals + 1);
    const char* last = item.data() + item.size();
    const auto [parsed_end, error] = std::from_chars(first, last, value);
    if (equals == std::string::npos || equals == 0 || first == last || error != std::errc() || parsed_end != last)
      throw ConfigError("malformed configuration key '" + key + "': expected NAME=integer,NAME=integer");
    config[item.substr(0, equals)] = value;
    start = end + 1;
  }
  return config;
}

}  // namespace gemmtune::search
