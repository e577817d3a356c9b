// Input files are read whole up to their limit, and refused, with one line naming them, beyond it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/input_file.hpp"
#include "gemmtune/error.hpp"
#include "tests/db/db_test_support.hpp"

namespace gemmtune {
namespace {

using db::testing::TemporaryDirectory;
using db::testing::write_bytes;

std::string refusal(const std::filesystem::path& file, std::size_t limit) {
  try {
    read_input_file(file, limit, "test file");
  } catch (const InvalidArgument& error) {
    return error.what();
  }
  return "";
}

TEST(ReadInputFile, ReadsAFileUpToItsLimit) {
  TemporaryDirectory directory;
  write_bytes(directory / "exact", std::string(1000, 'a'));
  EXPECT_EQ(read_input_file(directory / "exact", 1000, "test file"), std::string(1000, 'a'));
  EXPECT_EQ(read_input_file("/dev/null", 1000, "test file"), "");
}

TEST(ReadInputFile, RefusesALargerOrEndlessFileNamingItAndTheLimit) {
  TemporaryDirectory directory;
  write_bytes(directory / "long", std::string(1001, 'a'));
  EXPECT_EQ(refusal(directory / "long", 1000),
            (directory / "long").string() + ": larger than 1000 bytes, the limit for a test file");
  EXPECT_EQ(refusal("/dev/zero", std::size_t{1} << 20), "/dev/zero: larger than 1 MiB, the limit for a test file");
}

TEST(ReadLimited, AskedForRegularFilesRefusesOthersWithoutWaiting) {
  TemporaryDirectory directory;
  ASSERT_EQ(::mkfifo((directory / "fifo").c_str(), 0600), 0);  // opening it to read would wait for a writer
  EXPECT_EQ(read_limited(directory / "fifo", 10, FileKinds::RegularOnly).end, ReadEnd::NotRegularFile);
  EXPECT_EQ(read_limited("/dev/zero", 10, FileKinds::RegularOnly).end, ReadEnd::NotRegularFile);
  const LimitedRead missing = read_limited(directory / "missing", 10, FileKinds::RegularOnly);
  EXPECT_EQ(missing.end, ReadEnd::OpenFailed);
  EXPECT_EQ(missing.error_number, ENOENT);
  write_bytes(directory / "plain", "abc");
  EXPECT_EQ(read_limited(directory / "plain", 10, FileKinds::RegularOnly).bytes, "abc");
}

TEST(ReadLimited, ARegularFileBeyondTheLimitIsNotRead) {
  TemporaryDirectory directory;
  write_bytes(directory / "sparse", "");
  std::filesystem::resize_file(directory / "sparse", std::uintmax_t{1} << 40);  // 1 TiB of nothing
  const LimitedRead read = read_limited(directory / "sparse", 1000);
  EXPECT_EQ(read.end, ReadEnd::BeyondLimit);
  EXPECT_TRUE(read.bytes.empty());
}

TEST(ReadInputFile, RefusesWhatCannotBeRead) {
  TemporaryDirectory directory;
  EXPECT_EQ(refusal(directory / "missing", 10),
            (directory / "missing").string() + ": cannot open the test file (No such file or directory)");
  EXPECT_EQ(refusal(directory.path(), 10), directory.path().string() + ": cannot read the test file (Is a directory)");
}

}  // namespace
}  // namespace gemmtune
