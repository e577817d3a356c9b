// The kernels built into the library: every kernel family (kernels/NAME.cl with kernels/NAME.json)
// and the utility kernels (a .cl without a description), embedded at build time.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/kernel_family.hpp"

namespace gemmtune {

// Every family, by name. Adding one is adding its two files under kernels/.
const std::vector<KernelFamily>& kernel_families();

// Throws ConfigError naming the families there are.
const KernelFamily& kernel_family(const std::string& name);

// The widest vector, in elements, that any family reads an operand with (the largest value of a
// parameter "aligned_to" an operand): what a call's leading dimensions and offsets must be told
// apart up to, since each family lowers its widths to what they allow.
std::int64_t widest_operand_vector();

// A kernel without a description (gemm_reference, result_check). Throws ConfigError if unknown.
const KernelSource& utility_kernel(const std::string& name);

namespace detail {

struct EmbeddedKernel {
  const char* name;
  const char* text;
  const char* hash;
  const char* description;  // empty for a utility kernel
};

// Written at build time by cmake/EmbedKernels.cmake.
std::span<const EmbeddedKernel> embedded_kernels();

}  // namespace detail
}  // namespace gemmtune
