// Configurations as text: the canonical key ("NAME=v,NAME=v", sorted) and readable JSON values.
#pragma once

#include <string>

#include "db/records.hpp"

namespace gemmtune::db {

// "KWG=16,MWG=64": names sorted bytewise, no spaces; the same configuration always gives the same key.
std::string config_key(const ConfigValues& config);

// {"KWG":16,"MWG":64}
std::string config_json(const ConfigValues& config);

// Inverse of config_json(); throws DatabaseError for text that is not an object of integers.
ConfigValues config_from_json(const std::string& text);

}  // namespace gemmtune::db
