// Recorded measurements of a whole space, read from a CSV table, for replaying searches offline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/kernel_config.hpp"
#include "search/measurement.hpp"

namespace gemmtune::search {

// Format (documented in tests/data/README.md): '#' lines are comments; a header line names
// the parameter columns, then `status`, then `seconds`; one row per configuration.
// Stored by column: each column keeps its distinct values once and each row a two-byte position
// per column, since a table of a whole space has a million rows; a row becomes a KernelConfig
// only when asked for.
class ReplayTable {
 public:
  ReplayTable() = default;
  explicit ReplayTable(std::vector<std::string> parameter_names);  // distinct names

  const std::vector<std::string>& parameter_names() const { return parameter_names_; }
  std::size_t size() const { return measurements_.size(); }

  // The distinct values of column `column`, in the order the rows first take them.
  const std::vector<std::int64_t>& values(std::size_t column) const { return columns_[column].values; }
  // Row `row`'s positions in values(), one per column; all rows, row after row, with no argument.
  std::span<const std::uint16_t> positions(std::size_t row) const;
  std::span<const std::uint16_t> positions() const { return positions_; }
  std::int64_t value(std::size_t row, std::size_t column) const;
  KernelConfig config(std::size_t row) const;
  const Measurement& measurement(std::size_t row) const { return measurements_[row]; }

  void reserve(std::size_t rows);
  // `values`: one per column, in the columns' order. Throws gemmtune::ConfigError when a column
  // would take more than 65535 distinct values.
  void add(std::span<const std::int64_t> values, const Measurement& measurement);
  // Throws gemmtune::ConfigError when `config` does not name exactly the table's parameters.
  void add(const KernelConfig& config, const Measurement& measurement);

 private:
  struct Column {
    std::vector<std::int64_t> values;
    std::unordered_map<std::int64_t, std::uint16_t> position_of;  // consulted once values is long
  };
  std::uint16_t position_of(std::size_t column, std::int64_t value);

  std::vector<std::string> parameter_names_;
  std::vector<Column> columns_;
  std::vector<std::uint16_t> positions_;  // row after row, one per column
  std::vector<Measurement> measurements_;
};

// Throws gemmtune::ConfigError naming the file and line of anything malformed or duplicated.
ReplayTable read_replay_table(const std::filesystem::path& file);
ReplayTable parse_replay_table(std::string_view text, const std::string& origin);
ReplayTable parse_replay_table(std::istream& input, const std::string& origin);

}  // namespace gemmtune::search
