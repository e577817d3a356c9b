// The tuning database: one SQLite file of devices, kernels, problems, sessions and evaluations.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/database_error.hpp"
#include "db/records.hpp"

namespace SQLite {
class Database;
}

namespace gemmtune::db {

// The best (lowest median time) status-ok configuration of one device, kernel and problem.
struct TunedBest {
  ProblemRecord problem;
  KernelConfig config;
  double gflops = 0;
  double median_seconds = 0;
  std::string device_key, driver_version;
  std::string kernel_name, kernel_hash, config_key;
  double min_seconds = 0, spread = 0;
  int runs = 0;
};

// What list shows per device, kernel and problem.
struct ProblemSummary {
  std::string device_key, device_name, driver_version, kernel_name, kernel_hash;
  ProblemRecord problem;
  std::int64_t evaluations = 0, ok = 0;
  std::optional<TunedBest> best;
};

// What an import or a merge did. A conflict is an evaluation whose key (device, kernel, problem,
// configuration) is already stored with different results; the stored one is kept.
struct ImportReport {
  std::int64_t inserted = 0, duplicates = 0;
  std::vector<std::string> conflicts;  // one line each
};

// What a merge did with crossovers: one per device and precision, the first one kept.
struct CrossoverImportReport {
  std::int64_t inserted = 0, duplicates = 0;
  std::vector<std::string> conflicts;  // one line each
};

// Owns one connection. Every throw is a gemmtune::DatabaseError (DatabaseFileError when the file
// itself is unusable, raised before anything is written). Not for concurrent use from several
// threads: give each thread its own Database (several processes on one file are fine: WAL mode and
// a 10 s busy timeout, and every write is its own IMMEDIATE transaction).
class Database {
 public:
  enum class Mode { ReadOnly, ReadWrite };

  // ReadWrite creates the file and its parent directories if missing, switches to WAL and applies
  // the migrations. ReadOnly never writes the file; a missing file is a DatabaseFileError, and an
  // older schema version is read through a migrated private copy (schema.hpp, migrated_copy()).
  // A file that is not SQLite, another program's SQLite database, a schema newer than this build,
  // a schema lacking part of what its version promises (db/schema_check.hpp), or (ReadWrite) a file
  // that cannot be written: DatabaseFileError, one line, the file untouched.
  Database(const std::filesystem::path& path, Mode mode);
  // Read-only like ReadOnly, but the file as it is: an older version is not migrated and an
  // incomplete schema is not refused, so that only the checks (schema_version(),
  // schema_problems(), integrity_check()) may read it: for `db check`.
  static Database for_check(const std::filesystem::path& path);

  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;
  ~Database();

  const std::filesystem::path& path() const { return path_; }
  int schema_version() const;
  // What the file lacks of the schema its version promises, one line each; empty when complete.
  std::vector<std::string> schema_problems() const;
  // PRAGMA integrity_check: {"ok"} when sound, else SQLite's list of problems, or the one that
  // stopped its check (SQLITE_CORRUPT: "database disk image is malformed").
  std::vector<std::string> integrity_check() const;
  // DatabaseFileError naming the first problem of PRAGMA quick_check (in time linear in the file):
  // a page overwritten reads as sound until a query meets it, so a writer that starts a long
  // session checks first, through for_check(), rather than fail at its first write (opening a file
  // ReadWrite already writes: WAL, migrations).
  void refuse_if_damaged() const;

  // Upserts: the row's id, inserting it if new. device_id() updates the fields not in the key.
  std::int64_t device_id(const DeviceRecord& device);
  std::int64_t kernel_id(const std::string& name, const std::string& source_hash);
  std::int64_t problem_id(const ProblemRecord& problem);

  std::int64_t begin_session(const SessionRecord& session, std::int64_t device, std::int64_t kernel);  // started now
  void end_session(std::int64_t session);  // ended now

  // Commits at once (its own transaction), so a killed tuner loses at most the evaluation in flight.
  // The first evaluation of a key (device, kernel, problem, configuration) is kept: recording the
  // same key again changes nothing and returns false. recorded_at is set to now.
  bool record(std::int64_t session, std::int64_t device, std::int64_t kernel, std::int64_t problem,
              const EvaluationRecord& evaluation);

  // Everything recorded for this device, kernel and problem, oldest first (to resume a session).
  std::vector<EvaluationRecord> evaluations(std::int64_t device, std::int64_t kernel, std::int64_t problem) const;

  // The dispatcher's queries. Only status ok counts, only results of this kernel family and source
  // hash are returned.
  // Exact device, kernel and problem.
  std::optional<TunedBest> best(const std::string& device_key, const KernelVersion& kernel,
                                const ProblemRecord& problem) const;
  // Every device of this vendor and type: the best per device and problem of this precision,
  // layout and transpositions, by GFLOP/s, highest first.
  std::vector<TunedBest> best_for_vendor_type(const std::string& vendor, const std::string& type,
                                              const KernelVersion& kernel, const std::string& precision,
                                              const std::string& layout, const std::string& trans) const;

  // The `per_problem` fastest ok configurations of every problem of this device, kernel family
  // and source hash, precision and layout, all transpositions: what the performance model learns
  // from and chooses among. Ordered by m, n, k, transpositions, then time.
  std::vector<TunedBest> leading_configs(const std::string& device_key, const KernelVersion& kernel,
                                         const std::string& precision, const std::string& layout,
                                         int per_problem) const;

  // This device's best per kernel version and problem of this precision, any layout and
  // transpositions, by GFLOP/s, highest first: what a tuning session seeds a new problem with.
  std::vector<TunedBest> device_winners(const std::string& device_key, const std::string& precision) const;

  // Inspection (gemmtune db).
  std::vector<DeviceRecord> devices() const;  // by id
  std::vector<ProblemSummary> problem_summaries() const;
  // The `limit` fastest ok configurations of one device, kernel family and problem over every
  // source hash of the family.
  std::vector<TunedBest> top_configs(const std::string& device_key, const std::string& kernel_name,
                                     const ProblemRecord& problem, int limit) const;

  // Every evaluation with what it refers to, in insertion order (export, merge).
  std::vector<StoredEvaluation> all_evaluations() const;
  // Adds evaluations (keeping their times and sessions) in one transaction; duplicates skipped,
  // conflicts reported and the stored evaluation kept. Throws InvalidArgument, writing nothing,
  // when one of them fails invalid_evaluation() (db/record_validation.hpp).
  ImportReport import(const std::vector<StoredEvaluation>& evaluations);

  // The drop-in BLAS's crossovers (db/crossovers.cpp). record_crossover() stores the device (as
  // device_id() does) and replaces the entry of its precision, in one transaction; measured_at is
  // set to now. Throws InvalidArgument, writing nothing, for a record invalid_crossover() refuses.
  void record_crossover(const DeviceRecord& device, const CrossoverRecord& crossover);
  std::optional<CrossoverRecord> crossover(const std::string& device_key, const std::string& precision) const;
  // Every crossover, by device id then precision.
  std::vector<StoredCrossover> all_crossovers() const;
  // Adds crossovers keeping their times, in one transaction; an entry for a device and precision
  // already stored is a duplicate when identical, else a conflict, and the stored one is kept.
  CrossoverImportReport import_crossovers(const std::vector<StoredCrossover>& crossovers);

 private:
  Database(const std::filesystem::path& path, Mode mode, bool file_as_it_is);
  std::int64_t session_id(const StoredSession& session, std::int64_t device, std::int64_t kernel);
  std::string name() const;  // for messages
  // The rows of PRAGMA `pragma` (integrity_check, quick_check), or the SQLITE_CORRUPT that stopped it.
  std::vector<std::string> checked_by(const std::string& pragma) const;

  std::unique_ptr<SQLite::Database> connection_;
  std::filesystem::path path_;
};

}  // namespace gemmtune::db
