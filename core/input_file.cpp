// Reading a whole input file with a size limit, so that an endless or huge input (/dev/zero, a
// wrong file) is refused instead of filling memory.
#include "core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string mebibytes(std::size_t bytes) {
  return bytes % (std::size_t{1} << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

// Closes the descriptor on every way out.
class Descriptor {
 public:
  explicit Descriptor(int descriptor) : descriptor_(descriptor) {}
  ~Descriptor() {
    if (descriptor_ >= 0) ::close(descriptor_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return descriptor_; }

 private:
  int descriptor_;
};

}  // namespace

LimitedRead read_limited(const std::filesystem::path& file, std::size_t limit, FileKinds kinds) {
  LimitedRead result;
  const auto failed = [&](ReadEnd end, int error_number) {
    result.end = end;
    result.error_number = error_number;
    result.bytes.clear();
    return std::move(result);
  };
  // Non-blocking only to learn what the file is: opening a FIFO would otherwise wait for a writer.
  const int flags = O_RDONLY | O_CLOEXEC | (kinds == FileKinds::RegularOnly ? O_NONBLOCK : 0);
  const Descriptor descriptor(::open(file.c_str(), flags));
  if (descriptor.get() < 0) return failed(ReadEnd::OpenFailed, errno);
  struct stat status {};
  if (::fstat(descriptor.get(), &status) != 0) return failed(ReadEnd::ReadFailed, errno);
  const bool regular = S_ISREG(status.st_mode);
  if (kinds == FileKinds::RegularOnly && !regular) return failed(ReadEnd::NotRegularFile, 0);
  if (regular && static_cast<std::uintmax_t>(status.st_size) > limit) return failed(ReadEnd::BeyondLimit, 0);
  // Read in chunks, never more than one byte past the limit: a device or a pipe has no size to ask.
  char buffer[1 << 16];
  for (;;) {
    const std::size_t wanted = std::min(sizeof(buffer), limit + 1 - result.bytes.size());
    const ssize_t got = ::read(descriptor.get(), buffer, wanted);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return failed(ReadEnd::ReadFailed, errno);
    if (got == 0) return result;
    result.bytes.append(buffer, static_cast<std::size_t>(got));
    if (result.bytes.size() > limit) return failed(ReadEnd::BeyondLimit, 0);
  }
}

std::string read_input_file(const std::filesystem::path& file, std::size_t limit, std::string_view kind) {
  LimitedRead read = read_limited(file, limit);
  const auto failure = [&](const char* verb) {
    return InvalidArgument(file.string() + ": cannot " + verb + " the " + std::string(kind) + " (" +
                           std::strerror(read.error_number) + ")");
  };
  switch (read.end) {
    case ReadEnd::Complete:
      return std::move(read.bytes);
    case ReadEnd::OpenFailed:
      throw failure("open");
    case ReadEnd::ReadFailed:
    case ReadEnd::NotRegularFile:  // not asked for: every kind of file is read
      throw failure("read");
    case ReadEnd::BeyondLimit:
      break;
  }
  throw InvalidArgument(file.string() + ": larger than " + mebibytes(limit) + ", the limit for a " + std::string(kind));
}

}  // namespace gemmtune
