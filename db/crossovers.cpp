// The drop-in BLAS's crossovers: recording (one entry per device and precision), reading, merging.
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <boost/json.hpp>

#include "db/connection_rows.hpp"
#include "db/database.hpp"
#include "db/exact_json.hpp"
#include "db/record_validation.hpp"

namespace gemmtune::db {
namespace {

std::string timings_to_json(const std::vector<CrossoverTiming>& timings) {
  boost::json::array list;
  for (const CrossoverTiming& timing : timings)
    list.push_back({{"size", timing.size}, {"host_seconds", timing.host_seconds}, {"device_seconds", timing.device_seconds}});
  return boost::json::serialize(list);
}

std::vector<CrossoverTiming> timings_from_json(const std::string& text, const std::string& source) {
  boost::system::error_code error;
  const boost::json::value parsed = parse_json_exactly(text, error);
  std::vector<CrossoverTiming> timings;
  try {
    if (error) throw std::invalid_argument(error.message());
    for (const boost::json::value& entry : parsed.as_array()) {
      const boost::json::object& fields = entry.as_object();
      timings.push_back({fields.at("size").to_number<std::int64_t>(), fields.at("host_seconds").to_number<double>(),
                         fields.at("device_seconds").to_number<double>()});
    }
  } catch (const std::exception& failure) {
    throw DatabaseError(source + ": blas_crossovers.timings_json is not a list of timings: " + failure.what());
  }
  return timings;
}

// The columns read_crossover() expects over blas_crossovers (aliased c).
constexpr const char* crossover_columns =
    "c.precision, c.crossover, c.repeats, c.host_blas, c.timings_json, c.measured_at";

CrossoverRecord read_crossover(SQLite::Statement& row, int first, const std::string& source) {
  CrossoverRecord crossover;
  crossover.precision = row.getColumn(first).getString();
  if (!row.getColumn(first + 1).isNull()) crossover.crossover = row.getColumn(first + 1).getInt64();
  crossover.repeats = row.getColumn(first + 2).getInt();
  crossover.host_blas = row.getColumn(first + 3).getString();
  crossover.timings = timings_from_json(row.getColumn(first + 4).getString(), source);
  crossover.measured_at = row.getColumn(first + 5).getString();
  return crossover;
}

// Inserts, or with `replace` overwrites, the entry of this device and precision; measured_at empty:
// now. False when an entry was stored and kept.
bool write_crossover(SQLite::Database& connection, std::int64_t device, const CrossoverRecord& c, bool replace) {
  SQLite::Statement insert(
      connection,
      std::string("INSERT INTO blas_crossovers (device_id, precision, crossover, largest_size, repeats, host_blas, "
                  "timings_json, measured_at) VALUES (?, ?, ?, ?, ?, ?, ?, coalesce(nullif(?, ''), ") +
          now_sql + ")) ON CONFLICT (device_id, precision) " +
          (replace ? "DO UPDATE SET crossover = excluded.crossover, largest_size = excluded.largest_size, "
                     "repeats = excluded.repeats, host_blas = excluded.host_blas, timings_json = excluded.timings_json, "
                     "measured_at = excluded.measured_at"
                   : "DO NOTHING"));
  insert.bind(1, device);
  insert.bind(2, c.precision);
  if (c.crossover)
    insert.bind(3, *c.crossover);
  else
    insert.bind(3);  // NULL: never faster up to the largest size
  insert.bind(4, c.largest_size());
  insert.bind(5, c.repeats);
  insert.bind(6, c.host_blas);
  insert.bind(7, timings_to_json(c.timings));
  insert.bind(8, c.measured_at);
  return insert.exec() == 1;
}

std::string describe(const StoredCrossover& stored) {
  const CrossoverRecord& c = stored.crossover;
  return "device '" + stored.device.key + "', " + c.precision + " crossover " +
         (c.crossover ? std::to_string(*c.crossover) : "none up to " + std::to_string(c.largest_size())) +
         " measured " + c.measured_at;
}

}  // namespace

void Database::record_crossover(const DeviceRecord& device, const CrossoverRecord& crossover) {
  if (const auto problem = invalid_crossover(crossover)) throw InvalidArgument(name() + ": crossover to record: " + *problem);
  guarded(*connection_, name(), "recording a crossover", [&] {
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    write_crossover(*connection_, upsert_device(*connection_, device, true), crossover, true);
    transaction.commit();
    return 0;
  });
}

std::optional<CrossoverRecord> Database::crossover(const std::string& device_key, const std::string& precision) const {
  return guarded(*connection_, name(), "reading a crossover", [&]() -> std::optional<CrossoverRecord> {
    SQLite::Statement query(*connection_, std::string("SELECT ") + crossover_columns +
                                              " FROM blas_crossovers c JOIN devices d ON d.id = c.device_id "
                                              "WHERE d.key = ? AND c.precision = ?");
    query.bind(1, device_key);
    query.bind(2, precision);
    if (!query.executeStep()) return std::nullopt;
    return read_crossover(query, 0, name());
  });
}

std::vector<StoredCrossover> Database::all_crossovers() const {
  return guarded(*connection_, name(), "reading crossovers", [&] {
    SQLite::Statement query(*connection_, std::string("SELECT ") + device_columns + ", " + crossover_columns +
                                              " FROM blas_crossovers c JOIN devices d ON d.id = c.device_id "
                                              "ORDER BY d.id, c.precision");
    std::vector<StoredCrossover> rows;
    while (query.executeStep()) rows.push_back({read_device(query, 0), read_crossover(query, 14, name())});
    return rows;
  });
}

CrossoverImportReport Database::import_crossovers(const std::vector<StoredCrossover>& crossovers) {
  return guarded(*connection_, name(), "importing crossovers", [&] {
    for (std::size_t i = 0; i < crossovers.size(); ++i) {
      auto problem = invalid_device(crossovers[i].device);
      if (!problem) problem = invalid_crossover(crossovers[i].crossover);
      if (problem)
        throw InvalidArgument(name() + ": crossover " + std::to_string(i) + " to import (" + describe(crossovers[i]) +
                              "): " + *problem);
    }
    CrossoverImportReport report;
    SQLite::Transaction transaction(*connection_, SQLite::TransactionBehavior::IMMEDIATE);
    for (const StoredCrossover& stored : crossovers) {
      const std::int64_t device = upsert_device(*connection_, stored.device, false);
      if (write_crossover(*connection_, device, stored.crossover, false)) {
        ++report.inserted;
        continue;
      }
      SQLite::Statement existing(*connection_, std::string("SELECT ") + crossover_columns +
                                                   " FROM blas_crossovers c WHERE c.device_id = ? AND c.precision = ?");
      existing.bind(1, device);
      existing.bind(2, stored.crossover.precision);
      if (!existing.executeStep()) throw DatabaseError(name() + ": " + describe(stored) + ": neither stored nor found");
      const CrossoverRecord kept = read_crossover(existing, 0, name());
      if (kept == stored.crossover)
        ++report.duplicates;
      else
        report.conflicts.push_back(describe(stored) + ": kept the one measured " + kept.measured_at);
    }
    transaction.commit();
    return report;
  });
}

}  // namespace gemmtune::db
