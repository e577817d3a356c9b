// Row-level SQL shared by the Database's files: upserts and inserts without their own transaction,
// row readers, and the SQLite-to-DatabaseError translation. Internal to db/.
#pragma once

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>

#include <cerrno>
#include <cstdint>
#include <string>

#include "db/records.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::db {

// SQL for the current time as stored: ISO-8601 UTC with milliseconds.
inline constexpr const char* now_sql = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

// Runs body, turning SQLite's exceptions into DatabaseError naming the file and the action.
template <typename Body>
auto guarded(const std::string& name, const char* action, Body&& body) {
  try {
    return body();
  } catch (const SQLite::Exception& failure) {
    throw DatabaseError(name + ": " + action + ": " + failure.what());
  }
}

// The operating system's reason for an I/O error of `connection`, as " (File too large)"; "" for
// other errors. `error_number`: errno as the failure left it, for when SQLite kept none.
std::string system_reason(SQLite::Database& connection, const SQLite::Exception& failure, int error_number);

// As above, adding the operating system's reason to an I/O error ("disk I/O error (File too
// large)"): SQLite's own message does not say whether the disk failed, is full or a limit was hit.
template <typename Body>
auto guarded(SQLite::Database& connection, const std::string& name, const char* action, Body&& body) {
  errno = 0;  // so that what the failure leaves is its own
  try {
    return body();
  } catch (const SQLite::Exception& failure) {
    const int error_number = errno;
    throw DatabaseError(name + ": " + action + ": " + failure.what() +
                        system_reason(connection, failure, error_number));
  }
}

// The callers hold the transaction. upsert_device computes the keys from the device's fields.
// update_device: overwrite the fields outside the key (a live fingerprint) or keep the stored ones
// (an import, where the first seen is kept).
std::int64_t upsert_device(SQLite::Database& connection, const DeviceRecord& device, bool update_device);
std::int64_t upsert_kernel(SQLite::Database& connection, const std::string& name, const std::string& hash);
std::int64_t upsert_problem(SQLite::Database& connection, const ProblemRecord& problem);

// Binds precision, layout, trans, m, n and k to the six parameters starting at `first`.
void bind_problem(SQLite::Statement& statement, int first, const ProblemRecord& problem);
// started_at empty: now.
std::int64_t insert_session(SQLite::Database& connection, const StoredSession& session, std::int64_t device,
                            std::int64_t kernel);
// session 0: none. recorded_at empty: now. False when the key was already stored (nothing changed).
bool insert_evaluation(SQLite::Database& connection, std::int64_t session, std::int64_t device,
                       std::int64_t kernel, std::int64_t problem, const EvaluationRecord& evaluation,
                       const std::string& recorded_at);

// The columns read_evaluation() expects, in order, as a SELECT list over evaluations.
inline constexpr const char* evaluation_columns =
    "config_json, status, runs, min_seconds, median_seconds, spread, gflops, compile_seconds, error, recorded_at";
EvaluationRecord read_evaluation(SQLite::Statement& row, int first_column);

// The columns read_device() expects over devices (aliased d).
inline constexpr const char* device_columns =
    "d.platform, d.vendor, d.name, d.driver_version, d.opencl_c_version, d.type, d.compute_units, d.clock_mhz, "
    "d.global_mem_bytes, d.local_mem_bytes, d.max_work_group_size, d.model_key, d.key, d.architecture";
DeviceRecord read_device(SQLite::Statement& row, int first_column);

}  // namespace gemmtune::db
