// Reading replay tables (CSV).
#include "search/replay_table.hpp"

#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

#include "core/input_file.hpp"
#include "core/parameter_name.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::search {
namespace {

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream stream(line);
  while (std::getline(stream, field, ',')) {
    const auto first = field.find_first_not_of(" \t\r");
    const auto last = field.find_last_not_of(" \t\r");
    fields.push_back(first == std::string::npos ? "" : field.substr(first, last - first + 1));
  }
  if (!line.empty() && line.back() == ',') fields.push_back("");
  return fields;
}

}  // namespace

ReplayTable read_replay_table(const std::filesystem::path& file) {
  std::istringstream stream(read_input_file(file, replay_table_limit, "replay table"));
  return parse_replay_table(stream, file.string());
}

ReplayTable parse_replay_table(std::istream& input, const std::string& origin) {
  ReplayTable table;
  std::set<std::string> keys;
  std::size_t columns = 0, line_number = 0;
  bool header_seen = false;
  for (std::string line; std::getline(input, line);) {
    ++line_number;
    const std::string where = origin + ":" + std::to_string(line_number) + ": ";
    if (line.find_first_not_of(" \t\r") == std::string::npos || line.front() == '#') continue;
    const std::vector<std::string> fields = split_fields(line);
    if (!header_seen) {
      header_seen = true;
      columns = fields.size();
      std::size_t status_column = 0;
      while (status_column < fields.size() && fields[status_column] != "status") ++status_column;
      if (status_column == 0 || status_column + 1 >= fields.size() || fields[status_column + 1] != "seconds")
        throw ConfigError(where + "the header must name the parameters, then status, then seconds");
      for (std::size_t c = 0; c < status_column; ++c) {
        if (!is_parameter_name(fields[c]))
          throw ConfigError(where + "column '" + fields[c] + "' is not a parameter name ([A-Z_][A-Z0-9_]*)");
        table.parameter_names.push_back(fields[c]);
      }
      if (std::set<std::string>(table.parameter_names.begin(), table.parameter_names.end()).size() != table.parameter_names.size())
        throw ConfigError(where + "a parameter column is named twice");
      continue;
    }
    if (fields.size() != columns)
      throw ConfigError(where + "expected " + std::to_string(columns) + " fields, found " + std::to_string(fields.size()));
    KernelConfig config;
    for (std::size_t c = 0; c < table.parameter_names.size(); ++c) {
      std::int64_t value = 0;
      const std::string& text = fields[c];
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw ConfigError(where + table.parameter_names[c] + " '" + text + "' is not an integer");
      config[table.parameter_names[c]] = value;
    }
    Measurement measurement;
    const std::size_t status_column = table.parameter_names.size();
    try {
      measurement.status = status_from_string(fields[status_column]);
    } catch (const Error& error) {
      throw ConfigError(where + error.what());
    }
    if (measurement.status == Status::ok) {
      const std::string& text = fields[status_column + 1];
      char* end = nullptr;
      measurement.seconds = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(measurement.seconds) || measurement.seconds <= 0)
        throw ConfigError(where + "an ok row needs a positive time in seconds, not '" + text + "'");
    }
    if (!keys.insert(config_key(config)).second) throw ConfigError(where + "configuration " + config_key(config) + " is recorded twice");
    table.rows.emplace_back(std::move(config), measurement);
  }
  if (!header_seen) throw ConfigError(origin + ": the replay table has no header line");
  return table;
}

}  // namespace gemmtune::search
