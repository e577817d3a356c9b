// Whether an open database holds gemmtune's schema for its version, before anything is written.
#pragma once

#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace gemmtune::db {

// What the database lacks of the schema its user_version promises, one line each ("view
// best_configs is missing", "table devices: column key is missing"); empty when complete, and for
// an empty database (version 0, no tables). A version that is negative or newer than this build,
// or version 0 with tables, is one line saying so. The expected schema is what the migration
// steps up to that version create; objects added beside it (a user's own index) are allowed.
std::vector<std::string> schema_problems(SQLite::Database& connection);

}  // namespace gemmtune::db
