// Reading replay tables (CSV): fields split in place, repeated rows found by their value positions.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>
#include <sstream>

#include "core/input_file.hpp"
#include "core/parameter_name.hpp"
#include "gemmtune/error.hpp"
#include "search/replay_table.hpp"
#include "search/row_order.hpp"

namespace gemmtune::search {
namespace {

// Tests of single characters: string_view's find_first_not_of calls memchr for every character.
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trimmed(std::string_view field) {
  std::size_t first = 0, last = field.size();
  while (first < last && is_blank(field[first])) ++first;
  while (last > first && is_blank(field[last - 1])) --last;
  return field.substr(first, last - first);
}

// Every comma ends a field, so a trailing comma leaves an empty last field.
void split_fields(std::string_view line, std::vector<std::string_view>& fields) {
  fields.clear();
  std::size_t start = 0;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] == ',') {
      fields.push_back(trimmed(line.substr(start, i - start)));
      start = i + 1;
    }
  fields.push_back(trimmed(line.substr(start)));
}

// The first row equal to an earlier one, if any. Sorting, then comparing neighbours, reads the rows
// in order; a hash set of a million rows reads them at random, a cache miss each, and took longer.
std::optional<std::size_t> first_repeat(const ReplayTable& table) {
  std::vector<std::size_t> value_counts;
  for (std::size_t c = 0; c < table.parameter_names().size(); ++c) value_counts.push_back(table.values(c).size());
  const RowOrder order = lexicographic_order(table.positions(), table.size(), value_counts);
  std::optional<std::size_t> first;
  for (std::size_t k = 0; k < order.rows.size(); ++k)
    if (order.repeats[k]) first = std::min<std::size_t>(first.value_or(order.rows[k]), order.rows[k]);
  return first;
}

// The most rows `text` can hold: its lines long enough for a row's commas that are not comments.
// Room made for that many stays within a few times the text's size, whatever the text.
std::size_t most_rows(std::string_view text, std::size_t columns) {
  std::size_t rows = 0;
  for (std::size_t next = 0; next < text.size();) {
    const std::size_t end = std::min(text.find('\n', next), text.size());
    if (end - next + 1 >= columns && text[next] != '#') ++rows;
    next = end + 1;
  }
  return rows;
}

// Every row into `table`, and its line into `line_of_row`; all but repeats checked on the way.
void read_rows(std::string_view text, const std::string& origin, ReplayTable& table, std::vector<std::size_t>& line_of_row) {
  std::size_t columns = 0, line_number = 0;
  const auto where = [&] { return origin + ":" + std::to_string(line_number) + ": "; };
  bool header_seen = false;
  std::vector<std::string_view> fields;
  std::vector<std::int64_t> values;
  std::string seconds_text;  // strtod reads up to a NUL, which a field of `text` lacks
  for (std::size_t next = 0; next < text.size();) {
    const std::size_t end = std::min(text.find('\n', next), text.size());
    const std::string_view line = text.substr(next, end - next);
    next = end < text.size() ? end + 1 : end;  // a last line without '\n' ends the text
    ++line_number;
    if (std::all_of(line.begin(), line.end(), is_blank) || line.front() == '#') continue;
    split_fields(line, fields);
    if (!header_seen) {
      header_seen = true;
      columns = fields.size();
      std::size_t status_column = 0;
      while (status_column < fields.size() && fields[status_column] != "status") ++status_column;
      if (status_column == 0 || status_column + 1 >= fields.size() || fields[status_column + 1] != "seconds")
        throw ConfigError(where() + "the header must name the parameters, then status, then seconds");
      std::vector<std::string> names;
      for (std::size_t c = 0; c < status_column; ++c) {
        if (!is_parameter_name(fields[c]))
          throw ConfigError(where() + "column '" + std::string(fields[c]) + "' is not a parameter name ([A-Z_][A-Z0-9_]*)");
        names.emplace_back(fields[c]);
      }
      if (std::set<std::string>(names.begin(), names.end()).size() != names.size())
        throw ConfigError(where() + "a parameter column is named twice");
      table = ReplayTable(std::move(names));
      const std::size_t rows = most_rows(text.substr(next), columns);
      table.reserve(rows);
      line_of_row.reserve(rows);
      values.resize(status_column);
      continue;
    }
    if (fields.size() != columns)
      throw ConfigError(where() + "expected " + std::to_string(columns) + " fields, found " + std::to_string(fields.size()));
    const std::vector<std::string>& names = table.parameter_names();
    for (std::size_t c = 0; c < names.size(); ++c) {
      const std::string_view field = fields[c];
      const auto [last, error] = std::from_chars(field.data(), field.data() + field.size(), values[c]);
      if (field.empty() || error != std::errc() || last != field.data() + field.size())
        throw ConfigError(where() + names[c] + " '" + std::string(field) + "' is not an integer");
    }
    Measurement measurement;
    const std::size_t status_column = names.size();
    try {
      measurement.status = status_from_string(std::string(fields[status_column]));
    } catch (const Error& error) {
      throw ConfigError(where() + error.what());
    }
    if (measurement.status == Status::ok) {
      seconds_text.assign(fields[status_column + 1]);
      char* parsed_end = nullptr;
      measurement.seconds = std::strtod(seconds_text.c_str(), &parsed_end);
      if (seconds_text.empty() || parsed_end != seconds_text.c_str() + seconds_text.size() || !std::isfinite(measurement.seconds) ||
          measurement.seconds <= 0)
        throw ConfigError(where() + "an ok row needs a positive time in seconds, not '" + seconds_text + "'");
    }
    try {
      table.add(values, measurement);
    } catch (const ConfigError& error) {
      throw ConfigError(where() + error.what());
    }
    line_of_row.push_back(line_number);
  }
  if (!header_seen) throw ConfigError(origin + ": the replay table has no header line");
}

}  // namespace

ReplayTable read_replay_table(const std::filesystem::path& file) {
  return parse_replay_table(read_input_file(file, replay_table_limit, "replay table"), file.string());
}

ReplayTable parse_replay_table(std::istream& input, const std::string& origin) {
  std::ostringstream text;
  text << input.rdbuf();
  return parse_replay_table(text.str(), origin);
}

ReplayTable parse_replay_table(std::string_view text, const std::string& origin) {
  ReplayTable table;
  std::vector<std::size_t> line_of_row;
  // Repeats are looked for once the rows are in, and reported as the first fault they are.
  const auto fail_on_a_repeat = [&] {
    if (const std::optional<std::size_t> row = first_repeat(table))
      throw ConfigError(origin + ":" + std::to_string(line_of_row[*row]) + ": configuration " + config_key(table.config(*row)) +
                        " is recorded twice");
  };
  try {
    read_rows(text, origin, table, line_of_row);
  } catch (const ConfigError&) {
    fail_on_a_repeat();  // on an earlier line than the fault at hand
    throw;
  }
  fail_on_a_repeat();
  return table;
}

}  // namespace gemmtune::search
