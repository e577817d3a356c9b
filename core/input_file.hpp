// Reading a whole input file (a space file, a replay table, an import file, a cached program) with
// a size limit, so that an endless or huge input (/dev/zero, a wrong file) is refused instead of
// filling memory.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace gemmtune {

// The limits, documented in README.md ("Input limits and output files").
inline constexpr std::size_t space_file_limit = std::size_t{1} << 20;       // 1 MiB; configs/xgemm.json is 5 KiB
inline constexpr std::size_t replay_table_limit = std::size_t{64} << 20;    // 64 MiB, about 1,000,000 rows
inline constexpr std::size_t import_file_limit = std::size_t{256} << 20;    // 256 MiB, about 180,000 evaluations

// How reading a file up to a limit ended.
enum class ReadEnd {
  Complete,         // `bytes` holds the whole file
  OpenFailed,       // `error_number` says why (ENOENT: there is no such file)
  ReadFailed,       // `error_number` says why (EISDIR: a directory)
  NotRegularFile,   // only regular files were asked for: a device, a pipe, a socket
  BeyondLimit,      // longer than the limit
};

struct LimitedRead {
  ReadEnd end = ReadEnd::Complete;
  std::string bytes;
  int error_number = 0;
};

enum class FileKinds { Any, RegularOnly };

// Reads `file` whole when it has at most `limit` bytes. A regular file whose size is beyond the
// limit is not read at all; anything else (a device, a pipe, a file growing meanwhile) is read no
// more than one byte past it. RegularOnly refuses everything but a regular file without waiting on
// it (a FIFO nobody writes to).
LimitedRead read_limited(const std::filesystem::path& file, std::size_t limit, FileKinds kinds = FileKinds::Any);

// The file's bytes. Throws gemmtune::InvalidArgument with one line naming the file and `kind`
// ("space file") for a file that cannot be read (missing, a directory, no permission) and for one
// longer than `limit` bytes, which is read no further.
std::string read_input_file(const std::filesystem::path& file, std::size_t limit, std::string_view kind);

}  // namespace gemmtune
