// The files commands write: refused up front when they would destroy an input or an existing file,
// replaced atomically, and a failed write leaves the old file as it was.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/db/db_test_support.hpp"
#include "tuner/cli.hpp"
#include "tuner/output_file.hpp"

namespace gemmtune::cli {
namespace {

namespace fs = std::filesystem;
using db::testing::read_bytes;
using db::testing::TemporaryDirectory;
using db::testing::write_bytes;

// The UsageError's message when `make` throws one, else "".
template <typename Make>
std::string usage_error(Make&& make) {
  try {
    make();
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

std::vector<std::string> names_in(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(OutputFile, IsNeverOneOfTheInputsHoweverItIsNamed) {
  TemporaryDirectory directory;
  write_bytes(directory / "e.db", "database");
  fs::create_directory_symlink(directory.path(), directory / "again");
  fs::create_symlink(directory / "e.db", directory / "link.db");
  const fs::path input = directory / "e.db";
  for (const fs::path& output : {directory / "e.db", directory / "again" / "e.db", directory / "link.db",
                                 directory / "." / "e.db"}) {
    const std::string message = usage_error([&] { OutputFile(output, true, {input}); });
    EXPECT_NE(message.find("it is the input " + input.string()), std::string::npos) << output << ": " << message;
  }
  // A link as the input, the file itself as the output.
  EXPECT_NE(usage_error([&] { OutputFile(input, true, {directory / "link.db"}); }), "");
  // The files SQLite keeps beside a database are part of it.
  write_bytes(directory / "e.db-wal", "");
  EXPECT_NE(usage_error([&] { OutputFile(directory / "e.db-wal", true, {input}); }).find("belongs to the input"),
            std::string::npos);
  EXPECT_EQ(read_bytes(input), "database");
}

TEST(OutputFile, ReplacesAnExistingFileOnlyWhenForced) {
  TemporaryDirectory directory;
  const fs::path path = directory / "out.json";
  write_bytes(path, "old");
  ::chmod(path.c_str(), 0640);
  EXPECT_NE(usage_error([&] { OutputFile(path, false); }).find("exists; pass --force"), std::string::npos);
  EXPECT_EQ(read_bytes(path), "old");
  OutputFile(path, true).write("new");
  EXPECT_EQ(read_bytes(path), "new");
  EXPECT_EQ(fs::status(path).permissions() & fs::perms::mask,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

TEST(OutputFile, RefusesWhatCannotBeWrittenBeforeAnyWork) {
  TemporaryDirectory directory;
  EXPECT_NE(usage_error([&] { OutputFile(directory / "missing" / "x.json", false); }).find("no such directory"),
            std::string::npos);
  EXPECT_NE(usage_error([&] { OutputFile(directory.path(), true); }).find("not a regular file"), std::string::npos);
  EXPECT_NE(usage_error([&] { OutputFile("", true); }), "");
  EXPECT_NE(usage_error([&] { OutputFile("/dev/null", true); }).find("not a regular file"), std::string::npos);
}

TEST(OutputFile, WritesAgainAndAgainAndLeavesNothingBeside) {
  TemporaryDirectory directory;
  const fs::path path = directory / "results.json";
  {
    OutputFile output(path, false);
    EXPECT_TRUE(names_in(directory.path()).empty()) << "nothing is created before the first write";
    output.write("first");
    EXPECT_EQ(read_bytes(path), "first");
    output.write("second, longer");
    EXPECT_EQ(read_bytes(path), "second, longer");
  }
  EXPECT_EQ(names_in(directory.path()), std::vector<std::string>{"results.json"});
}

TEST(OutputFile, ALinkKeepsPointingAtTheReplacedFile) {
  TemporaryDirectory directory;
  write_bytes(directory / "target.json", "old");
  fs::create_symlink(directory / "target.json", directory / "link.json");
  OutputFile(directory / "link.json", true).write("new");
  EXPECT_TRUE(fs::is_symlink(directory / "link.json"));
  EXPECT_EQ(read_bytes(directory / "target.json"), "new");
}

TEST(OutputFile, AFailedWriteIsAnErrorAndLeavesTheOldFile) {
  TemporaryDirectory directory;
  const fs::path path = directory / "out.json";
  write_bytes(path, "old");
  // In a child: a file-size limit of 4 KiB (ulimit -f), so that writing 64 KiB fails with EFBIG.
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      OutputFile(path, true).write(std::string(64 << 10, 'x'));
    } catch (const UsageError&) {
      ::_exit(3);
    } catch (const Error& error) {
      ::_exit(std::string(error.what()) == "cannot write " + path.string() + ": File too large" ? 0 : 4);
    }
    ::_exit(5);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "3: a usage error, 4: another message, 5: no error";
  EXPECT_EQ(read_bytes(path), "old");
  EXPECT_EQ(names_in(directory.path()), std::vector<std::string>{"out.json"});
}

}  // namespace
}  // namespace gemmtune::cli
