// Configurations as text: the canonical key ("NAME=v,NAME=v", sorted) and readable JSON values.
#include "db/config_key.hpp"

#include <boost/json.hpp>

#include "gemmtune/error.hpp"

namespace gemmtune::db {

std::string config_key(const ConfigValues& config) {
  std::string key;
  for (const auto& [name, value] : config) {
    if (!key.empty()) key += ',';
    key += name + '=' + std::to_string(value);
  }
  return key;
}

std::string config_json(const ConfigValues& config) {
  boost::json::object object;
  for (const auto& [name, value] : config) object[name] = value;
  return boost::json::serialize(object);
}

ConfigValues config_from_json(const std::string& text) {
  boost::system::error_code error;
  const boost::json::value value = boost::json::parse(text, error);
  if (error || !value.is_object()) throw DatabaseError("malformed configuration '" + text + "': expected a JSON object");
  ConfigValues config;
  for (const auto& [name, item] : value.as_object()) {
    if (!item.is_int64() && !item.is_uint64())
      throw DatabaseError("malformed configuration '" + text + "': '" + std::string(name) + "' is not an integer");
    config[std::string(name)] = item.to_number<std::int64_t>();
  }
  return config;
}

}  // namespace gemmtune::db
