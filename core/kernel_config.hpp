// A kernel configuration's one vocabulary: the map type, its canonical key, its JSON and display forms.
#pragma once

#include <boost/json/object.hpp>
#include <string>

#include "gemmtune/types.hpp"

namespace gemmtune {

// "NAME=v,NAME=v", names sorted bytewise, no spaces: the key under which measurements are recorded
// and compared; the same configuration always gives the same key.
std::string config_key(const KernelConfig& config);

// {"NAME":v,...}, as the database and the exports store it.
std::string config_json(const KernelConfig& config);
// The same as a JSON object, for the programs' --json output.
boost::json::object config_object(const KernelConfig& config);

// The inverse of config_json. Throws ConfigError for text that is not an object of integers.
KernelConfig config_from_json(const std::string& text);

// "NAME=v NAME=v", for messages and logs.
std::string describe_config(const KernelConfig& config);

}  // namespace gemmtune
