// Refuses a problem whose buffers the device or this machine cannot hold, before anything is allocated.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"

namespace gemmtune::cli {

// How many copies of the operands (A and B) and of C a command holds at once in one memory.
struct Copies {
  std::uint64_t operands = 1, results = 1;
};

// Total memory of this machine (physical pages times the page size).
std::uint64_t host_memory_bytes();

// Throws UsageError naming the size when one buffer exceeds the device's largest allocation, when
// `on_device` copies together exceed its global memory, or when `on_host` copies exceed `host_memory`.
void check_problem_fits(const GemmArguments& problem, std::size_t element_bytes, const DeviceLimits& limits,
                        Copies on_device, Copies on_host, std::uint64_t host_memory = host_memory_bytes());
// The host's part of that alone, for a command whose devices skip what they cannot hold (bench).
void check_host_fits(const GemmArguments& problem, std::size_t element_bytes, Copies on_host,
                     std::uint64_t host_memory = host_memory_bytes());

}  // namespace gemmtune::cli
