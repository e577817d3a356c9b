// A tuning database of schema version 1 as the first builds wrote it (precisions as bit widths,
// device keys holding the global memory size), for the tests that read and migrate old files.
#pragma once

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "core/kernel_config.hpp"
#include "db/records.hpp"
#include "db/schema.hpp"

namespace gemmtune::db::testing {

// The model key before schema version 3: it ended with the global memory size.
inline std::string version1_model_key(const DeviceRecord& d) {
  return d.vendor + '|' + d.name + '|' + std::to_string(d.compute_units) + "cu|" + std::to_string(d.global_mem_bytes) +
         'B';
}

// Writes the file while the object lives; each add_ returns the new row's id (1, 2, ... in order).
class Version1Database {
 public:
  explicit Version1Database(const std::filesystem::path& path)
      : raw_(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE) {
    raw_.exec(migrations().front());
    raw_.exec("PRAGMA user_version = 1");
  }

  std::int64_t add_device(const DeviceRecord& d) {
    SQLite::Statement insert(raw_,
                             "INSERT INTO devices (key, model_key, platform, vendor, name, driver_version, "
                             "opencl_c_version, type, compute_units, clock_mhz, global_mem_bytes, local_mem_bytes, "
                             "max_work_group_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, version1_model_key(d) + '|' + d.platform + '|' + d.driver_version + '|' + d.opencl_c_version);
    insert.bind(2, version1_model_key(d));
    insert.bind(3, d.platform);
    insert.bind(4, d.vendor);
    insert.bind(5, d.name);
    insert.bind(6, d.driver_version);
    insert.bind(7, d.opencl_c_version);
    insert.bind(8, d.type);
    insert.bind(9, d.compute_units);
    insert.bind(10, d.clock_mhz);
    insert.bind(11, static_cast<std::int64_t>(d.global_mem_bytes));
    insert.bind(12, static_cast<std::int64_t>(d.local_mem_bytes));
    insert.bind(13, static_cast<std::int64_t>(d.max_work_group_size));
    insert.exec();
    return raw_.getLastInsertRowid();
  }

  std::int64_t add_kernel(const std::string& name, const std::string& source_hash) {
    SQLite::Statement insert(raw_, "INSERT INTO kernels (name, source_hash) VALUES (?, ?)");
    insert.bind(1, name);
    insert.bind(2, source_hash);
    insert.exec();
    return raw_.getLastInsertRowid();
  }

  // "fp64" is stored as 64, every other precision as 32: version 1 knew only those two.
  std::int64_t add_problem(const ProblemRecord& p) {
    SQLite::Statement insert(raw_, "INSERT INTO problems (precision, layout, trans, m, n, k) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, p.precision == "fp64" ? 64 : 32);
    insert.bind(2, p.layout);
    insert.bind(3, p.trans);
    insert.bind(4, p.m);
    insert.bind(5, p.n);
    insert.bind(6, p.k);
    insert.exec();
    problems_[raw_.getLastInsertRowid()] = p;
    return raw_.getLastInsertRowid();
  }

  std::int64_t add_session(std::int64_t device, std::int64_t kernel, const std::string& uid) {
    SQLite::Statement insert(raw_,
                             "INSERT INTO sessions (uid, device_id, kernel_id, started_at, command_line, strategy, "
                             "seed, budget, time_limit, tool_version) VALUES (?, ?, ?, '2026-11-22T10:00:00.000Z', "
                             "'tune', 'random', 1, 9, 0, '0.1.0')");
    insert.bind(1, uid);
    insert.bind(2, device);
    insert.bind(3, kernel);
    insert.exec();
    return raw_.getLastInsertRowid();
  }

  // An ok evaluation of `config` whose runs all took `seconds`; session 0 is none.
  void add_evaluation(std::int64_t device, std::int64_t kernel, std::int64_t problem, std::int64_t session,
                      const KernelConfig& config, double seconds) {
    const ProblemRecord& p = problems_.at(problem);
    SQLite::Statement insert(raw_,
                             "INSERT INTO evaluations (session_id, device_id, kernel_id, problem_id, config_key, "
                             "config_json, status, runs, min_seconds, median_seconds, spread, gflops, "
                             "compile_seconds, recorded_at) VALUES (?, ?, ?, ?, ?, ?, 'ok', 3, ?, ?, 0, ?, 0.1, "
                             "'2026-11-22T10:00:00.000Z')");
    if (session) insert.bind(1, session); else insert.bind(1);
    insert.bind(2, device);
    insert.bind(3, kernel);
    insert.bind(4, problem);
    insert.bind(5, config_key(config));
    insert.bind(6, config_json(config));
    insert.bind(7, seconds);
    insert.bind(8, seconds);
    insert.bind(9, 2.0 * static_cast<double>(p.m) * static_cast<double>(p.n) * static_cast<double>(p.k) / seconds * 1e-9);
    insert.exec();
  }

 private:
  SQLite::Database raw_;
  std::map<std::int64_t, ProblemRecord> problems_;
};

}  // namespace gemmtune::db::testing
