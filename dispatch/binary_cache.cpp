// On-disk cache of compiled programs (CL_PROGRAM_BINARIES), so a second process does not compile.
#include "dispatch/binary_cache.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string_view>

#include "core/input_file.hpp"
#include "dispatch/device.hpp"
#include "dispatch/program_cache.hpp"

namespace gemmtune {
namespace {

// Bumped whenever the file layout changes, so old files read as foreign.
constexpr std::string_view magic = "GTBIN001";

// FNV-1a: names files and checks payloads. The full key in the header makes collisions harmless.
std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char byte : bytes) hash = (hash ^ byte) * 1099511628211ull;
  return hash;
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
  return fingerprint_of(device).key() + '\n' + source.name + '\n' + source.hash + '\n' + options;
}

// The binary when `bytes` is a complete, intact file for `key`; nothing otherwise.
std::optional<std::string_view> parse(std::string_view bytes, const std::string& key) {
  if (!bytes.starts_with(magic)) return std::nullopt;
  bytes.remove_prefix(magic.size());
  const auto key_length = take_u64(bytes);
  if (!key_length || *key_length != key.size() || bytes.substr(0, key.size()) != key) return std::nullopt;
  bytes.remove_prefix(key.size());
  const auto length = take_u64(bytes);
  const auto checksum = take_u64(bytes);
  if (!length || !checksum || *length == 0 || *length != bytes.size() || fnv1a(bytes) != *checksum)
    return std::nullopt;
  return bytes;
}

}  // namespace

BinaryCache::BinaryCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

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
  const std::string key = cache_key(device, source, options);
  const std::filesystem::path file = directory_ / (hex(fnv1a(key)) + ".bin");
  if (auto program = load(file, key, context, device, options)) return *program;
  cl::Program program = build_program(context, device, source, options);
  ++built_;
  store(file, key, program);
  return program;
}

std::optional<cl::Program> BinaryCache::load(const std::filesystem::path& file, const std::string& key,
                                             const cl::Context& context, const cl::Device& device,
                                             const std::string& options) {
  const LimitedRead read = read_limited(file, binary_cache_file_limit, FileKinds::RegularOnly);
  if (read.end == ReadEnd::OpenFailed && read.error_number == ENOENT) return std::nullopt;  // a plain miss
  const auto binary = read.end == ReadEnd::Complete ? parse(read.bytes, key) : std::nullopt;
  if (!binary) {
    ++rejected_;
    return std::nullopt;
  }
  try {
    const cl::Program::Binaries binaries{std::vector<unsigned char>(binary->begin(), binary->end())};
    cl::Program program(context, {device}, binaries);
    program.build({device}, options.c_str());
    ++loaded_;
    return program;
  } catch (const cl::Error&) {
    // The driver refused it (say, an intact file from an incompatible compiler): compile instead.
    ++rejected_;
    return std::nullopt;
  }
}

void BinaryCache::store(const std::filesystem::path& file, const std::string& key, const cl::Program& program) {
  std::string contents;
  try {
    const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
    if (binaries.size() != 1 || binaries.front().empty()) return;
    const std::string_view binary(reinterpret_cast<const char*>(binaries.front().data()), binaries.front().size());
    contents.append(magic);
    put_u64(contents, key.size());
    contents += key;
    put_u64(contents, binary.size());
    put_u64(contents, fnv1a(binary));
    contents.append(binary);
  } catch (const cl::Error&) {
    return;  // no binary to be had: this program is compiled again next time
  }
  // A name of our own, then an atomic rename: concurrent writers and readers never see a torn file.
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error) return;
  thread_local std::mt19937_64 random{std::random_device{}()};
  const std::filesystem::path temporary =
      file.string() + ".tmp." + std::to_string(::getpid()) + "." + hex(random());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(temporary, error);
      return;
    }
  }
  std::filesystem::rename(temporary, file, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    return;
  }
  ++stored_;
}

BinaryCacheStats BinaryCache::stats() const { return {loaded_.load(), built_.load(), stored_.load(), rejected_.load()}; }

}  // namespace gemmtune
