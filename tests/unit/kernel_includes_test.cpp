// Kernel includes (cmake/EmbedKernels.cmake): a kernel is compiled and keyed by its includes' texts
// followed by its own, hashed together; a kernel without includes keeps its own file's hash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

std::string kernel_file(const std::string& name) {
  std::ifstream stream(fs::path(GEMMTUNE_SOURCE_DIR) / "kernels" / (name + ".cl"));
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

// The first 16 hex digits of the text's SHA-256, by coreutils' sha256sum: not the build's own code.
std::string sha256_prefix(const std::string& text) {
  const fs::path file = fs::temp_directory_path() / ("gemmtune-includes-test-" + std::to_string(::getpid()));
  std::ofstream(file, std::ios::binary) << text;
  const ProcessResult result = run_shell("sha256sum < '" + file.string() + "'");
  fs::remove(file);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out.substr(0, 16);
}

TEST(KernelIncludes, EveryFamilyIsItsIncludesThenItsOwnSourceKeyedByTheirHash) {
  for (const auto& family : kernel_families()) {
    std::string expected;
    for (const auto& included : family.includes()) expected += utility_kernel(included).text;
    expected += kernel_file(family.name());
    EXPECT_EQ(family.source().text, expected) << family.name();
    EXPECT_EQ(family.source().hash, sha256_prefix(expected)) << family.name();
  }
}

// The shipped tuning (configs/tuned/) is keyed by xgemm's hash: includes must not move it.
TEST(KernelIncludes, AFamilyWithoutIncludesKeepsTheHashOfItsFile) {
  const KernelFamily& xgemm = kernel_family("xgemm");
  EXPECT_TRUE(xgemm.includes().empty());
  EXPECT_EQ(xgemm.source().text, kernel_file("xgemm"));
  EXPECT_EQ(xgemm.source().hash, sha256_prefix(kernel_file("xgemm")));
}

TEST(KernelIncludes, TheLowPrecisionFamilyStartsWithPrecisionStorage) {
  const KernelFamily& lowp = kernel_family("xgemm_lowp");
  EXPECT_EQ(lowp.includes(), std::vector<std::string>{"precision_storage"});
  EXPECT_EQ(lowp.source().text.rfind(kernel_file("precision_storage"), 0), 0u);
  EXPECT_NE(lowp.source().hash, sha256_prefix(kernel_file("xgemm_lowp")));
}

// A utility kernel has no description: it names its includes on a line "// includes: NAME, ...".
TEST(KernelIncludes, UtilityKernelsNamingIncludesGetTheirTextsFirst) {
  for (const std::string name : {"gemm_reference", "result_check"}) {
    const std::string expected = kernel_file("precision_storage") + kernel_file(name);
    EXPECT_NE(kernel_file(name).find("\n// includes: precision_storage\n"), std::string::npos) << name;
    EXPECT_EQ(utility_kernel(name).text, expected) << name;
    EXPECT_EQ(utility_kernel(name).hash, sha256_prefix(expected)) << name;
  }
  EXPECT_EQ(utility_kernel("precision_storage").text, kernel_file("precision_storage"));
}

TEST(KernelIncludes, ADescriptionsIncludesMustBeAListOfNames) {
  const std::string head = R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp32"],
    "transpositions": ["NN"], "parameters": [{"name": "P", "default": 1, "meaning": "m"}],
    "local": ["1"], "global": ["1"], "includes": )";
  EXPECT_EQ(KernelFamily::from_json(head + R"(["a", "b"]})", {"f", "", ""}, "f.json").includes(),
            (std::vector<std::string>{"a", "b"}));
  EXPECT_THROW(KernelFamily::from_json(head + R"("a"})", {"f", "", ""}, "f.json"), ConfigError);
  EXPECT_THROW(KernelFamily::from_json(head + R"([1]})", {"f", "", ""}, "f.json"), ConfigError);
}

}  // namespace
}  // namespace gemmtune::testing
