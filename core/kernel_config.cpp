// A kernel configuration's one vocabulary: the map type, its canonical key, its JSON and display forms.
#include "core/kernel_config.hpp"

#include <boost/json.hpp>

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

boost::json::object config_object(const KernelConfig& config) {
  boost::json::object object;
  for (const auto& [name, value] : config) object[name] = value;
  return object;
}

std::string config_json(const KernelConfig& config) { return boost::json::serialize(config_object(config)); }

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
