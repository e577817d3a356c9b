// Whole-database reading and writing: devices, summaries, every evaluation, and import (merge).
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include "core/kernel_config.hpp"
#include "db/connection_rows.hpp"
#include "db/database.hpp"
#include "db/record_validation.hpp"

namespace gemmtune::db {
namespace {

std::string describe(const StoredEvaluation& stored) {
  const ProblemRecord& p = stored.problem;
  return "device '" + stored.device.key + "', kernel " + stored.kernel_name + ' ' + stored.kernel_hash + ", " +
         p.precision + ' ' + p.layout + ' ' + p.trans + ' ' + std::to_string(p.m) + 'x' +
         std::to_string(p.n) + 'x' + std::to_string(p.k) + ", config " + config_key(stored.evaluation.config);
}

std::string outcome(const EvaluationRecord& e) {
  return e.status + ' ' + std::to_string(e.gflops) + " GFLOP/s (median " + std::to_string(e.median_seconds) +
         " s, " + std::to_string(e.runs) + " runs)";
}

// Same measurement: everything but when it was recorded.
bool same_results(const EvaluationRecord& a, const EvaluationRecord& b) {
  return a.status == b.status && a.runs == b.runs && a.min_seconds == b.min_seconds &&
         a.median_seconds == b.median_seconds && a.spread == b.spread && a.gflops == b.gflops &&
         a.compile_seconds == b.compile_seconds && a.error == b.error;
}

}  // namespace

std::vector<DeviceRecord> Database::devices() const {
  return guarded(*connection_, name(), "reading devices", [&] {
    SQLite::Statement query(*connection_, std::string("SELECT ") + device_columns + " FROM devices d ORDER BY d.id");
    std::vector<DeviceRecord> devices;
    while (query.executeStep()) devices.push_back(read_device(query, 0));
    return devices;
  });
}

std::vector<ProblemSummary> Database::problem_summaries() const {
  return guarded(*connection_, name(), "summarising", [&] {
    SQLite::Statement query(
        *connection_,
        "SELECT d.key, d.name, d.driver_version, k.name, k.source_hash, p.precision, p.layout, p.trans, p.m, p.n, "
        "p.k, count(*), sum(e.status = 'ok'), b.config_json, b.gflops, b.median_seconds, b.config_key, "
        "b.min_seconds, b.spread, b.runs "
        "FROM evaluations e JOIN devices d ON d.id = e.device_id JOIN kernels k ON k.id = e.kernel_id "
        "JOIN problems p ON p.id = e.problem_id LEFT JOIN best_configs b ON b.device_id = e.device_id AND "
        "b.kernel_id = e.kernel_id AND b.problem_id = e.problem_id "
        "GROUP BY e.device_id, e.kernel_id, e.problem_id ORDER BY d.id, k.id, p.precision, p.layout, p.trans, "
        "p.m, p.n, p.k");
    std::vector<ProblemSummary> summaries;
    while (query.executeStep()) {
      ProblemSummary s;
      s.device_key = query.getColumn(0).getString();
      s.device_name = query.getColumn(1).getString();
      s.driver_version = query.getColumn(2).getString();
      s.kernel_name = query.getColumn(3).getString();
      s.kernel_hash = query.getColumn(4).getString();
      s.problem = {query.getColumn(5).getString(), query.getColumn(6).getString(), query.getColumn(7).getString(),
                   query.getColumn(8).getInt64(), query.getColumn(9).getInt64(), query.getColumn(10).getInt64()};
      s.evaluations = query.getColumn(11).getInt64();
      s.ok = query.getColumn(12).getInt64();
      if (!query.getColumn(13).isNull()) {
        TunedBest best;
        best.problem = s.problem;
        best.config = config_from_json(query.getColumn(13).getString());
        best.gflops = query.getColumn(14).getDouble();
        best.median_seconds = query.getColumn(15).getDouble();
        best.device_key = s.device_key;
        best.driver_version = s.driver_version;
        best.kernel_name = s.kernel_name;
        best.kernel_hash = s.kernel_hash;
        best.config_key = query.getColumn(16).getString();
        best.min_seconds = query.getColumn(17).getDouble();
        best.spread = query.getColumn(18).getDouble();
        best.runs = query.getColumn(19).getInt();
        s.best = best;
      }
      summaries.push_back(std::move(s));
    }
    return summaries;
  });
}

std::vector<StoredEvaluation> Database::all_evaluations() const {
  return guarded(*connection_, name(), "reading evaluations", [&] {
    SQLite::Statement query(
        *connection_,
        std::string("SELECT ") + device_columns +
            ", k.name, k.source_hash, p.precision, p.layout, p.trans, p.m, p.n, p.k, s.id, s.uid, s.started_at, "
            "coalesce(s.ended_at, ''), s.command_line, s.strategy, s.seed, s.budget, s.time_limit, s.tool_version, " +
            "e.config_json, e.status, e.runs, e.min_seconds, e.median_seconds, e.spread, e.gflops, e.compile_seconds, "
            "e.error, e.recorded_at FROM evaluations e JOIN devices d ON d.id = e.device_id "
            "JOIN kernels k ON k.id = e.kernel_id JOIN problems p ON p.id = e.problem_id "
            "LEFT JOIN sessions s ON s.id = e.session_id ORDER BY e.id");
    std::vector<StoredEvaluation> rows;
    while (query.executeStep()) {
      StoredEvaluation row;
      row.device = read_device(query, 0);
      row.kernel_name = query.getColumn(14).getString();
      row.kernel_hash = query.getColumn(15).getString();
      row.problem = {query.getColumn(16).getString(), query.getColumn(17).getString(), query.getColumn(18).getString(),
                     query.getColumn(19).getInt64(), query.getColumn(20).getInt64(), query.getColumn(21).getInt64()};
      if (!query.getColumn(22).isNull()) {
        StoredSession session;
        session.uid = query.getColumn(23).getString();
        session.started_at = query.getColumn(24).getString();
        session.ended_at = query.getColumn(25).getString();
        session.record.command_line = query.getColumn(26).getString();
        session.record.strategy = query.getColumn(27).getString();
        session.record.seed = static_cast<std::uint64_t>(query.getColumn(28).getInt64());
        session.record.budget = query.getColumn(29).getInt64();
        session.record.time_limit = query.getColumn(30).getDouble();
        session.record.tool_version = query.getColumn(31).getString();
        row.session = std::move(session);
      }
      // Column 32 on: the evaluation.
      row.evaluation = read_evaluation(query, 32);
      rows.push_back(std::move(row));
    }
    return rows;
  });
}

ImportReport Database::import(const std::vector<StoredEvaluation>& evaluations) {
  return guarded(*connection_, name(), "importing evaluations", [&] {
    ImportReport report;
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    // All checked before the first is written: a bad entry refuses the whole batch.
    for (std::size_t i = 0; i < evaluations.size(); ++i)
      if (const auto problem = invalid_evaluation(evaluations[i], config_key(evaluations[i].evaluation.config)))
        throw InvalidArgument(name() + ": evaluation " + std::to_string(i) + " to import (" + describe(evaluations[i]) +
                              "): " + *problem);
    for (const StoredEvaluation& stored : evaluations) {
      const std::int64_t device = upsert_device(*connection_, stored.device, false);
      const std::int64_t kernel = upsert_kernel(*connection_, stored.kernel_name, stored.kernel_hash);
      const std::int64_t problem = upsert_problem(*connection_, stored.problem);
      const std::int64_t session = stored.session ? session_id(*stored.session, device, kernel) : 0;
      if (insert_evaluation(*connection_, session, device, kernel, problem, stored.evaluation,
                            stored.evaluation.recorded_at)) {
        ++report.inserted;
        continue;
      }
      SQLite::Statement existing(*connection_, std::string("SELECT ") + evaluation_columns +
                                                   " FROM evaluations WHERE device_id = ? AND kernel_id = ? AND "
                                                   "problem_id = ? AND config_key = ?");
      existing.bind(1, device);
      existing.bind(2, kernel);
      existing.bind(3, problem);
      existing.bind(4, config_key(stored.evaluation.config));
      if (!existing.executeStep()) throw DatabaseError(name() + ": " + describe(stored) + ": neither stored nor found");
      const EvaluationRecord kept = read_evaluation(existing, 0);
      if (same_results(kept, stored.evaluation)) {
        ++report.duplicates;
      } else {
        report.conflicts.push_back(describe(stored) + ": kept " + outcome(kept) + ", dropped " +
                                   outcome(stored.evaluation));
      }
    }
    transaction.commit();
    return report;
  });
}

}  // namespace gemmtune::db
