// Replay tables: the column store.
#include "search/replay_table.hpp"

#include <algorithm>

#include "gemmtune/error.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {
namespace {

// A column takes a handful of values: scanning them beats hashing until there are many.
constexpr std::size_t most_values_scanned = 16;

}  // namespace

ReplayTable::ReplayTable(std::vector<std::string> parameter_names)
    : parameter_names_(std::move(parameter_names)), columns_(parameter_names_.size()) {}

std::span<const std::uint16_t> ReplayTable::positions(std::size_t row) const {
  return {positions_.data() + row * columns_.size(), columns_.size()};
}

std::int64_t ReplayTable::value(std::size_t row, std::size_t column) const {
  return columns_[column].values[positions_[row * columns_.size() + column]];
}

KernelConfig ReplayTable::config(std::size_t row) const {
  KernelConfig config;
  for (std::size_t c = 0; c < columns_.size(); ++c) config.emplace(parameter_names_[c], value(row, c));
  return config;
}

void ReplayTable::reserve(std::size_t rows) {
  positions_.reserve(rows * columns_.size());
  measurements_.reserve(rows);
}

std::uint16_t ReplayTable::position_of(std::size_t column, std::int64_t value) {
  Column& entry = columns_[column];
  if (entry.values.size() <= most_values_scanned) {
    const auto found = std::find(entry.values.begin(), entry.values.end(), value);
    if (found != entry.values.end()) return static_cast<std::uint16_t>(found - entry.values.begin());
  } else if (const auto found = entry.position_of.find(value); found != entry.position_of.end()) {
    return found->second;
  }
  check_value_count(parameter_names_[column], entry.values.size() + 1);
  const auto position = static_cast<std::uint16_t>(entry.values.size());
  entry.values.push_back(value);
  entry.position_of.emplace(value, position);
  return position;
}

void ReplayTable::add(std::span<const std::int64_t> values, const Measurement& measurement) {
  if (values.size() != columns_.size())
    throw InvalidArgument("a row of " + std::to_string(values.size()) + " values for a table of " +
                          std::to_string(columns_.size()) + " parameters");
  const std::size_t start = positions_.size();
  try {
    for (std::size_t c = 0; c < values.size(); ++c) positions_.push_back(position_of(c, values[c]));
  } catch (...) {
    positions_.resize(start);
    throw;
  }
  measurements_.push_back(measurement);
}

void ReplayTable::add(const KernelConfig& config, const Measurement& measurement) {
  std::vector<std::int64_t> values;
  for (const std::string& name : parameter_names_)
    if (const auto found = config.find(name); found != config.end()) values.push_back(found->second);
  if (values.size() != config.size() || values.size() != parameter_names_.size()) {
    std::string names;
    for (const std::string& name : parameter_names_) names += (names.empty() ? "" : ",") + name;
    throw ConfigError("recorded configuration '" + config_key(config) + "' does not name the same parameters as " +
                      (size() > 0 ? "'" + config_key(this->config(0)) + "'" : "the table (" + names + ")"));
  }
  add(values, measurement);
}

}  // namespace gemmtune::search
