// A file a command writes (an export, a merged database, bench results): checked before any work,
// replaced atomically, never one of the command's inputs, an existing file only with --force.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace gemmtune::cli {

class OutputFile {
 public:
  // Refuses now, with a UsageError naming the path, what could only fail later or destroy data:
  // an empty path, a path that is (by filesystem identity, links and all) one of `inputs` or a
  // SQLite -wal, -shm or -journal file beside one, an existing file without `force`, something
  // that is not a regular file, a directory that does not exist or cannot be written.
  OutputFile(std::filesystem::path path, bool force, const std::vector<std::filesystem::path>& inputs = {});
  ~OutputFile();  // removes a temporary file not committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // Replaces the file with `contents`: written to a temporary file beside it, flushed to disk,
  // renamed over it. May be called again (the later contents replace the earlier). On a write
  // error, throws gemmtune::Error naming the path; the file is then as it was.
  void write(std::string_view contents);

  // For writers that need a path of their own (SQLite): a new empty temporary file beside the
  // target, to be filled and then committed (flushed to disk and renamed over the target).
  std::filesystem::path begin();
  void commit();

 private:
  int create_temporary();  // an open descriptor of a new temporary_
  void rename_over_target();
  void remove_temporary() noexcept;

  std::filesystem::path path_;    // as given, for messages
  std::filesystem::path target_;  // links resolved: the file replaced, not the link
  std::filesystem::path temporary_;
  bool existed_ = false;  // before this command: its permissions are kept, SQLite's files beside it removed
  unsigned mode_ = 0;
};

}  // namespace gemmtune::cli
