// The shipped tuning (configs/tuned/) is keyed by the kernel sources as they are: an edit of a
// kernel's text moves its hash, and the dispatcher then passes over every shipped row of it.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "dispatch/kernel_registry.hpp"

namespace gemmtune::testing {
namespace {

namespace fs = std::filesystem;

TEST(ShippedTuning, EveryRowIsKeyedByItsKernelAsItIs) {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GEMMTUNE_SOURCE_DIR) / "configs" / "tuned")) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    std::ifstream stream(entry.path());
    std::ostringstream text;
    text << stream.rdbuf();
    std::map<std::string, std::set<std::string>> stale;  // kernel -> hashes that are not its source's
    std::size_t rows = 0;
    const boost::json::value document = boost::json::parse(text.str());
    for (const auto& row : document.as_array()) {
      const std::string kernel(row.at("kernel").as_string()), hash(row.at("kernel_hash").as_string());
      ++rows;
      if (hash != kernel_family(kernel).source().hash) stale[kernel].insert(hash);
    }
    EXPECT_GT(rows, 0u) << entry.path();
    for (const auto& [kernel, hashes] : stale)
      ADD_FAILURE() << entry.path().filename() << ": rows of " << kernel << " measured with source " << *hashes.begin()
                    << ", not " << kernel_family(kernel).source().hash
                    << ": tune it again, or carry the rows over where the program is unchanged "
                       "(configs/tuned/rekey.py FAMILY OLD_REV FILE...)";
  }
  EXPECT_GE(files, 2u);
}

}  // namespace
}  // namespace gemmtune::testing
