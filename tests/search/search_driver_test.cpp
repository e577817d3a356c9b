// The ask/tell loop's guarantees with misbehaving strategies: repeats and foreign configurations.
#include <gtest/gtest.h>

#include "search/search_driver.hpp"
#include "synthetic_table.hpp"

namespace gemmtune::search {
namespace {

// Proposes the configurations of `script` in order, then nothing; counts the reports it gets.
class ScriptedStrategy final : public SearchStrategy {
 public:
  explicit ScriptedStrategy(std::vector<KernelConfig> script, bool forever = false) : script_(std::move(script)), forever_(forever) {}
  void reset(const ParameterSpace&, std::uint64_t) override { next_ = 0; reports = 0; }
  std::optional<KernelConfig> next() override {
    if (next_ >= script_.size()) {
      if (!forever_ || script_.empty()) return std::nullopt;
      return script_.back();
    }
    return script_[next_++];
  }
  void report(const KernelConfig&, const Measurement&) override { ++reports; }
  std::size_t reports = 0;

 private:
  std::vector<KernelConfig> script_;
  bool forever_;
  std::size_t next_ = 0;
};

TEST(SearchDriver, RepeatedProposalsAreAnsweredWithoutEvaluatingOrCounting) {
  const ParameterSpace space = testing::three_point_space();
  ScriptedStrategy strategy({{{"X", 1}}, {{"X", 1}}, {{"X", 2}}, {{"X", 1}}});
  std::size_t calls = 0;
  const auto evaluations = run_search(space, strategy, 1, Budget{2, {}, {}}, [&](const KernelConfig& config) {
    ++calls;
    return Measurement{Status::ok, static_cast<double>(config.at("X"))};
  });
  ASSERT_EQ(evaluations.size(), 2u);
  EXPECT_EQ(calls, 2u);
  EXPECT_EQ(strategy.reports, 3u);  // the repeat of X=1 got its earlier measurement back
}

TEST(SearchDriver, StopsAStrategyThatOnlyRepeats) {
  const ParameterSpace space = testing::three_point_space();
  ScriptedStrategy strategy({{{"X", 2}}}, /*forever=*/true);
  std::size_t calls = 0;
  const auto evaluations = run_search(space, strategy, 1, Budget{}, [&](const KernelConfig&) {
    ++calls;
    return Measurement{Status::ok, 1.0};
  });
  EXPECT_EQ(evaluations.size(), 1u);
  EXPECT_EQ(calls, 1u);
  EXPECT_EQ(strategy.reports, 1 + most_repeated_proposals);
}

TEST(SearchDriver, ConfigurationsOutsideTheSpaceAreReportedInvalidWithoutEvaluating) {
  const ParameterSpace space = testing::three_point_space();
  ScriptedStrategy strategy({{{"X", 9}}, {{"Y", 1}}, {{"X", 3}}});
  std::size_t calls = 0;
  const auto evaluations = run_search(space, strategy, 1, Budget{}, [&](const KernelConfig&) {
    ++calls;
    return Measurement{Status::ok, 1.0};
  });
  ASSERT_EQ(evaluations.size(), 1u);
  EXPECT_EQ(evaluations[0].config, (KernelConfig{{"X", 3}}));
  EXPECT_EQ(calls, 1u);
  EXPECT_EQ(strategy.reports, 3u);
}

TEST(SearchDriver, CallsBackAfterEveryEvaluation) {
  const ParameterSpace space = testing::three_point_space();
  ScriptedStrategy strategy({{{"X", 1}}, {{"X", 2}}, {{"X", 3}}});
  std::vector<std::size_t> done;
  run_search(space, strategy, 1, Budget{}, [](const KernelConfig&) { return Measurement{Status::timeout, 0}; },
             {{"X=2", Measurement{Status::ok, 0.5}}},
             [&](const Evaluation& evaluation, std::size_t count) {
               done.push_back(count);
               EXPECT_EQ(evaluation.replayed, evaluation.config.at("X") == 2);
             });
  EXPECT_EQ(done, (std::vector<std::size_t>{1, 2, 3}));
}

}  // namespace
}  // namespace gemmtune::search
