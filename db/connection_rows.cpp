// Row-level SQL shared by the Database's files: upserts, inserts and row readers.
#include "db/connection_rows.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>

#include "core/kernel_config.hpp"
#include "db/device_keys.hpp"

namespace gemmtune::db {
namespace {

std::int64_t single_id(SQLite::Statement& query) {
  if (!query.executeStep()) throw DatabaseError("a row just stored was not found");
  return query.getColumn(0).getInt64();
}

}  // namespace

const std::vector<std::string>& known_statuses() {
  static const std::vector<std::string> statuses{"ok",      "compile_error", "launch_error", "wrong_result",
                                                 "timeout", "invalid",       "crashed"};
  return statuses;
}

bool is_known_status(const std::string& status) {
  return std::ranges::find(known_statuses(), status) != known_statuses().end();
}

std::int64_t upsert_device(SQLite::Database& connection, const DeviceRecord& given, bool update_device) {
  const DeviceRecord device = with_computed_keys(given);  // the fields decide, whatever keys came with them
  const std::string conflict =
      update_device ? "ON CONFLICT (key) DO UPDATE SET model_key = excluded.model_key, platform = excluded.platform, "
                      "vendor = excluded.vendor, name = excluded.name, driver_version = excluded.driver_version, "
                      "opencl_c_version = excluded.opencl_c_version, type = excluded.type, "
                      "compute_units = excluded.compute_units, clock_mhz = excluded.clock_mhz, "
                      "global_mem_bytes = excluded.global_mem_bytes, local_mem_bytes = excluded.local_mem_bytes, "
                      "max_work_group_size = excluded.max_work_group_size, "
                      "architecture = CASE excluded.architecture WHEN '' THEN architecture ELSE excluded.architecture END"
                    : "ON CONFLICT (key) DO NOTHING";
  SQLite::Statement insert(connection,
                           "INSERT INTO devices (key, model_key, platform, vendor, name, driver_version, "
                           "opencl_c_version, type, compute_units, clock_mhz, global_mem_bytes, local_mem_bytes, "
                           "max_work_group_size, architecture) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) " +
                               conflict);
  insert.bind(1, device.key);
  insert.bind(2, device.model_key);
  insert.bind(3, device.platform);
  insert.bind(4, device.vendor);
  insert.bind(5, device.name);
  insert.bind(6, device.driver_version);
  insert.bind(7, device.opencl_c_version);
  insert.bind(8, device.type);
  insert.bind(9, device.compute_units);
  insert.bind(10, device.clock_mhz);
  insert.bind(11, static_cast<std::int64_t>(device.global_mem_bytes));
  insert.bind(12, static_cast<std::int64_t>(device.local_mem_bytes));
  insert.bind(13, static_cast<std::int64_t>(device.max_work_group_size));
  insert.bind(14, device.architecture);
  insert.exec();
  SQLite::Statement find(connection, "SELECT id FROM devices WHERE key = ?");
  find.bind(1, device.key);
  return single_id(find);
}

std::int64_t upsert_kernel(SQLite::Database& connection, const std::string& name, const std::string& hash) {
  SQLite::Statement insert(connection,
                           "INSERT INTO kernels (name, source_hash) VALUES (?, ?) ON CONFLICT DO NOTHING");
  insert.bind(1, name);
  insert.bind(2, hash);
  insert.exec();
  SQLite::Statement find(connection, "SELECT id FROM kernels WHERE name = ? AND source_hash = ?");
  find.bind(1, name);
  find.bind(2, hash);
  return single_id(find);
}

std::int64_t upsert_problem(SQLite::Database& connection, const ProblemRecord& problem) {
  SQLite::Statement insert(connection,
                           "INSERT INTO problems (precision, layout, trans, m, n, k) VALUES (?, ?, ?, ?, ?, ?) "
                           "ON CONFLICT DO NOTHING");
  bind_problem(insert, 1, problem);
  insert.exec();
  SQLite::Statement find(connection,
                         "SELECT id FROM problems WHERE precision = ? AND layout = ? AND trans = ? AND m = ? AND "
                         "n = ? AND k = ?");
  bind_problem(find, 1, problem);
  return single_id(find);
}

void bind_problem(SQLite::Statement& statement, int first, const ProblemRecord& problem) {
  statement.bind(first, problem.precision);
  statement.bind(first + 1, problem.layout);
  statement.bind(first + 2, problem.trans);
  statement.bind(first + 3, problem.m);
  statement.bind(first + 4, problem.n);
  statement.bind(first + 5, problem.k);
}

std::int64_t insert_session(SQLite::Database& connection, const StoredSession& session, std::int64_t device,
                            std::int64_t kernel) {
  SQLite::Statement insert(connection,
                           std::string("INSERT INTO sessions (uid, device_id, kernel_id, started_at, ended_at, "
                                       "command_line, strategy, seed, budget, time_limit, tool_version) VALUES "
                                       "(?, ?, ?, coalesce(?, ") + now_sql + "), ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, session.uid);
  insert.bind(2, device);
  insert.bind(3, kernel);
  if (session.started_at.empty()) insert.bind(4); else insert.bind(4, session.started_at);
  if (session.ended_at.empty()) insert.bind(5); else insert.bind(5, session.ended_at);
  insert.bind(6, session.record.command_line);
  insert.bind(7, session.record.strategy);
  insert.bind(8, static_cast<std::int64_t>(session.record.seed));
  insert.bind(9, session.record.budget);
  insert.bind(10, session.record.time_limit);
  insert.bind(11, session.record.tool_version);
  insert.exec();
  return connection.getLastInsertRowid();
}

bool insert_evaluation(SQLite::Database& connection, std::int64_t session, std::int64_t device, std::int64_t kernel,
                       std::int64_t problem, const EvaluationRecord& evaluation, const std::string& recorded_at) {
  SQLite::Statement insert(connection,
                           std::string("INSERT INTO evaluations (session_id, device_id, kernel_id, problem_id, "
                                       "config_key, config_json, status, runs, min_seconds, median_seconds, spread, "
                                       "gflops, compile_seconds, error, recorded_at) VALUES "
                                       "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, ") + now_sql + ")) "
                                       "ON CONFLICT (device_id, kernel_id, problem_id, config_key) DO NOTHING");
  if (session == 0) insert.bind(1); else insert.bind(1, session);
  insert.bind(2, device);
  insert.bind(3, kernel);
  insert.bind(4, problem);
  insert.bind(5, config_key(evaluation.config));
  insert.bind(6, config_json(evaluation.config));
  insert.bind(7, evaluation.status);
  insert.bind(8, evaluation.runs);
  insert.bind(9, evaluation.min_seconds);
  insert.bind(10, evaluation.median_seconds);
  insert.bind(11, evaluation.spread);
  insert.bind(12, evaluation.gflops);
  insert.bind(13, evaluation.compile_seconds);
  insert.bind(14, evaluation.error);
  if (recorded_at.empty()) insert.bind(15); else insert.bind(15, recorded_at);
  return insert.exec() == 1;
}

EvaluationRecord read_evaluation(SQLite::Statement& row, int first) {
  EvaluationRecord record;
  record.config = config_from_json(row.getColumn(first).getString());
  record.status = row.getColumn(first + 1).getString();
  record.runs = row.getColumn(first + 2).getInt();
  record.min_seconds = row.getColumn(first + 3).getDouble();
  record.median_seconds = row.getColumn(first + 4).getDouble();
  record.spread = row.getColumn(first + 5).getDouble();
  record.gflops = row.getColumn(first + 6).getDouble();
  record.compile_seconds = row.getColumn(first + 7).getDouble();
  record.error = row.getColumn(first + 8).getString();
  record.recorded_at = row.getColumn(first + 9).getString();
  return record;
}

DeviceRecord read_device(SQLite::Statement& row, int first) {
  DeviceRecord device;
  device.platform = row.getColumn(first).getString();
  device.vendor = row.getColumn(first + 1).getString();
  device.name = row.getColumn(first + 2).getString();
  device.driver_version = row.getColumn(first + 3).getString();
  device.opencl_c_version = row.getColumn(first + 4).getString();
  device.type = row.getColumn(first + 5).getString();
  device.compute_units = static_cast<std::uint32_t>(row.getColumn(first + 6).getInt64());
  device.clock_mhz = static_cast<std::uint32_t>(row.getColumn(first + 7).getInt64());
  device.global_mem_bytes = static_cast<std::uint64_t>(row.getColumn(first + 8).getInt64());
  device.local_mem_bytes = static_cast<std::uint64_t>(row.getColumn(first + 9).getInt64());
  device.max_work_group_size = static_cast<std::uint64_t>(row.getColumn(first + 10).getInt64());
  device.model_key = row.getColumn(first + 11).getString();
  device.key = row.getColumn(first + 12).getString();
  device.architecture = row.getColumn(first + 13).getString();
  return device;
}

std::string system_reason(SQLite::Database& connection, const SQLite::Exception& failure, int error_number) {
  // A short read is a truncated file, not a failed call; SQLITE_FULL comes without an errno.
  const int code = failure.getExtendedErrorCode();
  if (((code & 0xff) != SQLITE_IOERR && (code & 0xff) != SQLITE_CANTOPEN) || code == SQLITE_IOERR_SHORT_READ)
    return "";
  // SQLite records the errno for some failures only (not a failed commit's write).
  if (const int recorded = sqlite3_system_errno(connection.getHandle())) error_number = recorded;
  return error_number ? std::string(" (") + std::strerror(error_number) + ")" : "";
}

}  // namespace gemmtune::db
