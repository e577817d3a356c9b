// Everything one `gemmtune report` page shows, as the JSON its script reads.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "tuner/report_bench.hpp"

namespace gemmtune::report {

// {"database", "generated", "summary": {"evaluations", "ok", "failed", "sessions", "problems", "devices"},
//  "problems": problem_histories(), "failures": failure_counts(),
//  "coverage": database_coverage(), coverage_gaps() of the coverage set of `tune --coverage`, then
//  bench_coverage() of each run, "bench": [bench_comparison()]}
boost::json::object report_data(const std::string& database, const std::vector<db::StoredEvaluation>& evaluations,
                                const std::vector<BenchRun>& runs, const std::string& generated);

}  // namespace gemmtune::report
