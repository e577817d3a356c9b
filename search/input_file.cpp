// Reading a whole input file (a space file, a replay table, an import file) with a size limit, so
// that an endless or huge input (/dev/zero, a wrong file) is refused instead of filling memory.
#include "search/input_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string mebibytes(std::size_t bytes) {
  return bytes % (std::size_t{1} << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

}  // namespace

std::string read_input_file(const std::filesystem::path& file, std::size_t limit, std::string_view kind) {
  const auto failure = [&](const char* verb, int error_number) {
    return InvalidArgument(file.string() + ": cannot " + verb + " the " + std::string(kind) + " (" +
                           std::strerror(error_number) + ")");
  };
  const int descriptor = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) throw failure("open", errno);
  std::string bytes;
  // Read in chunks, never more than one byte past the limit: a device or a pipe has no size to ask.
  char buffer[1 << 16];
  for (;;) {
    const std::size_t wanted = std::min(sizeof(buffer), limit + 1 - bytes.size());
    const ssize_t got = ::read(descriptor, buffer, wanted);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error_number = errno;
      ::close(descriptor);
      throw failure("read", error_number);
    }
    if (got == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(got));
    if (bytes.size() > limit) {
      ::close(descriptor);
      throw InvalidArgument(file.string() + ": larger than " + mebibytes(limit) + ", the limit for a " +
                            std::string(kind));
    }
  }
  ::close(descriptor);
  return bytes;
}

}  // namespace gemmtune
