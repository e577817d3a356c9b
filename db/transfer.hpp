// Export and import formats: JSON (lossless, one object per evaluation) and CSV (for spreadsheets).
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "db/records.hpp"

namespace gemmtune::db {

// A device's stored fingerprint and keys as a JSON object (export and `gemmtune db`).
boost::json::object device_to_json(const DeviceRecord& device);

// A crossover as a JSON object: precision, crossover (null: never faster), largest_size, repeats,
// host_blas, measured_at, timings (`gemmtune crossover --json`, `gemmtune db list --json`).
boost::json::object crossover_to_json(const CrossoverRecord& crossover);

// Appends a problem's fields (precision, layout, trans, m, n, k, in that order) to `object`: every
// JSON output that names a problem writes them alike.
void append_problem(boost::json::object& object, const ProblemRecord& problem);

// A JSON array with one object per evaluation, one per line; its fields are listed in SCHEMA.md.
std::string export_json(const std::vector<StoredEvaluation>& evaluations);

// Inverse of export_json(), keys computed from the device fields. Throws gemmtune::InvalidArgument
// naming `source`, the entry (counted from 0) and the field for text that is not such an array or
// an entry that invalid_evaluation() refuses (the input is bad, not the database).
std::vector<StoredEvaluation> import_json(const std::string& text, const std::string& source);

// A header line and one line per evaluation (RFC 4180 quoting); export only.
std::string export_csv(const std::vector<StoredEvaluation>& evaluations);

}  // namespace gemmtune::db
