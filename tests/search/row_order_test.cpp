// The order of rows of value positions: by number where the values' product fits in 64 bits, by
// comparing positions beyond, alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <numeric>

#include "search/row_order.hpp"

namespace gemmtune::search {
namespace {

TEST(RowOrder, IsLexicographicWithRepeatsMarkedAndEqualRowsByNumber) {
  const std::vector<std::size_t> value_counts = {3, 5, 2, 4, 3};
  const std::size_t count = value_counts.size(), row_count = 2000;  // many rows twice or more
  boost::random::mt19937_64 engine(5);
  std::vector<std::uint16_t> rows;
  for (std::size_t r = 0; r < row_count; ++r)
    for (const std::size_t values : value_counts)
      rows.push_back(static_cast<std::uint16_t>(boost::random::uniform_int_distribution<std::size_t>(0, values - 1)(engine)));
  const auto row = [&](std::uint64_t r) { return std::span<const std::uint16_t>(rows).subspan(r * count, count); };
  std::vector<std::uint64_t> expected(row_count);
  std::iota(expected.begin(), expected.end(), std::uint64_t{0});
  std::stable_sort(expected.begin(), expected.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return std::ranges::lexicographical_compare(row(a), row(b)); });

  // Read as 65535 values a parameter, the same rows' product passes 64 bits: they are compared.
  for (const std::vector<std::size_t>& counts : {value_counts, std::vector<std::size_t>(count, 65535)}) {
    const RowOrder order = lexicographic_order(rows, row_count, counts);
    EXPECT_EQ(order.rows, expected);
    ASSERT_EQ(order.repeats.size(), row_count);
    std::size_t repeats = 0;
    for (std::size_t k = 0; k < row_count; ++k) {
      EXPECT_EQ(order.repeats[k], k > 0 && std::ranges::equal(row(expected[k]), row(expected[k - 1]))) << k;
      repeats += order.repeats[k];
    }
    EXPECT_GT(repeats, 1000u);  // 2000 rows over 360 configurations
  }
  EXPECT_TRUE(lexicographic_order({}, 0, value_counts).rows.empty());
}

}  // namespace
}  // namespace gemmtune::search
