// Seeds come before the strategy's own proposals, count against the budget, and teach the strategy.
#include <gtest/gtest.h>

#include "search/search_driver.hpp"
#include "search/seeded_strategy.hpp"
#include "synthetic_table.hpp"

namespace gemmtune::search {
namespace {

// Proposes X = 1, 2, 3 in order; remembers every configuration it is told about.
class CountingUp final : public SearchStrategy {
 public:
  explicit CountingUp(std::vector<KernelConfig>& heard) : heard_(heard) {}
  void reset(const ParameterSpace&, std::uint64_t) override { next_ = 1; }
  std::optional<KernelConfig> next() override {
    if (next_ > 3) return std::nullopt;
    return KernelConfig{{"X", next_++}};
  }
  void report(const KernelConfig& config, const Measurement&) override { heard_.push_back(config); }
  std::vector<KernelConfig> upcoming(std::size_t most) const override {
    std::vector<KernelConfig> configs;
    for (std::int64_t x = next_; x <= 3 && configs.size() < most; ++x) configs.push_back({{"X", x}});
    return configs;
  }

 private:
  std::vector<KernelConfig>& heard_;
  std::int64_t next_ = 1;
};

Measurement timed(const KernelConfig& config) { return {Status::ok, static_cast<double>(config.at("X"))}; }

TEST(SeededStrategy, SeedsAreEvaluatedFirstAndCountAgainstTheBudget) {
  const ParameterSpace space = testing::three_point_space();
  std::vector<KernelConfig> heard;
  SeededStrategy strategy(std::make_unique<CountingUp>(heard), {{{"X", 3}}, {{"X", 2}}});
  const auto evaluations = run_search(space, strategy, 1, Budget{3, {}, {}}, timed);
  ASSERT_EQ(evaluations.size(), 3u);
  EXPECT_EQ(evaluations[0].config, (KernelConfig{{"X", 3}}));
  EXPECT_EQ(evaluations[1].config, (KernelConfig{{"X", 2}}));
  EXPECT_EQ(evaluations[2].config, (KernelConfig{{"X", 1}}));
}

TEST(SeededStrategy, TheStrategyHearsTheSeedsAndTheirRepeatsAreNotEvaluatedAgain) {
  const ParameterSpace space = testing::three_point_space();
  std::vector<KernelConfig> heard;
  SeededStrategy strategy(std::make_unique<CountingUp>(heard), {{{"X", 2}}});
  std::size_t calls = 0;
  const auto evaluations = run_search(space, strategy, 1, Budget{}, [&](const KernelConfig& config) {
    ++calls;
    return timed(config);
  });
  EXPECT_EQ(evaluations.size(), 3u);
  EXPECT_EQ(calls, 3u);
  ASSERT_FALSE(heard.empty());
  EXPECT_EQ(heard.front(), (KernelConfig{{"X", 2}}));
}

TEST(SeededStrategy, UpcomingListsTheSeedsLeftFirst) {
  const ParameterSpace space = testing::three_point_space();
  std::vector<KernelConfig> heard;
  SeededStrategy strategy(std::make_unique<CountingUp>(heard), {{{"X", 3}}});
  strategy.reset(space, 1);
  EXPECT_EQ(strategy.upcoming(2), (std::vector<KernelConfig>{{{"X", 3}}, {{"X", 1}}}));
  ASSERT_TRUE(strategy.next());
  EXPECT_EQ(strategy.upcoming(1), (std::vector<KernelConfig>{{{"X", 1}}}));
}

}  // namespace
}  // namespace gemmtune::search
