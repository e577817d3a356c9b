// A new tuning database for a test: a file in a temporary directory of its own, opened read-write
// as the tuner opens one, removed with its directory.
#pragma once

#include "db/database.hpp"
#include "db_test_support.hpp"

namespace gemmtune::db::testing {

class ScratchDatabase : private TemporaryDirectory, public Database {
 public:
  ScratchDatabase() : Database(TemporaryDirectory::path() / "tuning.db", Mode::ReadWrite) {}
  using Database::path;
};

}  // namespace gemmtune::db::testing
