// A file a command writes (an export, a merged database, bench results): checked before any work,
// replaced atomically, never one of the command's inputs, an existing file only with --force.
#include "tuner/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tuner/cli.hpp"

namespace gemmtune::cli {
namespace fs = std::filesystem;
namespace {

// What SQLite keeps beside a database, and would apply to whatever file has the database's name.
constexpr const char* sqlite_companions[] = {"-wal", "-shm", "-journal"};

fs::path directory_of(const fs::path& file) { return file.has_parent_path() ? file.parent_path() : fs::path("."); }

}  // namespace

OutputFile::OutputFile(fs::path path, bool force, const std::vector<fs::path>& inputs)
    : path_(std::move(path)), target_(path_) {
  if (path_.empty()) throw UsageError("an output file needs a path");
  const std::string shown = path_.string();
  std::error_code error;
  // A link to a file: the file is replaced, and the link keeps pointing at it.
  if (fs::is_symlink(fs::symlink_status(path_, error)) && fs::exists(path_, error)) {
    target_ = fs::canonical(path_, error);
    if (error) throw UsageError("cannot write " + shown + ": " + error.message());
  }

  for (const auto& input : inputs) {
    if (fs::equivalent(input, target_, error))
      throw UsageError("cannot write " + shown + ": it is the input " + input.string() + "; write to another file");
    for (const char* companion : sqlite_companions)
      if (fs::equivalent(input.string() + companion, target_, error))
        throw UsageError("cannot write " + shown + ": it belongs to the input database " + input.string());
  }

  const auto status = fs::status(target_, error);
  existed_ = fs::exists(status);
  if (existed_ && !fs::is_regular_file(status)) throw UsageError("cannot write " + shown + ": not a regular file");
  if (existed_ && !force) throw UsageError(shown + " exists; pass --force to replace it");
  if (existed_) mode_ = static_cast<unsigned>(status.permissions() & fs::perms::mask);
  // A WAL with frames would be replayed onto the new file; an empty one is what a reader leaves.
  if (fs::file_size(target_.string() + "-wal", error) > 0 && !error)
    throw UsageError(shown + "-wal holds changes: " + shown + " may be in use; close it first");

  const fs::path directory = directory_of(target_);
  if (!fs::is_directory(directory, error))
    throw UsageError("cannot write " + shown + ": no such directory " + directory.string());
  if (::access(directory.c_str(), W_OK | X_OK) != 0)
    throw UsageError("cannot write " + shown + ": directory " + directory.string() + " is not writable (" +
                     std::strerror(errno) + ")");
}

OutputFile::~OutputFile() { remove_temporary(); }

void OutputFile::write(std::string_view contents) {
  const int descriptor = create_temporary();
  const auto fail = [&](int error_number) {
    ::close(descriptor);
    remove_temporary();
    throw Error("cannot write " + path_.string() + ": " + std::strerror(error_number));
  };
  while (!contents.empty()) {
    const ssize_t written = ::write(descriptor, contents.data(), contents.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) fail(errno);
    contents.remove_prefix(static_cast<std::size_t>(written));
  }
  if (::fsync(descriptor) != 0) fail(errno);
  if (::close(descriptor) != 0) {
    const int error_number = errno;
    remove_temporary();
    throw Error("cannot write " + path_.string() + ": " + std::strerror(error_number));
  }
  rename_over_target();
}

fs::path OutputFile::begin() {
  ::close(create_temporary());
  return temporary_;
}

void OutputFile::commit() {
  const int descriptor = ::open(temporary_.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0 || ::fsync(descriptor) != 0) {
    const int error_number = errno;
    if (descriptor >= 0) ::close(descriptor);
    remove_temporary();
    throw Error("cannot write " + path_.string() + ": " + std::strerror(error_number));
  }
  ::close(descriptor);
  rename_over_target();
}

int OutputFile::create_temporary() {
  remove_temporary();
  static unsigned counter = 0;
  for (;;) {
    temporary_ = target_.string() + ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    // 0666 less the umask, as any new file; a replaced file's own permissions are kept.
    const int descriptor = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor >= 0) {
      if (existed_) ::fchmod(descriptor, mode_);
      return descriptor;
    }
    if (errno != EEXIST) {
      const int error_number = errno;
      temporary_.clear();
      throw Error("cannot write " + path_.string() + ": cannot create a file beside it: " +
                  std::strerror(error_number));
    }
  }
}

void OutputFile::rename_over_target() {
  std::error_code ignored;
  // What SQLite left beside a replaced database would be taken as part of the new file.
  if (existed_)
    for (const char* companion : sqlite_companions) fs::remove(target_.string() + companion, ignored);
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
    const int error_number = errno;
    remove_temporary();
    throw Error("cannot write " + path_.string() + ": " + std::strerror(error_number));
  }
  temporary_.clear();
  // The rename itself reaches the disk only when the directory is flushed; a file system that
  // cannot flush a directory still has the complete file under one of the two names.
  const int directory = ::open(directory_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory >= 0) {
    ::fsync(directory);
    ::close(directory);
  }
}

void OutputFile::remove_temporary() noexcept {
  if (temporary_.empty()) return;
  std::error_code ignored;
  fs::remove(temporary_, ignored);
  for (const char* companion : sqlite_companions) fs::remove(temporary_.string() + companion, ignored);
  temporary_.clear();
}

}  // namespace gemmtune::cli
