// Every registered strategy, parametrised over the registry, against replayed tables.
#include <gtest/gtest.h>

#include <set>

#include "gemmtune/error.hpp"
#include "search/registry.hpp"
#include "search/replay_table.hpp"
#include "search/search_driver.hpp"
#include "synthetic_table.hpp"

namespace gemmtune::search {
namespace {

// The space of a replay table and its measurements by key.
struct Replay {
  explicit Replay(const ReplayTable& table) {
    std::vector<KernelConfig> configs;
    for (const auto& [config, measurement] : table.rows) {
      configs.push_back(config);
      recorded[config_key(config)] = measurement;
    }
    space = ParameterSpace::from_configs("replay", configs);
  }
  Measurement operator()(const KernelConfig& config) const { return recorded.at(config_key(config)); }

  ParameterSpace space;
  std::map<std::string, Measurement> recorded;
};

const Replay& synthetic() {
  static const Replay replay(testing::synthetic_xgemm_table(7));
  return replay;
}

// The exhaustive H200 record at 4096^3: real data, failures and plateaus included.
const Replay& h200() {
  static const Replay replay(read_replay_table(GEMMTUNE_SOURCE_DIR "/tests/data/h200_xgemm_4096.csv"));
  return replay;
}

std::vector<std::string> keys_of(const std::vector<Evaluation>& evaluations) {
  std::vector<std::string> keys;
  for (const auto& evaluation : evaluations) keys.push_back(config_key(evaluation.config));
  return keys;
}

class EveryStrategy : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryStrategy, IsReproducibleWithASeed) {
  const Replay& replay = synthetic();
  const auto search = [&](std::uint64_t seed) {
    auto strategy = make_strategy(GetParam());
    return keys_of(run_search(replay.space, *strategy, seed, Budget{150, {}, {}}, replay));
  };
  const auto first = search(11);
  ASSERT_EQ(first.size(), 150u);
  EXPECT_EQ(first, search(11));
  if (GetParam() != "grid") {
    EXPECT_NE(first, search(12));
  }
}

TEST_P(EveryStrategy, NeverProposesAConfigurationTwice) {
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  strategy->reset(replay.space, 3);
  std::set<std::string> proposed;
  for (int i = 0; i < 400; ++i) {
    const auto config = strategy->next();
    ASSERT_TRUE(config.has_value());
    ASSERT_TRUE(replay.space.contains(*config));
    ASSERT_TRUE(proposed.insert(config_key(*config)).second) << "proposal " << i << " repeats " << config_key(*config);
    strategy->report(*config, replay(*config));
  }
}

TEST_P(EveryStrategy, RespectsAnEvaluationBudget) {
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  std::size_t calls = 0;
  const auto evaluations = run_search(replay.space, *strategy, 5, Budget{37, {}, {}}, [&](const KernelConfig& config) {
    ++calls;
    return replay(config);
  });
  EXPECT_EQ(evaluations.size(), 37u);
  EXPECT_EQ(calls, 37u);
}

// The search's clock advances a quarter of a second with every evaluation, so a budget of 1.25 s
// allows exactly five of them, however long they really take.
TEST_P(EveryStrategy, RespectsATimeBudget) {
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  double now = 100;
  Budget budget{{}, 1.25, {}};
  budget.clock = [&] { return now; };
  std::size_t calls = 0;
  const auto evaluations = run_search(replay.space, *strategy, 5, budget, [&](const KernelConfig& config) {
    ++calls;
    now += 0.25;
    return replay(config);
  });
  EXPECT_EQ(evaluations.size(), 5u);
  EXPECT_EQ(calls, 5u);
}

TEST_P(EveryStrategy, StopsAfterEvaluationsWithoutImprovement) {
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  const std::size_t patience = 15;
  const auto evaluations = run_search(replay.space, *strategy, 9, Budget{2000, {}, patience}, replay);
  ASSERT_GT(evaluations.size(), patience);
  ASSERT_LT(evaluations.size(), 2000u);
  double best = std::numeric_limits<double>::infinity();
  std::size_t since = 0;
  for (std::size_t i = 0; i < evaluations.size(); ++i) {
    EXPECT_LT(since, patience) << "should have stopped before evaluation " << i;
    const double value = objective(evaluations[i].measurement);
    since = value < best ? 0 : since + 1;
    best = std::min(best, value);
  }
  EXPECT_EQ(since, patience);
}

TEST_P(EveryStrategy, FinishesSpacesSmallerThanItsBudget) {
  for (const std::size_t size : {1u, 3u, 40u}) {
    const Replay replay(testing::tiny_table(size, size, {}));
    auto strategy = make_strategy(GetParam());
    const auto evaluations = run_search(replay.space, *strategy, 1, Budget{100, {}, {}}, replay);
    EXPECT_EQ(evaluations.size(), size);
    const auto keys = keys_of(evaluations);
    EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()).size(), size);
  }
  const ParameterSpace empty = ParameterSpace::from_configs("empty", {});
  auto strategy = make_strategy(GetParam());
  EXPECT_TRUE(run_search(empty, *strategy, 1, Budget{100, {}, {}}, [](const KernelConfig&) { return Measurement{}; }).empty());
}

TEST_P(EveryStrategy, CopesWithFailures) {
  std::vector<std::size_t> failing;
  for (std::size_t i = 0; i < 60; i += 2) failing.push_back(i);  // half of them, including the first
  const Replay replay(testing::tiny_table(60, 4, failing));
  auto strategy = make_strategy(GetParam());
  const auto evaluations = run_search(replay.space, *strategy, 2, Budget{100, {}, {}}, replay);
  EXPECT_EQ(evaluations.size(), 60u);
  double best = std::numeric_limits<double>::infinity();
  for (const auto& evaluation : evaluations) best = std::min(best, objective(evaluation.measurement));
  EXPECT_GE(best, 1.0);
  EXPECT_LT(best, std::numeric_limits<double>::infinity());

  // Everything failing: the search still ends, having tried each configuration once.
  std::vector<std::size_t> all(25);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  const Replay broken(testing::tiny_table(25, 4, all));
  auto again = make_strategy(GetParam());
  EXPECT_EQ(run_search(broken.space, *again, 2, Budget{100, {}, {}}, broken).size(), 25u);
}

TEST_P(EveryStrategy, ResumesFromRecordedMeasurements) {
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  const auto complete = run_search(replay.space, *strategy, 21, Budget{60, {}, {}}, replay);
  std::map<std::string, Measurement> known;
  for (std::size_t i = 0; i < 25; ++i) known[config_key(complete[i].config)] = complete[i].measurement;
  std::size_t calls = 0;
  const auto resumed = run_search(replay.space, *strategy, 21, Budget{60, {}, {}}, [&](const KernelConfig& config) {
    ++calls;
    return replay(config);
  }, known);
  EXPECT_EQ(keys_of(resumed), keys_of(complete));
  EXPECT_EQ(calls, 35u);
  for (std::size_t i = 0; i < resumed.size(); ++i) EXPECT_EQ(resumed[i].replayed, i < 25) << i;
}

// FNV-1a over the valid indices of a search's proposals, byte by byte: the same on every platform.
std::uint64_t fingerprint(const ParameterSpace& space, const std::vector<Evaluation>& evaluations) {
  std::uint64_t hash = 0xcbf29ce484222325u;
  for (const auto& evaluation : evaluations) {
    const std::uint64_t index = space.index_of(evaluation.config).value();
    for (int byte = 0; byte < 8; ++byte) hash = (hash ^ ((index >> (8 * byte)) & 0xffu)) * 0x100000001b3u;
  }
  return hash;
}

// What each strategy proposes with a seed is pinned: resumed sessions, the README's replay table and
// the default strategy's choice rest on it, so it changes only on purpose (then pin the value printed).
TEST_P(EveryStrategy, ProposalsWithASeedAreAsPinned) {
  const std::map<std::string, std::uint64_t> pinned = {
      {"anneal", 0x4f9081af5d615c52u}, {"greedy_ils", 0xc10751f2ba6fffc4u}, {"genetic", 0x5e4a109efef29936u},
      {"random", 0x5ac16607eea2f96du}, {"grid", 0x9f820c4541b927b1u},
  };
  const Replay& replay = synthetic();
  auto strategy = make_strategy(GetParam());
  const auto evaluations = run_search(replay.space, *strategy, 11, Budget{300, {}, {}}, replay);
  ASSERT_EQ(evaluations.size(), 300u);
  const auto pin = pinned.find(GetParam());
  ASSERT_NE(pin, pinned.end()) << "no pinned proposals for " << GetParam();
  EXPECT_EQ(fingerprint(replay.space, evaluations), pin->second)
      << std::hex << "0x" << fingerprint(replay.space, evaluations) << "u";
}

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const auto& info : strategies()) names.push_back(info.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryStrategy, ::testing::ValuesIn(registered_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// These read the small H200 record only, so they run under the sanitizers too (gemmtune.sh).
class EveryStrategyLookingAhead : public ::testing::TestWithParam<std::string> {};

// What each strategy can name ahead (README, "tune"): how many of its first proposals it names
// before anything is measured (they depend on the seed alone), and the least fraction of its
// proposals that it named first one step before, over 100 evaluations of the H200 record, 20 seeds
// (measured: anneal 0.79, greedy_ils 0.80, genetic 0.77, random and grid 1). A proposal is missed
// when the candidate before it changed the strategy's course: joined genetic's population, moved
// anneal's or greedy_ils's current point.
struct Foresight {
  std::size_t first_proposals;
  double named_first;
};
const std::map<std::string, Foresight> foresight = {
    {"anneal", {15, 0.7}}, {"greedy_ils", {1, 0.7}}, {"genetic", {16, 0.7}},
    {"random", {300, 1.0}}, {"grid", {300, 1.0}},
};

TEST_P(EveryStrategyLookingAhead, NamesItsFirstProposalsBeforeMeasuringAny) {
  const auto expected = foresight.find(GetParam());
  ASSERT_NE(expected, foresight.end()) << "say what " << GetParam() << " names ahead";
  const Replay& replay = h200();
  auto strategy = make_strategy(GetParam());
  strategy->reset(replay.space, 4);
  const std::size_t count = expected->second.first_proposals;
  const std::vector<KernelConfig> named = strategy->upcoming(count);
  ASSERT_EQ(named.size(), count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto config = strategy->next();
    ASSERT_TRUE(config.has_value());
    EXPECT_EQ(*config, named[i]) << "proposal " << i;
    strategy->report(*config, replay(*config));
  }
}

TEST_P(EveryStrategyLookingAhead, NamesWhatItProposesNext) {
  const auto expected = foresight.find(GetParam());
  ASSERT_NE(expected, foresight.end()) << "say what " << GetParam() << " names ahead";
  const Replay& replay = h200();
  std::size_t proposals = 0, named_first = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto strategy = make_strategy(GetParam());
    strategy->reset(replay.space, seed);
    std::set<std::string> proposed;
    std::vector<KernelConfig> named;
    for (int i = 0; i < 100; ++i) {
      const auto config = strategy->next();
      ASSERT_TRUE(config.has_value());
      if (i > 0) {
        ++proposals;
        named_first += !named.empty() && named.front() == *config;
      }
      proposed.insert(config_key(*config));
      named = strategy->upcoming(16);  // while the candidate is measured, as the tuner asks
      EXPECT_EQ(named.size(), 16u);
      std::set<std::string> distinct;
      for (const auto& next : named) {
        EXPECT_FALSE(proposed.contains(config_key(next))) << "names a proposed configuration";
        EXPECT_TRUE(distinct.insert(config_key(next)).second) << "names a configuration twice";
      }
      strategy->report(*config, replay(*config));
    }
  }
  const double fraction = static_cast<double>(named_first) / static_cast<double>(proposals);
  EXPECT_GE(fraction, expected->second.named_first) << named_first << " of " << proposals;
}

TEST_P(EveryStrategyLookingAhead, ChangesNoProposal) {
  const Replay& replay = h200();
  auto plain = make_strategy(GetParam());
  const auto without = run_search(replay.space, *plain, 11, Budget{300, {}, {}}, replay);
  auto strategy = make_strategy(GetParam());
  const auto with = run_search(replay.space, *strategy, 11, Budget{300, {}, {}}, [&](const KernelConfig& config) {
    strategy->upcoming(16);
    return replay(config);
  });
  EXPECT_EQ(keys_of(with), keys_of(without));
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryStrategyLookingAhead, ::testing::ValuesIn(registered_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(Registry, NamesAreUniqueAndTheDefaultIsRegistered) {
  const auto names = registered_names();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  EXPECT_NO_THROW(make_strategy(default_strategy_name()));
  try {
    make_strategy("bogus");
    FAIL() << "no exception";
  } catch (const InvalidArgument& error) {
    EXPECT_EQ(std::string(error.what()), "unknown search strategy 'bogus' (known: anneal, greedy_ils, genetic, random, grid)");
  }
}

}  // namespace
}  // namespace gemmtune::search
