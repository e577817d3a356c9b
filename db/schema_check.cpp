// Whether an open database holds gemmtune's schema for its version, before anything is written.
#include "db/schema_check.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <map>
#include <utility>

#include "db/schema.hpp"

namespace gemmtune::db {
namespace {

struct SchemaObject {
  std::string name;
  std::string type;   // table, index or view
  std::string table;  // what an index belongs to
  std::map<std::string, std::string> columns;  // name -> declared type, for tables and views
};

std::string quoted_identifier(const std::string& name) {
  std::string quoted = "\"";
  for (const char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + '"';
}

// In the order of creation, so that tables come before the indexes and views that use them.
std::vector<SchemaObject> schema_of(SQLite::Database& connection) {
  std::vector<SchemaObject> objects;
  SQLite::Statement query(connection,
                          "SELECT name, type, tbl_name FROM sqlite_master WHERE type IN ('table', 'index', 'view') "
                          "AND name NOT LIKE 'sqlite_%' ORDER BY rowid");
  while (query.executeStep()) {
    SchemaObject object{query.getColumn(0).getString(), query.getColumn(1).getString(),
                        query.getColumn(2).getString(), {}};
    if (object.type != "index") {
      SQLite::Statement columns(connection, "PRAGMA table_info(" + quoted_identifier(object.name) + ")");
      while (columns.executeStep()) object.columns[columns.getColumn(1).getString()] = columns.getColumn(2).getString();
    }
    objects.push_back(std::move(object));
  }
  return objects;
}

// The schema the migration steps up to `version` create, in a database of its own.
std::vector<SchemaObject> expected_schema(int version) {
  SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  for (int step = 0; step < version; ++step) reference.exec(migrations()[static_cast<std::size_t>(step)]);
  return schema_of(reference);
}

}  // namespace

std::vector<std::string> schema_problems(SQLite::Database& connection) {
  const int version = schema_version(connection);
  if (version < 0 || version > current_schema_version())
    return {"schema version " + std::to_string(version) + " is not one of gemmtune's (0 to " +
            std::to_string(current_schema_version()) + " in this build)"};
  const auto present = schema_of(connection);
  if (version == 0) {
    if (present.empty()) return {};
    return {"schema version 0 with tables of its own (another program's database)"};
  }
  std::map<std::string, const SchemaObject*> by_name;
  for (const SchemaObject& object : present) by_name[object.name] = &object;
  const auto expected_objects = expected_schema(version);
  std::vector<std::string> problems;
  std::size_t missing = 0;
  for (const SchemaObject& expected : expected_objects) {
    const auto found = by_name.find(expected.name);
    if (found == by_name.end() || found->second->type != expected.type) {
      problems.push_back(expected.type + ' ' + expected.name + " is missing");
      ++missing;
      continue;
    }
    const SchemaObject& actual = *found->second;
    if (actual.table != expected.table)
      problems.push_back("index " + expected.name + " is on " + actual.table + ", not " + expected.table);
    for (const auto& [column, type] : expected.columns) {
      const auto column_found = actual.columns.find(column);
      if (column_found == actual.columns.end())
        problems.push_back(expected.type + ' ' + expected.name + ": column " + column + " is missing");
      else if (column_found->second != type)
        problems.push_back(expected.type + ' ' + expected.name + ": column " + column + " is " + column_found->second +
                           ", not " + type);
    }
  }
  if (missing == expected_objects.size())
    return {"schema version " + std::to_string(version) + " without any of its tables"};
  return problems;
}

}  // namespace gemmtune::db
