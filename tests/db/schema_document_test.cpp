// db/SCHEMA.md describes the schema the migrations create: every table with every column, every
// index, the view's columns and the values of every CHECK ... IN list.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "db/schema.hpp"
#include "db_test_support.hpp"

namespace gemmtune::db {
namespace {

struct Object {
  std::string type, name, sql;
  std::vector<std::string> columns;
};

std::vector<Object> current_schema() {
  SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  for (const std::string& step : migrations()) reference.exec(step);
  std::vector<Object> objects;
  SQLite::Statement query(reference, "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'");
  while (query.executeStep()) {
    Object object{query.getColumn(0).getString(), query.getColumn(1).getString(), query.getColumn(2).getString(), {}};
    SQLite::Statement columns(reference, "SELECT name FROM pragma_table_info(?)");
    columns.bind(1, object.name);
    while (columns.executeStep()) object.columns.push_back(columns.getColumn(0).getString());
    objects.push_back(std::move(object));
  }
  return objects;
}

// The text from `heading` to the next heading of its level.
std::string section(const std::string& document, const std::string& heading) {
  const auto start = document.find("\n" + heading);
  if (start == std::string::npos) return "";
  const auto end = document.find("\n## ", start + 1);
  return document.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The row of the Markdown table that starts with the quoted name.
std::string row_of(const std::string& text, const std::string& name) {
  const auto start = text.find("\n| `" + name + "` |");
  if (start == std::string::npos) return "";
  return text.substr(start, text.find('\n', start + 1) - start);
}

bool mentions(const std::string& text, const std::string& name) {
  return text.find('`' + name + '`') != std::string::npos;
}

TEST(SchemaDocument, DescribesEveryTableColumnIndexViewAndCheckedValue) {
  const std::string document = testing::read_bytes(std::filesystem::path(GEMMTUNE_SOURCE_DIR) / "db/SCHEMA.md");
  const std::string tables = section(document, "## Tables (schema version " + std::to_string(current_schema_version()) + ")");
  ASSERT_FALSE(tables.empty()) << "no section for schema version " << current_schema_version();
  const std::string view_section = section(document, "## View `best_configs`");
  const std::regex checked_list(R"(CHECK \((\w+) IN \(([^)]*)\)\))");
  const std::regex listed_value(R"('([^']*)'|(\d+))");
  for (const Object& object : current_schema()) {
    if (object.type == "index") {
      EXPECT_TRUE(mentions(tables, object.name)) << "index " << object.name;
    } else if (object.type == "view") {
      EXPECT_FALSE(view_section.empty()) << "no section for view " << object.name;
      for (const std::string& column : object.columns)
        EXPECT_TRUE(mentions(view_section, column)) << "view " << object.name << ", column " << column;
    } else {
      const std::string row = row_of(tables, object.name);
      ASSERT_FALSE(row.empty()) << "no row for table " << object.name;
      for (const std::string& column : object.columns)
        EXPECT_TRUE(column == "id" || mentions(row, column)) << "table " << object.name << ", column " << column;
      for (std::sregex_iterator check(object.sql.begin(), object.sql.end(), checked_list), end; check != end; ++check) {
        const std::string values = (*check)[2];
        for (std::sregex_iterator value(values.begin(), values.end(), listed_value); value != end; ++value)
          EXPECT_TRUE(mentions(tables, (*value)[1].matched ? (*value)[1].str() : (*value)[2].str()))
              << "table " << object.name << ", column " << (*check)[1] << ", value " << (*value)[0];
      }
    }
  }
}

}  // namespace
}  // namespace gemmtune::db
