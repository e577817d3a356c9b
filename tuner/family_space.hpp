// The tuning space of a kernel family on one device: its candidates, rules and choices, or a space file's.
#pragma once

#include <filesystem>
#include <optional>

#include "core/kernel_family.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune {

// The family's parameters with candidate values and its tuning choices, or those of `space_file`
// (format in configs/README.md: the family it is for, parameters with values, constraints); the
// family's rules always hold. Parameters without candidates are fixed at their defaults and left
// out of the configurations. Throws ConfigError naming the file for a space of another family, an
// unknown parameter or a malformed file, and when no configuration is valid on this device.
// `watch` bounds the enumeration in time and hears its progress.
search::ParameterSpace family_space(const KernelFamily& family, const NamedValues& limits,
                                    const std::optional<std::filesystem::path>& space_file = std::nullopt,
                                    const search::EnumerationWatch& watch = {});

// The kernel family a space file is for. Throws ConfigError naming the file when it cannot say.
std::string space_family(const std::filesystem::path& space_file);

// `config` without the parameters `space` does not tune that hold their default, so that a
// configuration met again in the space is recognised as already measured.
KernelConfig in_space_terms(const KernelFamily& family, KernelConfig config, const search::ParameterSpace& space);

}  // namespace gemmtune
