// Moves through a space that local strategies share: one-parameter changes and random walks.
#include "search/indexed_strategy.hpp"

namespace gemmtune::search {

std::vector<std::uint64_t> IndexedStrategy::one_parameter_changes(std::uint64_t index) const {
  const auto& parameters = space().parameters();
  std::vector<std::uint16_t> positions(parameters.size());
  for (std::size_t p = 0; p < parameters.size(); ++p) positions[p] = static_cast<std::uint16_t>(space().value_position(index, p));
  std::vector<std::uint64_t> result;
  for (std::size_t p = 0; p < parameters.size(); ++p) {
    const std::uint16_t original = positions[p];
    for (std::size_t v = 0; v < parameters[p].values.size(); ++v) {
      if (v == original) continue;
      positions[p] = static_cast<std::uint16_t>(v);
      if (const auto found = space().index_of_positions(positions)) result.push_back(*found);
    }
    positions[p] = original;
  }
  return result;
}

std::uint64_t IndexedStrategy::random_walk(std::uint64_t index, int steps) {
  for (int step = 0; step < steps; ++step) {
    const std::vector<std::uint64_t> changes = one_parameter_changes(index);
    if (changes.empty()) break;
    index = changes[uniform_below(changes.size())];
  }
  return index;
}

}  // namespace gemmtune::search
