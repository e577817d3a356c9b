// Replaying a table: its space built from the rows' value positions, its measurements by valid index.
#include "search/replay.hpp"

#include "gemmtune/error.hpp"

namespace gemmtune::search {

Replay::Replay(const ReplayTable& table, const std::string& kernel) {
  std::vector<Parameter> parameters;
  for (std::size_t c = 0; c < table.parameter_names().size(); ++c)
    parameters.push_back({table.parameter_names()[c], table.values(c)});
  std::vector<std::uint64_t> valid_index_of_row;
  auto recorded = std::make_shared<Recorded>();
  recorded->space = ParameterSpace::from_rows(kernel, parameters, table.positions(), table.size(), &valid_index_of_row);
  recorded->by_valid_index.resize(recorded->space.valid_count());
  for (std::size_t row = 0; row < table.size(); ++row) recorded->by_valid_index[valid_index_of_row[row]] = table.measurement(row);
  recorded_ = std::move(recorded);
}

Measurement Replay::operator()(const KernelConfig& config) const {
  const std::optional<std::uint64_t> index = recorded_->space.index_of(config);
  if (!index) throw InvalidArgument("configuration " + config_key(config) + " is not in the replayed table");
  return recorded_->by_valid_index[*index];
}

}  // namespace gemmtune::search
