// The search spaces of configs/*.json, embedded at build time so `gemmtune tune` runs from anywhere.
#pragma once

#include "dispatch/kernel_sources.hpp"

namespace gemmtune::detail {

const KernelSource& xgemm_space_source();  // configs/xgemm.json

}  // namespace gemmtune::detail
