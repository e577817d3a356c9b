// A kernel configuration's one vocabulary: the map type, its canonical key, its JSON and display forms.
#include "core/kernel_config.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string joined(const KernelConfig& config, char separator) {
  std::string text;
  for (const auto& [name, value] : config) {
    if (!text.empty()) text += separator;
    text += name + '=' + std::to_string(value);
  }
  return text;
}

}  // namespace

std::string config_key(const KernelConfig& config) { return joined(config, ','); }

std::string describe_config(const KernelConfig& config) { return joined(config, ' '); }

KernelConfig config_from_key(const std::string& key) {
  KernelConfig config;
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
    if (!config.emplace(item.substr(0, equals), value).second)
      throw ConfigError("malformed configuration key '" + key + "': " + item.substr(0, equals) + " is given twice");
    start = end + 1;
  }
  return config;
}

std::string config_json(const KernelConfig& config) {
  boost::json::object object;
  for (const auto& [name, value] : config) object[name] = value;
  return boost::json::serialize(object);
}

KernelConfig config_from_json(const std::string& text) {
  boost::system::error_code error;
  const boost::json::value value = boost::json::parse(text, error);
  if (error || !value.is_object()) throw ConfigError("malformed configuration '" + text + "': expected a JSON object");
  KernelConfig config;
  for (const auto& [name, item] : value.as_object()) {
    if (!item.is_int64() && !(item.is_uint64() && item.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)))
      throw ConfigError("malformed configuration '" + text + "': '" + std::string(name) + "' is not a 64-bit integer");
    config[std::string(name)] = item.to_number<std::int64_t>();
  }
  return config;
}

}  // namespace gemmtune
