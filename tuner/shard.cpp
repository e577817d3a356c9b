// A deterministic part of a tune command's work, so that N separate jobs (a Slurm job array) do
// the whole of it between them, each into its own database, merged afterwards.
#include "tuner/shard.hpp"

#include <charconv>

#include "tuner/cli.hpp"

namespace gemmtune::cli {
namespace {

// The most shards: far more than any job array, small enough for every count to be exact.
constexpr std::uint64_t most_shards = 1'000'000;

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto bad = [&] { return UsageError("--shard must be I/N with 1 <= I <= N <= 1000000, not '" + text + "'"); };
  const auto slash = text.find('/');
  if (slash == std::string::npos) throw bad();
  Shard shard;
  const char* end = text.data() + text.size();
  const auto [index_end, index_error] = std::from_chars(text.data(), text.data() + slash, shard.index);
  const auto [count_end, count_error] = std::from_chars(text.data() + slash + 1, end, shard.count);
  if (index_error != std::errc() || index_end != text.data() + slash || count_error != std::errc() || count_end != end ||
      shard.index < 1 || shard.index > shard.count || shard.count > most_shards)
    throw bad();
  return shard;
}

std::vector<std::size_t> shard_problems(std::size_t problems, const Shard& shard) {
  if (problems == 1) return {0};
  std::vector<std::size_t> mine;
  for (std::size_t p = shard.index - 1; p < problems; p += shard.count) mine.push_back(p);
  return mine;
}

std::uint64_t shard_budget(std::uint64_t budget, std::size_t problems, const Shard& shard) {
  if (problems != 1) return budget;
  return budget / shard.count + (shard.index - 1 < budget % shard.count ? 1 : 0);
}

std::uint64_t shard_seed(std::uint64_t seed, std::size_t problems, const Shard& shard) {
  return problems == 1 ? seed + (shard.index - 1) : seed;
}

}  // namespace gemmtune::cli
