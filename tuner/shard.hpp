// A deterministic part of a tune command's work, so that N separate jobs (a Slurm job array) do
// the whole of it between them, each into its own database, merged afterwards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gemmtune::cli {

struct Shard {
  std::uint64_t index = 1, count = 1;  // the index-th of count, from 1
};

// "I/N" with 1 <= I <= N; a UsageError otherwise.
Shard parse_shard(const std::string& text);

// The positions of the problems (of `problems` in all) a shard tunes: every count-th from the
// index-th. A session of one problem gives it to every shard, which share its budget instead.
std::vector<std::size_t> shard_problems(std::size_t problems, const Shard& shard);

// The evaluations a shard spends on each of its problems: the whole budget, or, for a session of one
// problem, its share of the budget (parts as equal as can be, the first ones one larger; 0 when
// the budget has fewer evaluations than there are shards).
std::uint64_t shard_budget(std::uint64_t budget, std::size_t problems, const Shard& shard);

// The strategy's seed in a shard: the session's, or for a session of one problem one per shard,
// so that the shards search different parts of its space.
std::uint64_t shard_seed(std::uint64_t seed, std::size_t problems, const Shard& shard);

}  // namespace gemmtune::cli
