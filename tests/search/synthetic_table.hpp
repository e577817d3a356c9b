// A synthetic replay table over the xgemm space, for testing strategies without a GPU. Its
// times come from a made-up performance model, never from a device.
#pragma once

#include <cstdint>
#include <ostream>

#include "search/parameter_space.hpp"
#include "search/replay_table.hpp"

namespace gemmtune::search::testing {

// Every valid configuration of the xgemm family's space on a Hopper-like device (1024 work-items,
// 48 KiB local memory, single precision), with a smooth multiplicative model of the time,
// a rugged per-configuration term, noise and about 10% failures; the same for the same seed.
ReplayTable synthetic_xgemm_table(std::uint64_t seed);

// A small table of `size` one-parameter configurations with times 1, 2, 3, ... seconds in a
// shuffled order; configurations listed in `failing` fail with a compile error.
ReplayTable tiny_table(std::size_t size, std::uint64_t seed, const std::vector<std::size_t>& failing = {});

// The space of one parameter X of three values, 1, 2 and 3, for tests of how a search runs.
inline ParameterSpace three_point_space() {
  return ParameterSpace::from_configs("three", {{{"X", 1}}, {{"X", 2}}, {{"X", 3}}});
}

// Writes `table` in the format read_replay_table() reads, times with nine significant digits.
void write_replay_table(std::ostream& output, const ReplayTable& table);

}  // namespace gemmtune::search::testing
