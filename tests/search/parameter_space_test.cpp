// Parameter spaces: file checks, enumeration by index, membership, derived values, replay spaces.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <set>

#include "gemmtune/error.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {
namespace {

const char* small_space = R"({
  "kernel": "toy",
  "parameters": [{"name": "A", "values": [1, 2, 4, 8]}, {"name": "B", "values": [1, 2, 4]}, {"name": "C", "values": [0, 1]}],
  "constraints": ["A % B == 0", "A * B <= most", "C == 0 || A >= 2"],
  "inputs": ["N"],
  "derived": {"groups": "(N + A - 1) / A", "threads": "A * B"}
})";

ParameterSpace toy(std::int64_t most = 16) { return ParameterSpace::from_json(small_space, "toy.json", {{"most", most}}); }

std::string error_of(const std::string& json, const Limits& limits = {}) {
  try {
    ParameterSpace::from_json(json, "bad.json", limits);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

// Every combination of values, checked one by one: what the pruned enumeration must equal.
std::set<KernelConfig> brute_force(std::int64_t most) {
  std::set<KernelConfig> valid;
  for (std::int64_t a : {1, 2, 4, 8})
    for (std::int64_t b : {1, 2, 4})
      for (std::int64_t c : {0, 1})
        if (a % b == 0 && a * b <= most && (c == 0 || a >= 2)) valid.insert({{"A", a}, {"B", b}, {"C", c}});
  return valid;
}

TEST(ParameterSpace, EnumeratesExactlyTheValidConfigurationsInOrder) {
  for (const std::int64_t most : {0, 4, 16, 100}) {
    const ParameterSpace space = toy(most);
    EXPECT_EQ(space.kernel(), "toy");
    EXPECT_EQ(space.total_count(), 24u);
    const std::set<KernelConfig> expected = brute_force(most);
    ASSERT_EQ(space.valid_count(), expected.size()) << "most=" << most;
    std::set<KernelConfig> seen;
    for (std::uint64_t i = 0; i < space.valid_count(); ++i) {
      const KernelConfig config = space.at(i);
      EXPECT_TRUE(space.contains(config));
      EXPECT_EQ(space.index_of(config), i);
      seen.insert(config);
    }
    EXPECT_EQ(seen, expected);
  }
  const ParameterSpace space = toy();
  EXPECT_EQ(space.at(0), (KernelConfig{{"A", 1}, {"B", 1}, {"C", 0}}));
  EXPECT_EQ(space.at(1), (KernelConfig{{"A", 2}, {"B", 1}, {"C", 0}}));  // lexicographic by value position, A first
  EXPECT_THROW(space.at(space.valid_count()), InvalidArgument);
}

TEST(ParameterSpace, ContainsNeedsKnownNamesValuesAndConstraints) {
  const ParameterSpace space = toy();
  EXPECT_TRUE(space.contains({{"A", 4}, {"B", 2}, {"C", 1}}));
  EXPECT_FALSE(space.contains({{"A", 2}, {"B", 4}, {"C", 1}}));             // A % B != 0
  EXPECT_FALSE(space.contains({{"A", 3}, {"B", 1}, {"C", 0}}));             // 3 is not a value of A
  EXPECT_FALSE(space.contains({{"A", 4}, {"B", 2}}));                       // C missing
  EXPECT_FALSE(space.contains({{"A", 4}, {"B", 2}, {"C", 1}, {"D", 0}}));   // D unknown
}

TEST(ParameterSpace, DerivedValuesUseInputs) {
  const ParameterSpace space = toy();
  const auto derived = space.derived({{"A", 4}, {"B", 2}, {"C", 1}}, {{"N", 10}});
  EXPECT_EQ(derived.at("groups"), 3);
  EXPECT_EQ(derived.at("threads"), 8);
  EXPECT_THROW(space.derived({{"A", 4}, {"B", 2}, {"C", 1}}, {}), ConfigError);
}

TEST(ParameterSpace, FromConfigsHoldsExactlyTheRecordedOnes) {
  const std::vector<KernelConfig> recorded = {{{"X", 1}, {"Y", 10}}, {{"X", 2}, {"Y", 10}}, {{"X", 2}, {"Y", 20}}, {{"X", 4}, {"Y", 30}}};
  const ParameterSpace space = ParameterSpace::from_configs("replay", recorded);
  EXPECT_EQ(space.total_count(), 9u);
  EXPECT_EQ(space.valid_count(), 4u);
  for (const auto& config : recorded) EXPECT_TRUE(space.contains(config));
  EXPECT_FALSE(space.contains({{"X", 1}, {"Y", 20}}));
  EXPECT_THROW(ParameterSpace::from_configs("replay", {{{"X", 1}}, {{"Y", 1}}}), ConfigError);
}

// Columns not in name order, values first met out of order, a row twice: the space from_configs
// makes of the same configurations, and each row told its valid index.
TEST(ParameterSpace, FromRowsMakesTheSpaceFromConfigsMakes) {
  const std::vector<Parameter> parameters = {{"Y", {30, 10, 20}}, {"X", {2, 1, 4}}};
  const std::vector<std::uint16_t> rows = {1, 0, 1, 1, 0, 2, 2, 0, 1, 0};  // Y,X: 10,2 10,1 30,4 20,2 10,2
  std::vector<std::uint64_t> valid_index_of_row;
  const ParameterSpace space = ParameterSpace::from_rows("replay", parameters, rows, 5, &valid_index_of_row);
  const ParameterSpace expected = ParameterSpace::from_configs(
      "replay", {{{"X", 2}, {"Y", 10}}, {{"X", 1}, {"Y", 10}}, {{"X", 4}, {"Y", 30}}, {{"X", 2}, {"Y", 20}}, {{"X", 2}, {"Y", 10}}});
  ASSERT_EQ(space.parameters().size(), 2u);
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_EQ(space.parameters()[p].name, expected.parameters()[p].name);
    EXPECT_EQ(space.parameters()[p].values, expected.parameters()[p].values);
  }
  EXPECT_EQ(space.parameters()[0].values, (std::vector<std::int64_t>{1, 2, 4}));
  ASSERT_EQ(space.valid_count(), 4u);
  ASSERT_EQ(expected.valid_count(), 4u);
  for (std::uint64_t i = 0; i < 4; ++i) EXPECT_EQ(space.at(i), expected.at(i));
  EXPECT_EQ(space.at(0), (KernelConfig{{"X", 1}, {"Y", 10}}));
  EXPECT_EQ(valid_index_of_row, (std::vector<std::uint64_t>{1, 0, 3, 2, 1}));

  EXPECT_EQ(ParameterSpace::from_rows("replay", parameters, {}, 0).valid_count(), 0u);
  const std::vector<std::uint16_t> beyond = {3, 0};  // Y has three values
  EXPECT_THROW(ParameterSpace::from_rows("replay", parameters, beyond, 1), InvalidArgument);
}

TEST(ParameterSpaceErrors, NameTheFileAndTheProblem) {
  EXPECT_EQ(error_of("{"), "bad.json: invalid JSON: incomplete JSON");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "tsm", "values": [1]}]})"),
            "bad.json: parameter 1: name 'tsm' must match [A-Z_][A-Z0-9_]*");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1, 2.5]}]})"),
            "bad.json: parameter A: every value must be an integer, not 2.5E0");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1, "2"]}]})"),
            "bad.json: parameter A: every value must be an integer, not \"2\"");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1, 1]}]})"),
            "bad.json: parameter A: value 1 is listed twice");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": []}]})"),
            "bad.json: parameter A needs a non-empty \"values\" array");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1]}, {"name": "A", "values": [2]}]})"),
            "bad.json: parameter 2: parameter A is declared twice");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1]}], "constraint": []})"),
            "bad.json: unknown key \"constraint\" (expected kernel, description, parameters, constraints, inputs, derived)");
  EXPECT_EQ(error_of(R"({"kernel": "k", "parameters": [{"name": "A", "values": [1]}], "derived": {"x": "A / B"}})"),
            "bad.json: derived value x \"A / B\": unknown name 'B' at position 4");
  EXPECT_EQ(error_of(R"({"parameters": []})"), "bad.json: \"kernel\" must be a kernel name");
  EXPECT_THROW(ParameterSpace::from_file("/nonexistent/space.json", {}), InvalidArgument);
}

TEST(ParameterSpace, ConstraintsOnLimitsAloneCanEmptyTheSpace) {
  const ParameterSpace space = ParameterSpace::from_json(
      R"({"kernel": "k", "parameters": [{"name": "A", "values": [1, 2]}], "constraints": ["limit > 5"]})", "k.json", {{"limit", 3}});
  EXPECT_EQ(space.valid_count(), 0u);
  EXPECT_THROW(space.at(0), InvalidArgument);
}

// 18 parameters of 199 values whose one constraint names them all: nothing can be pruned before
// the last is bound, so enumerating it would take longer than anyone waits.
std::string endless_space() {
  boost::json::array parameters;
  std::string sum;
  for (int p = 0; p < 18; ++p) {
    boost::json::array values;
    for (int v = 1; v < 200; ++v) values.push_back(v);
    const std::string name = std::string("P").append(std::to_string(p));
    parameters.push_back({{"name", name}, {"values", values}});
    if (p > 0) sum += " + ";
    sum += name;
  }
  return boost::json::serialize(boost::json::object{
      {"kernel", "k"}, {"parameters", parameters}, {"constraints", boost::json::array{sum + " < 0"}}});
}

TEST(ParameterSpaceEnumeration, StopsAtTheDeadlineReportingItsProgress) {
  EnumerationWatch watch;
  const auto started = std::chrono::steady_clock::now();
  watch.deadline = started + std::chrono::milliseconds(500);
  watch.progress_seconds = 0.1;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  watch.progress = [&](std::uint64_t checked, std::uint64_t valid, double) { reports.emplace_back(checked, valid); };
  try {
    ParameterSpace::from_json(endless_space(), "endless.json", {}, watch);
    ADD_FAILURE() << "enumerated";
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find("endless.json: too large to enumerate within the time limit ("), 0u) << message;
    EXPECT_NE(message.find(" valid, in 0."), std::string::npos) << message;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  ASSERT_GE(reports.size(), 2u);
  EXPECT_LT(reports.front().first, reports.back().first);
  EXPECT_EQ(reports.back().second, 0u);
}

TEST(ParameterSpaceEnumeration, ASpaceEnumeratedInTimeIsTheSame) {
  EnumerationWatch watch;
  watch.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const ParameterSpace watched = ParameterSpace::from_json(small_space, "toy.json", {{"most", 16}}, watch);
  EXPECT_EQ(watched.valid_count(), toy().valid_count());
  EXPECT_EQ(watched.at(0), toy().at(0));
}

}  // namespace
}  // namespace gemmtune::search
