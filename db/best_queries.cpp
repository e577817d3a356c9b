// The dispatcher's read-only queries over the best_configs view, the tuner's seeds, and the top-N of `gemmtune db show`.
#include <SQLiteCpp/Statement.h>

#include "core/kernel_config.hpp"
#include "db/connection_rows.hpp"
#include "db/database.hpp"

namespace gemmtune::db {
namespace {

// Over best_configs, or any row source with the same column names.
constexpr const char* best_columns =
    "precision, layout, trans, m, n, k, config_json, gflops, median_seconds, device_key, driver_version, "
    "kernel_hash, config_key, min_seconds, spread, runs, kernel_name";

TunedBest read_best(SQLite::Statement& row) {
  TunedBest best;
  best.problem.precision = row.getColumn(0).getString();
  best.problem.layout = row.getColumn(1).getString();
  best.problem.trans = row.getColumn(2).getString();
  best.problem.m = row.getColumn(3).getInt64();
  best.problem.n = row.getColumn(4).getInt64();
  best.problem.k = row.getColumn(5).getInt64();
  best.config = config_from_json(row.getColumn(6).getString());
  best.gflops = row.getColumn(7).getDouble();
  best.median_seconds = row.getColumn(8).getDouble();
  best.device_key = row.getColumn(9).getString();
  best.driver_version = row.getColumn(10).getString();
  best.kernel_hash = row.getColumn(11).getString();
  best.config_key = row.getColumn(12).getString();
  best.min_seconds = row.getColumn(13).getDouble();
  best.spread = row.getColumn(14).getDouble();
  best.runs = row.getColumn(15).getInt();
  best.kernel_name = row.getColumn(16).getString();
  return best;
}

std::vector<TunedBest> read_all(SQLite::Statement& query) {
  std::vector<TunedBest> rows;
  while (query.executeStep()) rows.push_back(read_best(query));
  return rows;
}

}  // namespace

std::optional<TunedBest> Database::best(const std::string& device_key, const KernelVersion& kernel,
                                        const ProblemRecord& problem) const {
  return guarded(name(), "reading the best configuration", [&]() -> std::optional<TunedBest> {
    SQLite::Statement query(*connection_, std::string("SELECT ") + best_columns +
                                              " FROM best_configs WHERE device_key = ? AND kernel_name = ? AND kernel_hash = ? AND "
                                              "precision = ? AND layout = ? AND trans = ? AND m = ? AND n = ? AND k = ? "
                                              "ORDER BY median_seconds, evaluation_id LIMIT 1");
    query.bind(1, device_key);
    query.bind(2, kernel.name);
    query.bind(3, kernel.hash);
    bind_problem(query, 4, problem);
    if (!query.executeStep()) return std::nullopt;
    return read_best(query);
  });
}

std::vector<TunedBest> Database::best_for_vendor_type(const std::string& vendor, const std::string& type,
                                                      const KernelVersion& kernel, const std::string& precision,
                                                      const std::string& layout, const std::string& trans) const {
  return guarded(name(), "reading the best configurations of the vendor", [&] {
    SQLite::Statement query(*connection_, std::string("SELECT ") + best_columns +
                                              " FROM best_configs WHERE vendor = ? AND type = ? AND kernel_name = ? AND "
                                              "kernel_hash = ? AND precision = ? AND layout = ? AND trans = ? "
                                              "ORDER BY gflops DESC, evaluation_id");
    query.bind(1, vendor);
    query.bind(2, type);
    query.bind(3, kernel.name);
    query.bind(4, kernel.hash);
    query.bind(5, precision);
    query.bind(6, layout);
    query.bind(7, trans);
    return read_all(query);
  });
}

std::vector<TunedBest> Database::device_winners(const std::string& device_key, const std::string& precision) const {
  return guarded(name(), "reading the device's best configurations", [&] {
    SQLite::Statement query(*connection_, std::string("SELECT ") + best_columns +
                                              " FROM best_configs WHERE device_key = ? AND precision = ? "
                                              "ORDER BY gflops DESC, evaluation_id");
    query.bind(1, device_key);
    query.bind(2, precision);
    return read_all(query);
  });
}

std::vector<TunedBest> Database::top_configs(const std::string& device_key, const std::string& kernel_name,
                                             const ProblemRecord& problem, int limit) const {
  return guarded(name(), "reading the top configurations", [&] {
    SQLite::Statement query(
        *connection_,
        std::string("SELECT ") + best_columns +
            " FROM (SELECT p.precision, p.layout, p.trans, p.m, p.n, p.k, e.config_json, e.gflops, e.median_seconds, "
            "d.key AS device_key, d.driver_version, k.source_hash AS kernel_hash, e.config_key, e.min_seconds, "
            "e.spread, e.runs, k.name AS kernel_name, e.id AS evaluation_id FROM evaluations e JOIN devices d ON d.id = e.device_id "
            "JOIN kernels k ON k.id = e.kernel_id JOIN problems p ON p.id = e.problem_id "
            "WHERE e.status = 'ok' AND d.key = ? AND k.name = ? AND p.precision = ? AND p.layout = ? AND "
            "p.trans = ? AND p.m = ? AND p.n = ? AND p.k = ?) ORDER BY median_seconds, evaluation_id LIMIT ?");
    query.bind(1, device_key);
    query.bind(2, kernel_name);
    bind_problem(query, 3, problem);
    query.bind(9, limit);
    return read_all(query);
  });
}

std::vector<TunedBest> Database::leading_configs(const std::string& device_key, const KernelVersion& kernel,
                                                 const std::string& precision, const std::string& layout,
                                                 int per_problem) const {
  return guarded(name(), "reading the leading configurations", [&] {
    SQLite::Statement query(
        *connection_,
        std::string("SELECT ") + best_columns +
            " FROM (SELECT p.precision, p.layout, p.trans, p.m, p.n, p.k, e.config_json, e.gflops, e.median_seconds, "
            "d.key AS device_key, d.driver_version, k.source_hash AS kernel_hash, e.config_key, e.min_seconds, "
            "e.spread, e.runs, k.name AS kernel_name, e.id AS evaluation_id, "
            "ROW_NUMBER() OVER (PARTITION BY e.problem_id ORDER BY e.median_seconds, e.id) AS rank "
            "FROM evaluations e JOIN devices d ON d.id = e.device_id JOIN kernels k ON k.id = e.kernel_id "
            "JOIN problems p ON p.id = e.problem_id WHERE e.status = 'ok' AND d.key = ? AND k.name = ? AND "
            "k.source_hash = ? AND p.precision = ? AND p.layout = ?) WHERE rank <= ? "
            "ORDER BY m, n, k, trans, median_seconds, evaluation_id");
    query.bind(1, device_key);
    query.bind(2, kernel.name);
    query.bind(3, kernel.hash);
    query.bind(4, precision);
    query.bind(5, layout);
    query.bind(6, per_problem);
    return read_all(query);
  });
}

}  // namespace gemmtune::db
