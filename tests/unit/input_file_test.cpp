// Input files are read whole up to their limit, and refused, with one line naming them, beyond it.
#include <gtest/gtest.h>

#include "gemmtune/error.hpp"
#include "search/input_file.hpp"
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

TEST(ReadInputFile, RefusesWhatCannotBeRead) {
  TemporaryDirectory directory;
  EXPECT_EQ(refusal(directory / "missing", 10),
            (directory / "missing").string() + ": cannot open the test file (No such file or directory)");
  EXPECT_EQ(refusal(directory.path(), 10), directory.path().string() + ": cannot read the test file (Is a directory)");
}

}  // namespace
}  // namespace gemmtune
