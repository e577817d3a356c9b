// The schema's migrations: ordered SQL steps keyed by PRAGMA user_version.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace gemmtune::db {

// Step i (0-based) takes a database from user_version i to i + 1. Steps are only ever appended:
// a released step is never edited, so every database reaches the same schema.
const std::vector<std::string>& migrations();

// The version this build writes and reads: migrations().size().
int current_schema_version();

// PRAGMA user_version of an open database. Reading it is the first access to the file, so a file
// that is not SQLite fails here, before anything is written.
int schema_version(SQLite::Database& connection);

// Throws DatabaseFileError, writing nothing, for a version newer than this build or negative, for
// version 0 with tables (another program's database), or for a schema its version does not
// account for (schema_check.hpp).
void refuse_unusable(SQLite::Database& connection, const std::string& name);

// Applies the missing steps in one IMMEDIATE transaction (all or nothing). Re-reads the version
// inside the transaction so that two processes opening a new file at once migrate it once.
// Throws as refuse_unusable() does, without altering the file.
void migrate(SQLite::Database& connection, const std::string& name);

// A private copy of the open database, migrated to this build's version, for reading an older file
// without writing it: SQLite's own temporary file, deleted when the copy is closed, so a large
// database is not held in memory. Throws as migrate() does.
std::unique_ptr<SQLite::Database> migrated_copy(SQLite::Database& connection, const std::string& name);

}  // namespace gemmtune::db
