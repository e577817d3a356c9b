// Parsing of the command line's sizes and enumerations.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace gemmtune::cli
