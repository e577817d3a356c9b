// On-disk cache of compiled programs (CL_PROGRAM_BINARIES), so a second process does not compile.
#include "dispatch/binary_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/crc.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <random>
#include <set>
#include <string_view>
#include <utility>

#include "dispatch/cl_error.hpp"
#include "dispatch/device.hpp"
#include "dispatch/program_cache.hpp"

namespace gemmtune {
namespace {

// Bumped whenever the file layout changes, so old files read as foreign.
constexpr std::string_view magic = "GTBIN002";

// CRC-64 (the XZ polynomial) names files and checks them. A checksum finds accidents: a torn or
// flipped byte, another key's file under this name. What others write is kept out by ownership
// and permissions, not by the hash, so a cryptographic one would add nothing here.
std::uint64_t crc64(std::string_view bytes) {
  boost::crc_optimal<64, 0x42F0E1EBA9EA3693ull, ~0ull, ~0ull, true, true> crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

std::string hex(std::uint64_t value) {
  static const char digits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) text[i] = digits[value & 15];
  return text;
}

void put_u64(std::string& out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

// Reads a little-endian u64 from the front of `in`, consuming it.
std::optional<std::uint64_t> take_u64(std::string_view& in) {
  if (in.size() < 8) return std::nullopt;
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[i])) << (8 * i);
  in.remove_prefix(8);
  return value;
}

std::string cache_key(const cl::Device& device, const KernelSource& source, const std::string& options) {
  return fingerprint_of(device).key() + '\n' + source.name + '\n' + source.hash + '\n' + options +
         (source.ptx_target.empty() ? "" : "\nptx " + source.ptx_target);
}

// magic, CRC-64 of the rest, key length, key, binary.
std::string file_contents(const std::string& key, std::string_view binary) {
  std::string checked;
  put_u64(checked, key.size());
  checked += key;
  checked.append(binary);
  std::string contents(magic);
  put_u64(contents, crc64(checked));
  return contents + checked;
}

// The binary in `bytes` when they are an intact file for `key`; otherwise why they are not.
struct Parsed {
  std::string_view binary;
  std::string problem;
};

Parsed parse(std::string_view bytes, const std::string& key) {
  if (!bytes.starts_with(magic)) return {{}, "not a cache file of this version"};
  bytes.remove_prefix(magic.size());
  const auto checksum = take_u64(bytes);
  if (!checksum || crc64(bytes) != *checksum) return {{}, "checksum mismatch"};
  const auto key_length = take_u64(bytes);
  if (!key_length || *key_length > bytes.size() || bytes.substr(0, *key_length) != key)
    return {{}, "made for another key"};
  bytes.remove_prefix(key.size());
  if (bytes.empty()) return {{}, "holds no binary"};
  return {bytes, {}};
}

std::string owner_problem(const struct stat& status, uid_t owner) {
  if (status.st_uid != owner) return "owned by uid " + std::to_string(status.st_uid) + ", not this user";
  if (status.st_mode & (S_IWGRP | S_IWOTH)) return "writable by group or others";
  return {};
}

// A cache file's bytes, or why they were not read; `missing` for a plain miss.
struct FileRead {
  std::string bytes;
  std::string problem;
  bool missing = false;
};

// Judges the file already opened, not its name, which may be replaced meanwhile.
FileRead read_open_file(int descriptor, uid_t owner) {
  struct stat status {};
  if (::fstat(descriptor, &status) != 0) return {{}, std::string("cannot be read: ") + std::strerror(errno)};
  if (!S_ISREG(status.st_mode)) return {{}, "not a regular file"};
  if (std::string problem = owner_problem(status, owner); !problem.empty()) return {{}, problem};
  if (static_cast<std::uintmax_t>(status.st_size) > binary_cache_file_limit)
    return {{}, "larger than the " + std::to_string(binary_cache_file_limit >> 20) + " MiB limit"};
  // One byte more than the size asked for: a file growing meanwhile reads as damaged, not as cut.
  FileRead read;
  read.bytes.resize(static_cast<std::size_t>(status.st_size) + 1);
  std::size_t filled = 0;
  for (;;) {
    const ssize_t got = ::read(descriptor, read.bytes.data() + filled, read.bytes.size() - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return {{}, std::string("cannot be read: ") + std::strerror(errno)};
    if (got == 0 || (filled += static_cast<std::size_t>(got)) == read.bytes.size()) break;
  }
  read.bytes.resize(filled);
  return read;
}

FileRead read_cache_file(const std::filesystem::path& file, uid_t owner) {
  // Non-blocking only to learn what the file is: opening a FIFO would otherwise wait for a writer.
  const int descriptor = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (descriptor < 0) {
    if (errno == ENOENT) return {{}, {}, true};
    if (errno == ELOOP) return {{}, "a symbolic link"};
    return {{}, std::string("cannot be opened: ") + std::strerror(errno)};
  }
  FileRead read = read_open_file(descriptor, owner);
  ::close(descriptor);
  return read;
}

bool write_all(int descriptor, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(descriptor, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

// Each missing directory of `directory` made private; stops at the first that cannot be made.
void create_private_directories(const std::filesystem::path& directory) {
  std::filesystem::path prefix;
  for (const auto& part : directory) {
    prefix /= part;
    if (::mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return;
  }
}

// One line per path and reason per process: every program of a session would otherwise repeat it.
void report_ignored(std::string_view what, const std::filesystem::path& path, const std::string& reason) {
  static std::mutex mutex;
  static std::set<std::pair<std::string, std::string>> reported;
  std::lock_guard lock(mutex);
  if (reported.emplace(path.string(), reason).second)
    std::cerr << "gemmtune: ignoring " << what << ' ' << path.string() << ": " << reason << '\n';
}

}  // namespace

BinaryCache::BinaryCache(std::filesystem::path directory, uid_t file_owner)
    : directory_(std::move(directory)), file_owner_(file_owner) {}

std::filesystem::path BinaryCache::default_directory() {
  if (const char* explicit_path = std::getenv("GEMMTUNE_CACHE_DIR"); explicit_path && *explicit_path)
    return explicit_path;
  if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
    return std::filesystem::path(cache) / "gemmtune";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home && *home ? home : ".") / ".cache" / "gemmtune";
}

cl::Program BinaryCache::get(const cl::Context& context, const cl::Device& device,
                             const KernelSource& source, const std::string& options) {
  const bool usable = usable_directory();
  const std::string key = cache_key(device, source, options);
  const std::filesystem::path file = directory_ / (hex(crc64(key)) + ".bin");
  if (usable)
    if (auto program = load(file, key, context, device, binary_build_options(source, options))) return *program;
  cl::Program program = build_program(context, device, source, options);
  ++built_;
  if (usable) store(file, key, program);
  return program;
}

bool BinaryCache::usable_directory() {
  struct stat status {};
  if (::stat(directory_.c_str(), &status) != 0) {
    create_private_directories(directory_);
    if (::stat(directory_.c_str(), &status) != 0) return false;  // cannot be made: nothing to read or write
  }
  if (!S_ISDIR(status.st_mode)) return false;
  // Whoever may write the directory may put any file in it, or swap one: its files could be anyone's.
  const std::string problem = owner_problem(status, ::geteuid());
  if (problem.empty()) return true;
  report_ignored("binary cache directory", directory_, problem);
  ++rejected_;
  return false;
}

std::optional<cl::Program> BinaryCache::load(const std::filesystem::path& file, const std::string& key,
                                             const cl::Context& context, const cl::Device& device,
                                             const std::string& options) {
  const FileRead read = read_cache_file(file, file_owner_);
  if (read.missing) return std::nullopt;
  const Parsed parsed = read.problem.empty() ? parse(read.bytes, key) : Parsed{{}, read.problem};
  const auto reject = [&](const std::string& problem) -> std::optional<cl::Program> {
    report_ignored("cached binary", file, problem);
    ++rejected_;
    return std::nullopt;
  };
  if (!parsed.problem.empty()) return reject(parsed.problem);
  try {
    const cl::Program::Binaries binaries{std::vector<unsigned char>(parsed.binary.begin(), parsed.binary.end())};
    cl::Program program(context, {device}, binaries);
    program.build({device}, options.c_str());
    ++loaded_;
    return program;
  } catch (const cl::Error& error) {
    // An intact file the driver will not take (say, from an incompatible compiler): compile instead.
    return reject("refused by the driver (" + cl_error_name(error.err()) + ")");
  }
}

void BinaryCache::store(const std::filesystem::path& file, const std::string& key, const cl::Program& program) {
  std::string contents;
  try {
    const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
    if (binaries.size() != 1 || binaries.front().empty()) return;
    contents = file_contents(
        key, std::string_view(reinterpret_cast<const char*>(binaries.front().data()), binaries.front().size()));
  } catch (const cl::Error&) {
    return;  // no binary to be had: this program is compiled again next time
  }
  // A name of our own, then an atomic rename: concurrent writers and readers never see a torn file.
  thread_local std::mt19937_64 random{std::random_device{}()};
  const std::filesystem::path temporary =
      file.string() + ".tmp." + std::to_string(::getpid()) + "." + hex(random());
  const int descriptor = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (descriptor < 0) return;
  // 0600 whatever the umask, which only ever takes bits away: readers require no more and no less.
  const bool written = ::fchmod(descriptor, 0600) == 0 && write_all(descriptor, contents);
  if (::close(descriptor) != 0 || !written || ::rename(temporary.c_str(), file.c_str()) != 0) {
    ::unlink(temporary.c_str());
    return;
  }
  ++stored_;
}

bool implementation_caches_programs(const cl::Device& device) {
  const char* kernel_cache = std::getenv("POCL_KERNEL_CACHE");
  const bool pocl_cache_on = !kernel_cache || std::string_view(kernel_cache) != "0";
  return pocl_cache_on &&
         cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getInfo<CL_PLATFORM_NAME>() == pocl_platform_name;
}

std::shared_ptr<BinaryCache> binary_cache_for(const cl::Device& device) {
  if (implementation_caches_programs(device)) return nullptr;
  return std::make_shared<BinaryCache>(BinaryCache::default_directory());
}

BinaryCacheStats BinaryCache::stats() const { return {loaded_.load(), built_.load(), stored_.load(), rejected_.load()}; }

}  // namespace gemmtune
