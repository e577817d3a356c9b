// Sorting a space's configurations, stored as rows of value positions, into their index order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gemmtune::search {

struct RowOrder {
  std::vector<std::uint64_t> rows;  // row numbers, in order
  std::vector<bool> repeats;        // repeats[k]: rows[k] equals rows[k - 1]
};

// The `row_count` rows of `rows` (one position a parameter, row after row) in the lexicographic
// order of their positions, equal rows by number. Parameter p's positions are below `value_counts[p]`.
RowOrder lexicographic_order(std::span<const std::uint16_t> rows, std::size_t row_count,
                             std::span<const std::size_t> value_counts);

}  // namespace gemmtune::search
