// A description's defines: passed to the kernel, and named by later expressions in its place.
#include <gtest/gtest.h>

#include <string>

#include "core/kernel_family.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

KernelFamily family_with(const std::string& defines, const std::string& rules) {
  return KernelFamily::from_json(R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp32"],
    "transpositions": ["NN"], "parameters": [{"name": "P", "default": 8, "meaning": "m"},
                                             {"name": "P_TWICE", "default": 1, "meaning": "m"}],
    "local": ["1"], "global": ["1"], "defines": )" + defines + R"(, "rules": )" + rules + "}",
                                 {"f", "", ""}, "f.json");
}

// A rule naming a define holds as the define's value does, a later define reads an earlier one, and
// a parameter whose name begins with a define's keeps its own value.
TEST(FamilyDefines, RulesAndLaterDefinesNameADefineForItsExpression) {
  const KernelFamily family = family_with(R"({"TWICE": "2 * P", "QUADRUPLE": "2 * TWICE + P_TWICE - P_TWICE"})",
                                          R"(["QUADRUPLE <= 32", "TWICE * 0 + P_TWICE == 1"])");
  EXPECT_EQ(family.rule_violation({{"P", 8}}, {}), std::nullopt);
  const auto broken = family.rule_violation({{"P", 16}}, {});
  ASSERT_TRUE(broken);
  EXPECT_NE(broken->find("rule 'QUADRUPLE <= 32' fails: P=16"), std::string::npos) << *broken;
  EXPECT_TRUE(family.rule_violation({{"P", 8}, {"P_TWICE", 2}}, {}));
  const std::string options = family.build_options({{"P", 4}}, Precision::Single, false, false, {});
  EXPECT_NE(options.find("-DTWICE=8 -DQUADRUPLE=16"), std::string::npos) << options;
}

// A define may not hide a parameter, a device limit or the problem's sizes, and a rule may not name
// one that reads the problem (rules hold for every problem).
TEST(FamilyDefines, ANameTakenOrAProblemSizeInARuleIsAConfigError) {
  EXPECT_THROW(family_with(R"({"P": "2"})", "[]"), ConfigError);
  EXPECT_THROW(family_with(R"({"local_mem_size": "2"})", "[]"), ConfigError);
  EXPECT_THROW(family_with(R"({"M": "2"})", "[]"), ConfigError);
  EXPECT_NO_THROW(family_with(R"({"ROWS": "M + P"})", "[]"));
  try {
    family_with(R"({"ROWS": "M + P"})", R"(["ROWS > 0"])");
    ADD_FAILURE() << "a rule read the problem's M";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find(R"(rule 1 "ROWS > 0" (read as "(M + P) > 0"): unknown name 'M')"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace gemmtune
