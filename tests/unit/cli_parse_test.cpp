// Parsing of the command line's sizes, enumerations, numbers and configurations.
#include <gtest/gtest.h>

#include <cstdint>

#include "tuner/cli.hpp"

namespace gemmtune::cli {
namespace {

TEST(ParseSize, AcceptsOneOrThreeDimensions) {
  const Size square = parse_size("1024");
  EXPECT_EQ(square.m, 1024u);
  EXPECT_EQ(square.k, 1024u);
  const Size shape = parse_size("8192x64x8192");
  EXPECT_EQ(shape.n, 64u);
}

TEST(ParseSize, RefusesMalformedSizesWithTheirText) {
  for (const char* text : {"12x", "-3x4x5", "0x0", "1x2", "axbxc", "", "4x4x4x4", "0"}) {
    try {
      parse_size(text);
      ADD_FAILURE() << text;
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find(std::string("'") + text + "'"), std::string::npos) << error.what();
    }
  }
}

TEST(ParseSize, ListsAndZeros) {
  EXPECT_EQ(parse_sizes("256,512x64x32").size(), 2u);
  EXPECT_EQ(parse_size("0x5x5", true).m, 0u);
}

TEST(ParseEnums, RefuseUnknownValues) {
  EXPECT_EQ(parse_trans("TN").first, Transpose::Yes);
  EXPECT_THROW(parse_trans("NX"), UsageError);
  EXPECT_THROW(parse_layout("diagonal"), UsageError);
  EXPECT_THROW(parse_precision("16"), UsageError);
}

// The message names the option and the text, so that a script's author sees which flag was wrong.
template <typename Parse>
void expect_refused(const std::string& option, const std::string& text, Parse parse) {
  try {
    parse(text);
    ADD_FAILURE() << option << " " << text << " accepted";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find(option + " must be"), 0u) << message;
    EXPECT_NE(message.find("'" + text + "'"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ParseWholeNumber, AcceptsDigitsWithinTheBounds) {
  EXPECT_EQ(parse_whole_number("--budget", "1", 1, 10), 1u);
  EXPECT_EQ(parse_whole_number("--budget", "10", 1, 10), 10u);
  EXPECT_EQ(parse_whole_number("--seed", "18446744073709551615", 0, UINT64_MAX), UINT64_MAX);
}

TEST(ParseWholeNumber, RefusesNegativesNonNumbersAndValuesOutOfRange) {
  const auto budget = [](const std::string& text) { return parse_whole_number("--budget", text, 1, 1000); };
  for (const char* text : {"-1", "-0", "0", "1001", "abc", "", "1.5", "1e3", " 5", "+5", "5 ", "0x10", "nan"})
    expect_refused("--budget", text, budget);
  const auto seed = [](const std::string& text) { return parse_whole_number("--seed", text, 0, UINT64_MAX); };
  for (const char* text : {"-1", "18446744073709551616", "99999999999999999999999"}) expect_refused("--seed", text, seed);
}

TEST(ParseRealNumber, AcceptsFiniteNumbersWithinTheBounds) {
  EXPECT_EQ(parse_real_number("--alpha", "-2.5"), -2.5);
  EXPECT_EQ(parse_real_number("--alpha", "1e3"), 1000.0);
  EXPECT_EQ(parse_real_number("--time-limit", "0.5", 0.0, 1e7), 0.5);
  EXPECT_EQ(parse_real_number("--time-limit", "1e7", 0.0, 1e7), 1e7);
}

TEST(ParseRealNumber, RefusesNonFiniteValuesAndValuesOutOfRange) {
  const auto alpha = [](const std::string& text) { return parse_real_number("--alpha", text); };
  for (const char* text : {"nan", "NaN", "inf", "-inf", "infinity", "1e999", "", "abc", "1x", "1,5"})
    expect_refused("--alpha", text, alpha);
  const auto limit = [](const std::string& text) { return parse_real_number("--time-limit", text, 0.0, 1e7); };
  for (const char* text : {"0", "-0", "-1", "nan", "inf", "10000000.5", "1e8"}) expect_refused("--time-limit", text, limit);
}

TEST(ParseConfig, ReadsNamesAndValues) {
  const KernelConfig config = parse_config("TSM=64,TSN=-2");
  EXPECT_EQ(config, (KernelConfig{{"TSM", 64}, {"TSN", -2}}));
}

TEST(ParseConfig, RefusesAParameterGivenTwiceNamingIt) {
  try {
    parse_config("TSM=64,TSN=32,TSM=32");
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("TSM twice"), std::string::npos) << error.what();
  }
  EXPECT_THROW(parse_config("TSM=64,TSM=64"), UsageError);
}

}  // namespace
}  // namespace gemmtune::cli
