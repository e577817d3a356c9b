// On-disk cache of compiled programs (CL_PROGRAM_BINARIES), so a second process does not compile.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "core/kernel_family.hpp"
#include "dispatch/opencl.hpp"

namespace gemmtune {

// The largest cache file read (README, "Input limits"); a larger one is ignored and replaced. A
// compiled GEMM program is a few MiB.
inline constexpr std::size_t binary_cache_file_limit = std::size_t{256} << 20;

// What a cache did, for tests and measurements (a hit is observable without timing).
struct BinaryCacheStats {
  std::uint64_t loaded = 0;    // programs created from a cached binary
  std::uint64_t built = 0;     // programs compiled from source
  std::uint64_t stored = 0;    // binaries written
  std::uint64_t rejected = 0;  // cache files ignored: corrupt, truncated, foreign, beyond the limit, not a
                               // regular file, unreadable, or refused by the driver
};

// One file per (device fingerprint key with its driver version, kernel source hash, compiler
// options), named by a hash of that key. Each file starts with a header (magic, the full key, the
// binary's length and checksum), so a truncated, corrupt or colliding file is recognised, ignored
// and rewritten, as is one beyond binary_cache_file_limit (never read) or one that is not a
// regular file (never waited on). Files are written to a temporary name and renamed, so readers
// never see half a file, and several processes may share one directory. Failing to read or write
// the directory is never an error: the program is then simply compiled. Thread-safe.
class BinaryCache {
 public:
  explicit BinaryCache(std::filesystem::path directory);

  // $GEMMTUNE_CACHE_DIR, else $XDG_CACHE_HOME/gemmtune, else ~/.cache/gemmtune.
  static std::filesystem::path default_directory();

  // The program built for `device`, from the cached binary when there is a valid one, else
  // compiled with build_program() (same errors) and stored.
  cl::Program get(const cl::Context& context, const cl::Device& device, const KernelSource& source,
                  const std::string& options);

  const std::filesystem::path& directory() const { return directory_; }
  BinaryCacheStats stats() const;

 private:
  std::optional<cl::Program> load(const std::filesystem::path& file, const std::string& key,
                                  const cl::Context& context, const cl::Device& device, const std::string& options);
  void store(const std::filesystem::path& file, const std::string& key, const cl::Program& program);

  std::filesystem::path directory_;
  std::atomic<std::uint64_t> loaded_{0}, built_{0}, stored_{0}, rejected_{0};
};

}  // namespace gemmtune
