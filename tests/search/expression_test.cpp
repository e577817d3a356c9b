// The constraint expression language: values, precedence, short-circuits and exact error messages.
#include <gtest/gtest.h>

#include "gemmtune/error.hpp"
#include "core/expression.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {
namespace {

// Names A, B, C in slots 0, 1, 2.
std::optional<std::int64_t> value_of(const std::string& text, std::vector<std::int64_t> values = {7, 3, 0}) {
  const auto resolve = [](const std::string& name) -> std::optional<std::size_t> {
    if (name == "A") return 0;
    if (name == "B") return 1;
    if (name == "C") return 2;
    return std::nullopt;
  };
  return Expression::parse(text, resolve).evaluate(values);
}

std::string space_error(const std::string& constraint) {
  const std::string json = R"({"kernel": "k", "parameters": [{"name": "TSM", "values": [1, 2]}, {"name": "WPTM", "values": [1]}],
                               "constraints": ["TSM >= 1", ")" + constraint + R"("]})";
  try {
    ParameterSpace::from_json(json, "configs/test.json", {{"local_mem_size", 100}});
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

TEST(Expression, ArithmeticFollowsCPrecedenceAndTruncation) {
  EXPECT_EQ(value_of("A + B * 2"), 13);
  EXPECT_EQ(value_of("(A + B) * 2"), 20);
  EXPECT_EQ(value_of("A / B"), 2);
  EXPECT_EQ(value_of("A % B"), 1);
  EXPECT_EQ(value_of("-A / 2"), -3);
  EXPECT_EQ(value_of("A - B - 1"), 3);
  EXPECT_EQ(value_of("2 * -B"), -6);
  EXPECT_EQ(value_of("+A"), 7);
}

TEST(Expression, ComparisonsAndLogic) {
  EXPECT_EQ(value_of("A > B && B >= 3"), 1);
  EXPECT_EQ(value_of("A < B || C != 0"), 0);
  EXPECT_EQ(value_of("!C"), 1);
  EXPECT_EQ(value_of("!(A == 7)"), 0);
  EXPECT_EQ(value_of("A <= 7 == 1"), 1);  // relational binds tighter than equality
  EXPECT_EQ(value_of("1 || 0 && 0"), 1);  // && binds tighter than ||
}

TEST(Expression, MinMaxTakeTwoOrMoreArguments) {
  EXPECT_EQ(value_of("min(A, B)"), 3);
  EXPECT_EQ(value_of("max(A, B, 11, C)"), 11);
  EXPECT_EQ(value_of("min(A + 1, max(B, 2) * 4)"), 8);
}

TEST(Expression, DivisionByZeroAndOverflowFailTheEvaluation) {
  EXPECT_EQ(value_of("A / C"), std::nullopt);
  EXPECT_EQ(value_of("A % C"), std::nullopt);
  EXPECT_EQ(value_of("9223372036854775807 + A"), std::nullopt);
}

TEST(Expression, ShortCircuitGuardsDivision) {
  EXPECT_EQ(value_of("C != 0 && A / C > 1"), 0);
  EXPECT_EQ(value_of("C == 0 || A / C > 1"), 1);
}

TEST(Expression, SplitsTopLevelConjunctionsWithTheirOwnNames) {
  const auto resolve = [](const std::string& name) -> std::optional<std::size_t> { return name == "A" ? 0 : name == "B" ? 1 : 2; };
  const auto parts = Expression::parse("A > 1 && (B > 1 || C > 1) && C < 5", resolve).conjuncts();
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].slots(), (std::vector<std::size_t>{0}));
  EXPECT_EQ(parts[1].slots(), (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(parts[2].slots(), (std::vector<std::size_t>{2}));
}

TEST(ExpressionErrors, NameTheFileConstraintAndPosition) {
  EXPECT_EQ(space_error("TSM % WPTM = = 0"),
            "configs/test.json: constraint 2 \"TSM % WPTM = = 0\": unexpected '=' at position 11");
  EXPECT_EQ(space_error("TSM % WPTN == 0"),
            "configs/test.json: constraint 2 \"TSM % WPTN == 0\": unknown name 'WPTN' at position 6");
  EXPECT_EQ(space_error("(TSM + 1"), "configs/test.json: constraint 2 \"(TSM + 1\": expected ')' before end of expression at position 8");
  EXPECT_EQ(space_error("TSM +"), "configs/test.json: constraint 2 \"TSM +\": unexpected end of expression at position 5");
  EXPECT_EQ(space_error("TSM 2"), "configs/test.json: constraint 2 \"TSM 2\": unexpected '2' at position 4");
  EXPECT_EQ(space_error("pow(TSM, 2) > 1"),
            "configs/test.json: constraint 2 \"pow(TSM, 2) > 1\": unknown function 'pow' (expected min or max) at position 0");
  EXPECT_EQ(space_error("min(TSM) > 1"), "configs/test.json: constraint 2 \"min(TSM) > 1\": min needs at least two arguments at position 0");
  EXPECT_EQ(space_error("TSM > 99999999999999999999"),
            "configs/test.json: constraint 2 \"TSM > 99999999999999999999\": integer '99999999999999999999' out of range at position 6");
  EXPECT_EQ(space_error("TSM > 0x10"), "configs/test.json: constraint 2 \"TSM > 0x10\": malformed integer '0x10' at position 6");
  EXPECT_EQ(space_error("TSM $ 2"), "configs/test.json: constraint 2 \"TSM $ 2\": unexpected '$' at position 4");
  EXPECT_EQ(space_error("TSM * local_mem_size <= 1 * (2"),
            "configs/test.json: constraint 2 \"TSM * local_mem_size <= 1 * (2\": expected ')' before end of expression at position 30");
  EXPECT_EQ(space_error(""), "configs/test.json: constraint 2 \"\": unexpected end of expression at position 0");
}

std::string expression_error(const std::string& text) {
  try {
    Expression::parse(text, [](const std::string&) -> std::optional<std::size_t> { return 0; });
  } catch (const ExpressionError& error) {
    return error.what();
  }
  return "no error";
}

// A recursive parser given 20,000 nested parentheses overflowed its stack; deep nesting is now an
// error at the position where it gets too deep, however the nesting is written.
TEST(ExpressionLimits, NestingDeeperThan256LevelsIsAnErrorWithItsPosition) {
  EXPECT_EQ(value_of(std::string(255, '(') + "A" + std::string(255, ')')), 7);
  EXPECT_EQ(expression_error(std::string(300, '(') + "A" + std::string(300, ')')),
            "expression nested deeper than 256 levels at position 256");
  EXPECT_EQ(expression_error(std::string(1000, '-') + "A"), "expression nested deeper than 256 levels at position 256");
  std::string calls;
  for (int i = 0; i < 300; ++i) calls += "min(1, ";
  EXPECT_EQ(expression_error(calls + "A" + std::string(300, ')')).find("expression nested deeper than 256 levels"), 0u);
}

// A long chain of binary operators nests in the tree, not in the parser: the length bounds it.
TEST(ExpressionLimits, TextLongerThan4096CharactersIsAnError) {
  std::string sum = "A";
  while (sum.size() < 4094) sum += "+A";
  EXPECT_EQ(value_of(sum), 7 * 2048);
  EXPECT_EQ(expression_error(sum + "+A"), "expression longer than 4096 characters at position 4096");
  EXPECT_EQ(expression_error(std::string(20000, '(') + "A" + std::string(20000, ')')),
            "expression longer than 4096 characters at position 4096");
}

TEST(ExpressionErrors, QuoteALongConstraintShortened) {
  const std::string deep = std::string(300, '(') + "TSM" + std::string(300, ')');
  EXPECT_EQ(space_error(deep), "configs/test.json: constraint 2 \"" + std::string(80, '(') +
                                   "...\": expression nested deeper than 256 levels at position 256");
}

}  // namespace
}  // namespace gemmtune::search
