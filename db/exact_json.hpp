// JSON parsing that reads every number exactly, so that an export imports bit for bit.
#pragma once

#include <boost/json/value.hpp>
#include <string_view>

namespace gemmtune::db {

// boost::json::parse, except that each double is the one nearest its text. Boost.JSON before 1.83
// (Debian 12 ships 1.81) rounds about one double in ten off by one unit in the last place, so a
// GFLOP/s value changed on every export and import.
boost::json::value parse_json_exactly(std::string_view text, boost::system::error_code& error);

}  // namespace gemmtune::db
