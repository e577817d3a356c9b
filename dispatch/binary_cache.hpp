// On-disk cache of compiled programs (CL_PROGRAM_BINARIES), so a second process does not compile.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
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
  std::uint64_t rejected = 0;  // lookups that ignored a cache file (corrupt, truncated, made for another key,
                               // not owned by this user or writable by others, beyond the limit, not a
                               // regular file, unreadable, refused by the driver) or the whole directory
};

// One file per (device fingerprint key with its driver version, kernel source hash, compiler
// options), named by a hash of that key. A binary given to the driver is code that runs, so only
// what this user alone could have written is loaded: the directory (and each parent it creates) is
// created 0700, and one owned by another user or writable by group or others is neither read nor
// written; a file is read only if it is a regular file (not a symbolic link: opened with
// O_NOFOLLOW, then judged by the opened descriptor) owned by this user and writable by no one
// else. Each file starts with a header (magic, a CRC-64 over all that follows, the full key), so
// a truncated, corrupt, swapped (another key's file under this name) or colliding file is
// recognised. Whatever is ignored gets one line on stderr per path and reason per process, is
// counted in `rejected`, and its program is compiled and the file replaced (never in a directory
// refused as a whole); so is a file beyond binary_cache_file_limit (never read) or one that is not
// a regular file (never waited on). Files are written 0600 to a temporary name and renamed, so
// readers never see half a file, and several processes may share one directory. Failing to read
// or write the directory is never an error: the program is then simply compiled. Thread-safe.
class BinaryCache {
 public:
  // `file_owner`: the user whose files are loaded. Only tests pass another, to see this user's
  // files as foreign without being root; the directory must be this user's either way.
  explicit BinaryCache(std::filesystem::path directory, uid_t file_owner = ::geteuid());

  // $GEMMTUNE_CACHE_DIR, else $XDG_CACHE_HOME/gemmtune, else ~/.cache/gemmtune.
  static std::filesystem::path default_directory();

  // The program built for `device`, from the cached binary when there is a valid one, else
  // compiled with build_program() (same errors) and stored.
  cl::Program get(const cl::Context& context, const cl::Device& device, const KernelSource& source,
                  const std::string& options);

  const std::filesystem::path& directory() const { return directory_; }
  BinaryCacheStats stats() const;

 private:
  bool usable_directory();  // creates it when missing; false when it must be neither read nor written
  std::optional<cl::Program> load(const std::filesystem::path& file, const std::string& key,
                                  const cl::Context& context, const cl::Device& device, const std::string& options);
  void store(const std::filesystem::path& file, const std::string& key, const cl::Program& program);

  std::filesystem::path directory_;
  uid_t file_owner_;
  std::atomic<std::uint64_t> loaded_{0}, built_{0}, stored_{0}, rejected_{0};
};

// Whether the device's OpenCL implementation keeps the programs it compiles itself, keyed by source
// and options, so that another process gets them back without compiling: PoCL, unless
// POCL_KERNEL_CACHE=0 turns its cache off. There a BinaryCache only adds work: asking PoCL for a
// program's binaries compiles each of its kernels once more, for any local size (a first xgemm
// call on a 2-core machine took 27 s with the binaries asked for and 13 s without; a second
// process 0.3 s and 0.4 s).
bool implementation_caches_programs(const cl::Device& device);

// A cache in BinaryCache::default_directory() for the programs built for `device`, or none where
// the implementation keeps them itself.
std::shared_ptr<BinaryCache> binary_cache_for(const cl::Device& device);

}  // namespace gemmtune
