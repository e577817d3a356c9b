// Puts together the data of a `gemmtune report` page from a database's evaluations and bench runs.
#include "tuner/report_data.hpp"

#include <set>

#include "tuner/coverage_problems.hpp"
#include "tuner/report_tuning.hpp"

namespace gemmtune::report {
namespace {

// The shapes of `gemmtune tune --coverage`, as the database names them.
std::vector<db::ProblemRecord> coverage_set() {
  std::vector<db::ProblemRecord> shapes;
  for (const auto& problem : cli::coverage_problems()) {
    db::ProblemRecord record;
    record.trans = transpose_code(problem.trans_a, problem.trans_b);
    record.m = static_cast<std::int64_t>(problem.size.m);
    record.n = static_cast<std::int64_t>(problem.size.n);
    record.k = static_cast<std::int64_t>(problem.size.k);
    shapes.push_back(record);
  }
  return shapes;
}

}  // namespace

boost::json::object report_data(const std::string& database, const std::vector<db::StoredEvaluation>& evaluations,
                                const std::vector<BenchRun>& runs, const std::string& generated) {
  std::set<std::string> sessions, devices;
  std::int64_t ok = 0;
  for (const auto& stored : evaluations) {
    if (stored.session) sessions.insert(stored.session->uid);
    devices.insert(stored.device.key);
    ok += stored.evaluation.status == "ok" ? 1 : 0;
  }
  boost::json::array problems = problem_histories(evaluations);
  boost::json::object summary{{"evaluations", evaluations.size()},
                              {"ok", ok},
                              {"failed", static_cast<std::int64_t>(evaluations.size()) - ok},
                              {"sessions", sessions.size()},
                              {"problems", problems.size()},
                              {"devices", devices.size()}};
  boost::json::array coverage = database_coverage(evaluations);
  for (auto& point : coverage_gaps(evaluations, coverage_set())) coverage.push_back(std::move(point));
  boost::json::array bench;
  for (const auto& run : runs) {
    for (auto& point : bench_coverage(run)) coverage.push_back(std::move(point));
    bench.push_back(bench_comparison(run));
  }
  return {{"database", database},
          {"generated", generated},
          {"summary", std::move(summary)},
          {"problems", std::move(problems)},
          {"failures", failure_counts(evaluations)},
          {"coverage", std::move(coverage)},
          {"bench", std::move(bench)}};
}

}  // namespace gemmtune::report
