// Test support: the test-only kernel families of tests/data/families, made as the build makes its own.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "core/kernel_family.hpp"
#include "dispatch/kernel_registry.hpp"

namespace gemmtune::testing {

inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream stream(path);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

// tests/data/families/NAME.json with the kernel `source` (a file there), its includes' texts put
// before it as cmake/EmbedKernels.cmake puts them.
inline KernelFamily test_family(const std::string& name, const std::string& source) {
  const std::filesystem::path directory = GEMMTUNE_SOURCE_DIR "/tests/data/families";
  const std::string description = file_text(directory / (name + ".json")), own = file_text(directory / source);
  const KernelFamily alone = KernelFamily::from_json(description, {name, own, "test"}, name + ".json");
  std::string text;
  for (const auto& included : alone.includes()) text += utility_kernel(included).text;
  // A hash of the text, so that a program cached from an earlier text is never taken for this one.
  std::ostringstream hash;
  hash << "test" << std::hex << std::hash<std::string>{}(text + own);
  return KernelFamily::from_json(description, KernelSource{name, text + own, hash.str()}, name + ".json");
}

}  // namespace gemmtune::testing
