// The kernels built into the library: every kernel family (kernels/NAME.cl with kernels/NAME.json)
// and the utility kernels (a .cl without a description), embedded at build time.
#include "dispatch/kernel_registry.hpp"

#include <algorithm>
#include <map>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

struct Registry {
  std::vector<KernelFamily> families;
  std::map<std::string, KernelSource> utilities;

  Registry() {
    for (const auto& kernel : detail::embedded_kernels()) {
      KernelSource source{kernel.name, kernel.text, kernel.hash};
      if (*kernel.description == '\0')
        utilities.emplace(kernel.name, std::move(source));
      else
        families.push_back(KernelFamily::from_json(kernel.description, std::move(source),
                                                   "kernels/" + std::string(kernel.name) + ".json"));
    }
  }
};

const Registry& registry() {
  static const Registry instance;
  return instance;
}

std::string family_names() {
  std::string names;
  for (const auto& family : registry().families) names += (names.empty() ? "" : ", ") + family.name();
  return names;
}

}  // namespace

const std::vector<KernelFamily>& kernel_families() { return registry().families; }

const KernelFamily& kernel_family(const std::string& name) {
  for (const auto& family : registry().families)
    if (family.name() == name) return family;
  throw ConfigError("unknown kernel family '" + name + "' (known: " + family_names() + ")");
}

std::int64_t widest_operand_vector() {
  static const std::int64_t widest = [] {
    std::int64_t width = 1;
    for (const auto& family : registry().families)
      for (const auto& parameter : family.parameters())
        if (!parameter.aligned_to.empty())
          for (const std::int64_t value : parameter.values) width = std::max(width, value);
    return width;
  }();
  return widest;
}

const KernelSource& utility_kernel(const std::string& name) {
  const auto found = registry().utilities.find(name);
  if (found == registry().utilities.end()) throw ConfigError("unknown utility kernel '" + name + "'");
  return found->second;
}

}  // namespace gemmtune
