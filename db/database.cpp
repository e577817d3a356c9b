// The tuning database: opening (checks, WAL, migrations) and the writes of the tuner.
#include "db/database.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

#include "core/kernel_config.hpp"
#include "db/connection_rows.hpp"
#include "db/schema.hpp"
#include "db/schema_check.hpp"

namespace gemmtune::db {
namespace fs = std::filesystem;

namespace {

// Long enough for another tuner's single-evaluation transaction, short enough to report a stuck lock.
constexpr int busy_timeout_ms = 10'000;

std::string random_uid() {
  std::random_device entropy;
  std::mt19937_64 generator((static_cast<std::uint64_t>(entropy()) << 32) ^ entropy());
  static constexpr char digits[] = "0123456789abcdef";
  std::string uid;
  for (int i = 0; i < 32; ++i) uid += digits[generator() & 15];
  return uid;
}

int primary_code(const SQLite::Exception& failure) { return failure.getErrorCode() & 0xff; }

// SQLite answers BUSY without calling the busy handler in a few places, all at opening: switching
// to WAL, or reading a WAL index that another process is creating. Retry those until the timeout.
template <typename Step>
auto retry_while_busy(Step&& step) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(busy_timeout_ms);
  for (;;) {
    try {
      return step();
    } catch (const SQLite::Exception& failure) {
      const int code = primary_code(failure);
      if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) || std::chrono::steady_clock::now() > deadline) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Opens the connection after the checks that need no SQLite; nothing is written here.
std::unique_ptr<SQLite::Database> open_connection(const fs::path& path, Database::Mode mode) {
  const std::string shown = path.string();
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  const bool exists = fs::exists(status);
  if (exists && !fs::is_regular_file(status)) throw DatabaseFileError(shown + ": not a regular file");
  if (mode == Database::Mode::ReadOnly && !exists) throw DatabaseFileError(shown + ": no such database file");
  if (mode == Database::Mode::ReadWrite && !exists && path.has_parent_path()) {
    fs::create_directories(path.parent_path(), error);
    if (error)
      throw DatabaseFileError(shown + ": cannot create directory " + path.parent_path().string() + ": " + error.message());
  }
  if (mode == Database::Mode::ReadWrite && exists) {
    // Checked here for a clear message: SQLite would open such a file read-only and fail later.
    const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
    if (access(path.c_str(), W_OK) != 0) throw DatabaseFileError(shown + ": not writable (permission denied)");
    if (access(directory.c_str(), W_OK | X_OK) != 0)
      throw DatabaseFileError(shown + ": not writable: its directory is read-only (SQLite keeps -wal and -shm files beside it)");
  }
  const int flags = mode == Database::Mode::ReadOnly ? SQLite::OPEN_READONLY
                                                     : SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE;
  try {
    return std::make_unique<SQLite::Database>(path, flags, busy_timeout_ms);
  } catch (const SQLite::Exception& failure) {
    throw DatabaseFileError(shown + ": cannot open: " + failure.what());
  }
}

// A WAL database in a directory the reader cannot write (a shared, system-wide file) cannot be
// read the normal way: the reader must create the -shm file. Nobody can be writing it then, so it
// is read as immutable.
std::unique_ptr<SQLite::Database> open_immutable(const fs::path& path) {
  std::string uri = "file:";
  for (const char c : fs::absolute(path).string()) {
    if (c == '?' || c == '#' || c == '%') {
      static constexpr char digits[] = "0123456789ABCDEF";
      uri += '%';
      uri += digits[(static_cast<unsigned char>(c) >> 4) & 15];
      uri += digits[static_cast<unsigned char>(c) & 15];
    } else {
      uri += c;
    }
  }
  uri += "?immutable=1";
  return std::make_unique<SQLite::Database>(uri, SQLite::OPEN_READONLY | SQLite::OPEN_URI, busy_timeout_ms);
}

}  // namespace

Database::Database(const fs::path& path, Mode mode) : Database(path, mode, false) {}

Database Database::for_check(const fs::path& path) { return Database(path, Mode::ReadOnly, true); }

Database::Database(const fs::path& path, Mode mode, bool file_as_it_is) : path_(path) {
  connection_ = open_connection(path, mode);
  const std::string shown = name();
  int version = 0;
  try {
    try {
      version = retry_while_busy([&] { return db::schema_version(*connection_); });  // the first read of the file
    } catch (const SQLite::Exception& failure) {
      const int code = primary_code(failure);
      if (mode != Mode::ReadOnly || (code != SQLITE_READONLY && code != SQLITE_CANTOPEN)) throw;
      connection_ = open_immutable(path);
      version = db::schema_version(*connection_);
    }
  } catch (const SQLite::Exception& failure) {
    const int code = primary_code(failure);
    if (code == SQLITE_NOTADB) throw DatabaseFileError(shown + ": not an SQLite database (" + failure.what() + ")");
    const std::string message = shown + ": cannot read: " + failure.what() + system_reason(*connection_, failure, errno);
    // A failing disk (or a full one, where SQLite cannot make its shared-memory file) is no fault of
    // the file's: a failure (exit code 1), not bad input.
    if (code == SQLITE_IOERR || code == SQLITE_FULL) throw DatabaseError(message);
    throw DatabaseFileError(message);
  }
  if (mode == Mode::ReadOnly) {
    if (version < 0) throw DatabaseFileError(shown + ": not a gemmtune database (schema version " + std::to_string(version) + ")");
    if (version > current_schema_version())
      throw DatabaseFileError(shown + ": schema version " + std::to_string(version) + " is newer than this build's (" +
                              std::to_string(current_schema_version()) + "); use a newer gemmtune");
    if (version == 0) throw DatabaseFileError(shown + ": not a gemmtune database (schema version 0)");
    if (file_as_it_is) return;  // the checks read the file as it is, whatever it lacks
    try {
      retry_while_busy([&] {
        // Refused here in one line, rather than by SQLite at the first query that meets a missing part.
        refuse_unusable(*connection_, shown);
        // An older file is read as this build would migrate it; the file itself is never written.
        if (version < current_schema_version()) connection_ = migrated_copy(*connection_, shown);
      });
    } catch (const SQLite::Exception& failure) {
      throw DatabaseFileError(shown + ": cannot read: " + failure.what());
    }
    return;
  }
  if (sqlite3_db_readonly(connection_->getHandle(), "main") == 1) throw DatabaseFileError(shown + ": not writable");
  try {
    retry_while_busy([&] {
      refuse_unusable(*connection_, shown);  // before WAL is switched on: that rewrites the header
      // WAL lets readers run beside one writer; synchronous FULL keeps every committed evaluation
      // through a power loss.
      connection_->exec("PRAGMA journal_mode = WAL");
      connection_->exec("PRAGMA synchronous = FULL");
      connection_->exec("PRAGMA foreign_keys = ON");
      migrate(*connection_, shown);
    });
  } catch (const SQLite::Exception& failure) {
    const int code = primary_code(failure);
    if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM || code == SQLITE_NOTADB)
      throw DatabaseFileError(shown + ": cannot write: " + failure.what());
    throw DatabaseError(shown + ": " + failure.what());
  }
}

Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

std::string Database::name() const { return path_.string(); }

int Database::schema_version() const {
  return guarded(*connection_, name(), "reading the schema version",
                 [&] { return db::schema_version(*connection_); });
}

std::vector<std::string> Database::schema_problems() const {
  return guarded(name(), "checking the schema", [&] { return db::schema_problems(*connection_); });
}

std::vector<std::string> Database::integrity_check() const { return checked_by("integrity_check"); }

void Database::refuse_if_damaged() const {
  if (const auto problems = checked_by("quick_check"); problems != std::vector<std::string>{"ok"}) {
    std::string first = problems.front();  // SQLite's lines ("*** in database main ***\nPage 2: ...") as one
    std::replace(first.begin(), first.end(), '\n', ' ');
    throw DatabaseFileError(name() + ": damaged (" + first + "; gemmtune db check lists what SQLite finds)");
  }
}

std::vector<std::string> Database::checked_by(const std::string& pragma) const {
  return guarded(*connection_, name(), "checking integrity", [&] {
    std::vector<std::string> problems;
    try {
      SQLite::Statement query(*connection_, "PRAGMA " + pragma);
      while (query.executeStep()) problems.push_back(query.getColumn(0).getString());
    } catch (const SQLite::Exception& failure) {
      // Damage that stops SQLite's check part way (a page of a table overwritten) is what it found.
      if (primary_code(failure) != SQLITE_CORRUPT) throw;
      problems.push_back(failure.what());
    }
    return problems;
  });
}

std::int64_t Database::device_id(const DeviceRecord& device) {
  return guarded(*connection_, name(), "storing a device", [&] {
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    const std::int64_t id = upsert_device(*connection_, device, true);
    transaction.commit();
    return id;
  });
}

std::int64_t Database::kernel_id(const std::string& kernel_name, const std::string& source_hash) {
  return guarded(*connection_, name(), "storing a kernel", [&] {
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    const std::int64_t id = upsert_kernel(*connection_, kernel_name, source_hash);
    transaction.commit();
    return id;
  });
}

std::int64_t Database::problem_id(const ProblemRecord& problem) {
  return guarded(*connection_, name(), "storing a problem", [&] {
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    const std::int64_t id = upsert_problem(*connection_, problem);
    transaction.commit();
    return id;
  });
}

std::int64_t Database::begin_session(const SessionRecord& session, std::int64_t device, std::int64_t kernel) {
  return guarded(*connection_, name(), "starting a session", [&] {
    StoredSession stored{session, random_uid(), "", ""};
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    const std::int64_t id = insert_session(*connection_, stored, device, kernel);
    transaction.commit();
    return id;
  });
}

void Database::end_session(std::int64_t session) {
  guarded(*connection_, name(), "ending a session", [&] {
    SQLite::Statement update(*connection_, "UPDATE sessions SET ended_at = " + std::string(now_sql) + " WHERE id = ?");
    update.bind(1, session);
    if (update.exec() != 1) throw DatabaseError(name() + ": no session " + std::to_string(session));
    return 0;
  });
}

bool Database::record(std::int64_t session, std::int64_t device, std::int64_t kernel, std::int64_t problem,
                      const EvaluationRecord& evaluation) {
  if (!is_known_status(evaluation.status))
    throw DatabaseError(name() + ": unknown evaluation status '" + evaluation.status + "'");
  return guarded(*connection_, name(), "recording an evaluation", [&] {
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    const bool inserted = insert_evaluation(*connection_, session, device, kernel, problem, evaluation, "");
    transaction.commit();
    return inserted;
  });
}

std::vector<EvaluationRecord> Database::evaluations(std::int64_t device, std::int64_t kernel,
                                                    std::int64_t problem) const {
  return guarded(*connection_, name(), "reading evaluations", [&] {
    SQLite::Statement query(*connection_, std::string("SELECT ") + evaluation_columns +
                                              " FROM evaluations WHERE device_id = ? AND kernel_id = ? AND "
                                              "problem_id = ? ORDER BY id");
    query.bind(1, device);
    query.bind(2, kernel);
    query.bind(3, problem);
    std::vector<EvaluationRecord> records;
    while (query.executeStep()) records.push_back(read_evaluation(query, 0));
    return records;
  });
}

std::int64_t Database::session_id(const StoredSession& session, std::int64_t device, std::int64_t kernel) {
  SQLite::Statement find(*connection_, "SELECT id FROM sessions WHERE uid = ?");
  find.bind(1, session.uid);
  if (find.executeStep()) return find.getColumn(0).getInt64();
  return insert_session(*connection_, session, device, kernel);
}

}  // namespace gemmtune::db
