// The schema's migrations: ordered SQL steps keyed by PRAGMA user_version. Documented in SCHEMA.md.
#include "db/schema.hpp"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <string>
#include <string_view>
#include <vector>

#include "db/database_error.hpp"
#include "db/migration_device_keys.hpp"
#include "db/schema_check.hpp"

namespace gemmtune::db {
namespace {

// The best configuration per device, kernel and problem, as version 1 made it. The steps that
// rebuild a table it reads drop it first and make it again from this text, which is never edited:
// a view that changes is a step of its own.
constexpr std::string_view best_configs_view = R"sql(
CREATE VIEW best_configs AS
SELECT e.device_id, e.kernel_id, e.problem_id, e.id AS evaluation_id,
       d.key AS device_key, d.model_key, d.vendor, d.type, d.name AS device_name, d.driver_version,
       k.name AS kernel_name, k.source_hash AS kernel_hash,
       p.precision, p.layout, p.trans, p.m, p.n, p.k,
       e.config_key, e.config_json, e.gflops, e.median_seconds, e.min_seconds, e.spread, e.runs,
       e.recorded_at
FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY device_id, kernel_id, problem_id
                                   ORDER BY median_seconds ASC, id ASC) AS rank
      FROM evaluations WHERE status = 'ok') AS e
JOIN devices d ON d.id = e.device_id
JOIN kernels k ON k.id = e.kernel_id
JOIN problems p ON p.id = e.problem_id
WHERE e.rank = 1;
)sql";

// Version 1: the first schema (and best_configs_view).
constexpr std::string_view version_1_tables = R"sql(
CREATE TABLE devices (
  id                  INTEGER PRIMARY KEY,
  key                 TEXT    NOT NULL UNIQUE,
  model_key           TEXT    NOT NULL,
  platform            TEXT    NOT NULL,
  vendor              TEXT    NOT NULL,
  name                TEXT    NOT NULL,
  driver_version      TEXT    NOT NULL,
  opencl_c_version    TEXT    NOT NULL,
  type                TEXT    NOT NULL,
  compute_units       INTEGER NOT NULL,
  clock_mhz           INTEGER NOT NULL,
  global_mem_bytes    INTEGER NOT NULL,
  local_mem_bytes     INTEGER NOT NULL,
  max_work_group_size INTEGER NOT NULL
);
CREATE INDEX devices_by_model ON devices(model_key);
CREATE INDEX devices_by_vendor_type ON devices(vendor, type);

CREATE TABLE kernels (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  UNIQUE (name, source_hash)
);

CREATE TABLE problems (
  id        INTEGER PRIMARY KEY,
  precision INTEGER NOT NULL CHECK (precision IN (32, 64)),
  layout    TEXT    NOT NULL CHECK (layout IN ('row', 'col')),
  trans     TEXT    NOT NULL CHECK (trans IN ('NN', 'NT', 'TN', 'TT')),
  m         INTEGER NOT NULL CHECK (m > 0),
  n         INTEGER NOT NULL CHECK (n > 0),
  k         INTEGER NOT NULL CHECK (k > 0),
  UNIQUE (precision, layout, trans, m, n, k)
);

CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  uid          TEXT    NOT NULL UNIQUE,
  device_id    INTEGER NOT NULL REFERENCES devices(id),
  kernel_id    INTEGER NOT NULL REFERENCES kernels(id),
  started_at   TEXT    NOT NULL,
  ended_at     TEXT,
  command_line TEXT    NOT NULL,
  strategy     TEXT    NOT NULL,
  seed         INTEGER NOT NULL,
  budget       INTEGER NOT NULL,
  time_limit   REAL    NOT NULL,
  tool_version TEXT    NOT NULL
);

CREATE TABLE evaluations (
  id              INTEGER PRIMARY KEY,
  session_id      INTEGER REFERENCES sessions(id),
  device_id       INTEGER NOT NULL REFERENCES devices(id),
  kernel_id       INTEGER NOT NULL REFERENCES kernels(id),
  problem_id      INTEGER NOT NULL REFERENCES problems(id),
  config_key      TEXT    NOT NULL,
  config_json     TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('ok', 'compile_error', 'launch_error',
                                                     'wrong_result', 'timeout', 'invalid')),
  runs            INTEGER NOT NULL,
  min_seconds     REAL    NOT NULL,
  median_seconds  REAL    NOT NULL,
  spread          REAL    NOT NULL,
  gflops          REAL    NOT NULL,
  compile_seconds REAL    NOT NULL,
  error           TEXT    NOT NULL DEFAULT '',
  recorded_at     TEXT    NOT NULL,
  UNIQUE (device_id, kernel_id, problem_id, config_key)
);
CREATE INDEX evaluations_by_session ON evaluations(session_id);
)sql";

// Version 2 (and best_configs_view): precisions by name ('fp32', 'fp64', ...) from the precision
// table, since FP16 and BF16 have the same width. SQLite changes a CHECK only by rebuilding the
// table (foreign keys are off meanwhile and checked before the commit; see migrate()).
constexpr std::string_view version_2_tables = R"sql(
DROP VIEW best_configs;
CREATE TABLE problems_by_name (
  id        INTEGER PRIMARY KEY,
  precision TEXT    NOT NULL CHECK (precision IN ('fp16', 'bf16', 'tf32', 'fp32', '3xtf32', 'fp64')),
  layout    TEXT    NOT NULL CHECK (layout IN ('row', 'col')),
  trans     TEXT    NOT NULL CHECK (trans IN ('NN', 'NT', 'TN', 'TT')),
  m         INTEGER NOT NULL CHECK (m > 0),
  n         INTEGER NOT NULL CHECK (n > 0),
  k         INTEGER NOT NULL CHECK (k > 0),
  UNIQUE (precision, layout, trans, m, n, k)
);
INSERT INTO problems_by_name (id, precision, layout, trans, m, n, k)
  SELECT id, CASE precision WHEN 64 THEN 'fp64' ELSE 'fp32' END, layout, trans, m, n, k FROM problems;
DROP TABLE problems;
ALTER TABLE problems_by_name RENAME TO problems;
)sql";

}  // namespace

// Version 4: the device's architecture as the driver reports it, for the sibling level of the
// dispatcher's chain; '' for devices recorded before.
constexpr std::string_view device_architecture = R"sql(
ALTER TABLE devices ADD COLUMN architecture TEXT NOT NULL DEFAULT '';
)sql";

// Version 5 (and best_configs_view): 'crashed', the status of a candidate whose evaluating process
// died. SQLite changes a CHECK only by rebuilding the table; the view on it is dropped and made
// again, unchanged.
constexpr std::string_view crashed_status_table = R"sql(
DROP VIEW best_configs;
CREATE TABLE evaluations_with_crashed (
  id              INTEGER PRIMARY KEY,
  session_id      INTEGER REFERENCES sessions(id),
  device_id       INTEGER NOT NULL REFERENCES devices(id),
  kernel_id       INTEGER NOT NULL REFERENCES kernels(id),
  problem_id      INTEGER NOT NULL REFERENCES problems(id),
  config_key      TEXT    NOT NULL,
  config_json     TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('ok', 'compile_error', 'launch_error',
                                                     'wrong_result', 'timeout', 'invalid', 'crashed')),
  runs            INTEGER NOT NULL,
  min_seconds     REAL    NOT NULL,
  median_seconds  REAL    NOT NULL,
  spread          REAL    NOT NULL,
  gflops          REAL    NOT NULL,
  compile_seconds REAL    NOT NULL,
  error           TEXT    NOT NULL DEFAULT '',
  recorded_at     TEXT    NOT NULL,
  UNIQUE (device_id, kernel_id, problem_id, config_key)
);
INSERT INTO evaluations_with_crashed SELECT * FROM evaluations;
DROP TABLE evaluations;
ALTER TABLE evaluations_with_crashed RENAME TO evaluations;
CREATE INDEX evaluations_by_session ON evaluations(session_id);
)sql";

// Version 6: where the drop-in BLAS's device path overtakes the host BLAS, per device and
// precision, measured by `gemmtune crossover`. crossover NULL: the device was never faster up to
// largest_size. timings_json holds the measured times per size.
constexpr std::string_view blas_crossovers = R"sql(
CREATE TABLE blas_crossovers (
  id           INTEGER PRIMARY KEY,
  device_id    INTEGER NOT NULL REFERENCES devices(id),
  precision    TEXT    NOT NULL CHECK (precision IN ('fp32', 'fp64')),
  crossover    INTEGER CHECK (crossover > 0),
  largest_size INTEGER NOT NULL CHECK (largest_size > 0),
  repeats      INTEGER NOT NULL CHECK (repeats > 0),
  host_blas    TEXT    NOT NULL,
  timings_json TEXT    NOT NULL,
  measured_at  TEXT    NOT NULL,
  UNIQUE (device_id, precision)
);
)sql";

const std::vector<std::string>& migrations() {
  const auto with_view = [](std::string_view tables) { return std::string(tables) + std::string(best_configs_view); };
  static const std::vector<std::string> steps{with_view(version_1_tables),
                                              with_view(version_2_tables),
                                              std::string(device_keys_without_memory),
                                              std::string(device_architecture),
                                              with_view(crashed_status_table),
                                              std::string(blas_crossovers)};
  return steps;
}

int current_schema_version() { return static_cast<int>(migrations().size()); }

int schema_version(SQLite::Database& connection) {
  return connection.execAndGet("PRAGMA user_version").getInt();
}

namespace {

void refuse_newer(int version, const std::string& name) {
  if (version < 0) throw DatabaseFileError(name + ": not a gemmtune database (schema version " + std::to_string(version) + ")");
  if (version > current_schema_version())
    throw DatabaseFileError(name + ": schema version " + std::to_string(version) +
                            " is newer than this build's (" + std::to_string(current_schema_version()) +
                            "); use a newer gemmtune");
}

// Version 0 with tables of its own is some other program's database: leave it alone.
void refuse_foreign(SQLite::Database& connection, const std::string& name) {
  if (schema_version(connection) == 0 &&
      connection.execAndGet("SELECT count(*) FROM sqlite_master").getInt64() > 0)
    throw DatabaseFileError(name + ": an SQLite database of another program (schema version 0 with tables)");
}

}  // namespace

void refuse_unusable(SQLite::Database& connection, const std::string& name) {
  refuse_newer(schema_version(connection), name);
  refuse_foreign(connection, name);
  if (const auto missing = schema_problems(connection); !missing.empty())
    throw DatabaseFileError(name + ": not a gemmtune database, or a damaged one: " + missing.front() +
                            "; gemmtune db check lists every problem");
}

void migrate(SQLite::Database& connection, const std::string& name) {
  refuse_unusable(connection, name);
  if (schema_version(connection) == current_schema_version()) return;
  // A step may rebuild a table that others reference: foreign keys are enforced again, and checked,
  // once every step has run (the pragma has no effect inside a transaction).
  connection.exec("PRAGMA foreign_keys = OFF");
  SQLite::Transaction transaction(connection, SQLite::TransactionBehavior::IMMEDIATE);
  const int version = schema_version(connection);
  refuse_newer(version, name);  // another process may have migrated past us meanwhile
  if (version == 0) refuse_foreign(connection, name);
  for (int step = version; step < current_schema_version(); ++step)
    connection.exec(migrations()[static_cast<std::size_t>(step)]);
  if (connection.execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt64() != 0)
    throw DatabaseError(name + ": migrating the schema would break a reference between tables");
  connection.exec("PRAGMA user_version = " + std::to_string(current_schema_version()));
  transaction.commit();
  connection.exec("PRAGMA foreign_keys = ON");
}

std::unique_ptr<SQLite::Database> migrated_copy(SQLite::Database& connection, const std::string& name) {
  auto copy = std::make_unique<SQLite::Database>("", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  SQLite::Backup(*copy, connection).executeStep();  // every page in one step: one consistent read
  migrate(*copy, name);
  return copy;
}

}  // namespace gemmtune::db
