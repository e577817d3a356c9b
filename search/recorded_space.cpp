// Spaces of recorded configurations, for replay: exactly the configurations given, none enumerated.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "gemmtune/error.hpp"
#include "search/parameter_space.hpp"
#include "search/row_order.hpp"

namespace gemmtune::search {

ParameterSpace ParameterSpace::from_configs(const std::string& kernel, const std::vector<KernelConfig>& configs) {
  if (configs.empty()) return from_rows(kernel, {}, {}, 0);
  std::map<std::string, std::set<std::int64_t>> distinct;
  for (const auto& [name, value] : configs.front()) distinct[name];
  for (const auto& config : configs) {
    if (config.size() != distinct.size() ||
        !std::all_of(config.begin(), config.end(), [&](const auto& item) { return distinct.contains(item.first); }))
      throw ConfigError("recorded configuration '" + config_key(config) + "' does not name the same parameters as '" +
                        config_key(configs.front()) + "'");
    for (const auto& [name, value] : config) distinct[name].insert(value);
  }
  std::vector<Parameter> parameters;
  for (const auto& [name, values] : distinct) {
    check_value_count(name, values.size());
    parameters.push_back({name, std::vector<std::int64_t>(values.begin(), values.end())});
  }
  std::vector<std::uint16_t> rows;
  rows.reserve(configs.size() * parameters.size());
  for (const auto& config : configs) {
    std::size_t p = 0;
    for (const auto& [name, value] : config) {  // the names of `distinct`, in the same order
      const auto& values = parameters[p++].values;
      rows.push_back(static_cast<std::uint16_t>(std::lower_bound(values.begin(), values.end(), value) - values.begin()));
    }
  }
  return from_rows(kernel, parameters, rows, configs.size());
}

ParameterSpace ParameterSpace::from_rows(const std::string& kernel, const std::vector<Parameter>& parameters,
                                         std::span<const std::uint16_t> rows, std::size_t row_count,
                                         std::vector<std::uint64_t>* valid_index_of_row) {
  ParameterSpace space;
  space.origin_ = "recorded configurations";
  space.kernel_ = kernel;
  if (valid_index_of_row) valid_index_of_row->assign(row_count, 0);
  if (row_count == 0) return space;
  const std::size_t count = parameters.size();
  if (rows.size() != row_count * count)
    throw InvalidArgument(std::to_string(rows.size()) + " value positions for " + std::to_string(row_count) + " rows of " +
                          std::to_string(count) + " parameters");

  // Valid indices, and so every seeded search's proposals, rest on the order from_configs has
  // always had: parameters by name, each one's values ascending.
  std::vector<std::size_t> by_name(count);
  std::iota(by_name.begin(), by_name.end(), std::size_t{0});
  std::sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) { return parameters[a].name < parameters[b].name; });
  std::vector<std::vector<std::uint16_t>> ascending_position(count);  // by the position given
  std::vector<std::size_t> value_counts;
  for (const std::size_t p : by_name) {
    const Parameter& given = parameters[p];
    check_value_count(given.name, given.values.size());
    std::vector<std::int64_t> sorted = given.values;
    std::sort(sorted.begin(), sorted.end());
    for (const std::int64_t value : given.values)
      ascending_position[p].push_back(static_cast<std::uint16_t>(std::lower_bound(sorted.begin(), sorted.end(), value) - sorted.begin()));
    value_counts.push_back(sorted.size());
    space.parameters_.push_back({given.name, std::move(sorted)});
  }
  space.slot_defaults_.assign(count, 0);

  std::vector<std::uint16_t> normalised(row_count * count);
  for (std::size_t r = 0; r < row_count; ++r)
    for (std::size_t i = 0; i < count; ++i) {
      const std::vector<std::uint16_t>& ascending = ascending_position[by_name[i]];
      const std::uint16_t position = rows[r * count + by_name[i]];
      if (position >= ascending.size())
        throw InvalidArgument("row " + std::to_string(r) + " names value " + std::to_string(position) + " of parameter " +
                              parameters[by_name[i]].name + ", which has " + std::to_string(ascending.size()));
      normalised[r * count + i] = ascending[position];
    }
  const RowOrder order = lexicographic_order(normalised, row_count, value_counts);
  space.valid_.reserve(normalised.size());
  for (std::size_t k = 0; k < row_count; ++k) {
    const std::uint64_t r = order.rows[k];
    if (!order.repeats[k]) {
      const auto row = normalised.begin() + static_cast<std::ptrdiff_t>(r * count);
      space.valid_.insert(space.valid_.end(), row, row + static_cast<std::ptrdiff_t>(count));
      ++space.valid_count_;
    }
    if (valid_index_of_row) (*valid_index_of_row)[r] = space.valid_count_ - 1;
  }
  return space;
}

}  // namespace gemmtune::search
