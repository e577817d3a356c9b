// What `gemmtune report` draws from a tuning database: per problem the best found so far by each
// session, the spread of performance per parameter value, failures by status, and which shapes are tuned.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"

namespace gemmtune::report {

// Seconds since 1970 of an ISO-8601 UTC time as the database writes it ("2024-05-01T12:00:00.123Z",
// the fraction optional); nothing for any other text.
std::optional<double> seconds_since_epoch(const std::string& iso_time);

// The quartiles of some values (linear interpolation between the sorted values); `values` not empty.
struct Spread {
  double min = 0, first_quartile = 0, median = 0, third_quartile = 0, max = 0;
};
Spread spread_of(std::vector<double> values);

// One entry per device, kernel family and problem, in the order of device name, kernel, precision,
// layout, transpositions and size:
//   {"label", "device", "kernel", "precision", "layout", "trans", "m", "n", "k", "evaluations", "ok",
//    "best_gflops",
//    "series": [{"label", "strategy", "evaluations", "failed",
//                "points": [{"evaluation", "seconds", "gflops"}]}],   one per session
//    "parameters": [{"name", "values": [{"value", "count", "min", "q1", "median", "q3", "max"}]}]}
// A series' points are where the best GFLOP/s so far rose, and its last evaluation: "evaluation"
// counts from 1 in the session's order, failures included; "seconds" runs from the session's start
// (from its first evaluation where there is no session). Parameters are those with at least two
// values among the ok evaluations, with GFLOP/s per value.
boost::json::array problem_histories(const std::vector<db::StoredEvaluation>& evaluations);

// {"total": evaluations, "failed": failures, "statuses": [failure statuses that occur, in the
//  schema's order], "kernels": [{"kernel", "counts": [one per status]}]}
boost::json::object failure_counts(const std::vector<db::StoredEvaluation>& evaluations);

// One point per device and problem: {"device", "precision", "trans", "m", "n", "k", "kind", "origin"}
// with kind "tuned" (an ok evaluation recorded by a tuning session), "measured" (ok evaluations
// imported without a session) or "failed" (evaluations, none ok); origin "database".
boost::json::array database_coverage(const std::vector<db::StoredEvaluation>& evaluations);

// The shapes of `standard` (the coverage set of `tune --coverage`) that a device lacks, for every
// device, precision and layout it has tuned (an ok evaluation from a session): there the dispatcher
// predicts a configuration from the tuned shapes. Points as above, kind "predicted", origin
// "coverage set".
boost::json::array coverage_gaps(const std::vector<db::StoredEvaluation>& evaluations,
                                 const std::vector<db::ProblemRecord>& standard);

}  // namespace gemmtune::report
