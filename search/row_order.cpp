// Lexicographic order of rows of value positions, by number where the space allows.
#include "search/row_order.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace gemmtune::search {

RowOrder lexicographic_order(std::span<const std::uint16_t> rows, std::size_t row_count,
                             std::span<const std::size_t> value_counts) {
  const std::size_t count = value_counts.size();
  RowOrder order{std::vector<std::uint64_t>(row_count), std::vector<bool>(row_count, false)};
  bool fits = true;
  for (std::uint64_t product = 1; const std::size_t values : value_counts) {
    if (values != 0 && product > std::numeric_limits<std::uint64_t>::max() / values) fits = false;
    product *= values;
  }
  if (fits) {
    // Rows read as numbers in mixed radix, first parameter most significant, sort in that order
    // many times faster than compared position by position, and are equal when their numbers are.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> keyed(row_count);
    for (std::uint64_t r = 0; r < row_count; ++r) {
      std::uint64_t key = 0;
      for (std::size_t p = 0; p < count; ++p) key = key * value_counts[p] + rows[r * count + p];
      keyed[r] = {key, r};
    }
    std::sort(keyed.begin(), keyed.end());
    for (std::uint64_t k = 0; k < row_count; ++k) {
      order.rows[k] = keyed[k].second;
      order.repeats[k] = k > 0 && keyed[k].first == keyed[k - 1].first;
    }
    return order;
  }
  const auto row = [&](std::uint64_t r) { return rows.subspan(r * count, count); };
  std::iota(order.rows.begin(), order.rows.end(), std::uint64_t{0});
  std::stable_sort(order.rows.begin(), order.rows.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return std::ranges::lexicographical_compare(row(a), row(b)); });
  for (std::uint64_t k = 1; k < row_count; ++k) order.repeats[k] = std::ranges::equal(row(order.rows[k]), row(order.rows[k - 1]));
  return order;
}

}  // namespace gemmtune::search
