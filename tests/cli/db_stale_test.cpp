// `gemmtune db list` shows results of this machine's device under another driver as stale.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>

#include "db/database.hpp"
#include "dispatch/device.hpp"
#include "dispatch/device_record.hpp"
#include "tests/support/process.hpp"

namespace gemmtune::testing {
namespace {

TEST(DbListCommand, MarksResultsOfAnotherDriverAsStale) {
  const auto path = std::filesystem::temp_directory_path() / ("gemmtune-stale-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  const DeviceFingerprint present = select_device("").fingerprint;
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    for (const std::string& driver : {present.driver_version, std::string("0.0-older")}) {
      DeviceFingerprint print = present;
      print.driver_version = driver;
      database.device_id(device_record(print));
    }
  }
  const ProcessResult result = run_gemmtune("db list --json --db " + path.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto devices = boost::json::parse(result.out).as_object().at("devices").as_array();
  ASSERT_EQ(devices.size(), 2u);
  for (const auto& entry : devices) {
    const auto& device = entry.as_object();
    const bool older = device.at("device").as_object().at("driver_version").as_string() == "0.0-older";
    EXPECT_EQ(device.at("stale_driver").as_bool(), older);
  }
  // `db list` reads without writing, so SQLite leaves the journal's side files for the next writer.
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}

}  // namespace
}  // namespace gemmtune::testing
