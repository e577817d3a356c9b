// Recorded measurements of a whole space, read from a CSV table, for replaying searches offline.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "core/kernel_config.hpp"
#include "search/measurement.hpp"

namespace gemmtune::search {

// Format (documented in tests/data/README.md): '#' lines are comments; a header line names
// the parameter columns, then `status`, then `seconds`; one row per configuration.
struct ReplayTable {
  std::vector<std::string> parameter_names;
  std::vector<std::pair<KernelConfig, Measurement>> rows;
};

// Throws gemmtune::ConfigError naming the file and line of anything malformed or duplicated.
ReplayTable read_replay_table(const std::filesystem::path& file);
ReplayTable parse_replay_table(std::istream& input, const std::string& origin);

}  // namespace gemmtune::search
