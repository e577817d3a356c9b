// Gathers what `gemmtune report` draws from a tuning database's evaluations.
#include "tuner/report_tuning.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>
#include <tuple>

namespace gemmtune::report {
namespace {

// Problems sort by what a reader scans for: device, kernel, then the shape.
using ProblemKey = std::tuple<std::string, std::string, std::string, std::string, std::string, std::string,
                              std::int64_t, std::int64_t, std::int64_t>;

ProblemKey problem_key(const db::StoredEvaluation& stored) {
  const auto& p = stored.problem;
  return {stored.device.name, stored.device.key, stored.kernel_name, p.precision, p.layout, p.trans, p.m, p.n, p.k};
}

struct Series {
  std::string label, strategy;
  std::optional<double> start;  // the session's start, else the first evaluation's time
  std::int64_t evaluations = 0, failed = 0;
  double best = 0;
  boost::json::array points;
  std::optional<boost::json::object> last;  // the latest evaluation, kept to end the line there
};

struct Group {
  const db::StoredEvaluation* first = nullptr;
  std::int64_t evaluations = 0, ok = 0;
  double best = 0;
  std::vector<std::string> series_order;
  std::map<std::string, Series> series;  // by session uid, "" for evaluations without one
  std::map<std::string, std::map<std::int64_t, std::vector<double>>> gflops_by_parameter;
};

std::string session_label(const db::StoredSession& session, int number) {
  std::string label = "session " + std::to_string(number) + ": " + session.record.strategy;
  label += " seed " + std::to_string(session.record.seed);
  if (!session.started_at.empty()) label += ", " + session.started_at.substr(0, 16);
  return label;
}

void add_evaluation(Group& group, const db::StoredEvaluation& stored, std::map<std::string, int>& session_numbers) {
  const auto& evaluation = stored.evaluation;
  const std::string uid = stored.session ? stored.session->uid : "";
  auto [position, inserted] = group.series.try_emplace(uid);
  Series& series = position->second;
  if (inserted) {
    group.series_order.push_back(uid);
    if (stored.session) {
      const auto [number, fresh] = session_numbers.try_emplace(uid, static_cast<int>(session_numbers.size()) + 1);
      series.label = session_label(*stored.session, number->second);
      series.strategy = stored.session->record.strategy;
      series.start = seconds_since_epoch(stored.session->started_at);
    } else {
      series.label = "no session (imported)";
    }
    if (!series.start) series.start = seconds_since_epoch(evaluation.recorded_at);
  }
  ++group.evaluations;
  ++series.evaluations;
  const auto recorded = seconds_since_epoch(evaluation.recorded_at);
  const double seconds = recorded && series.start ? std::max(0.0, *recorded - *series.start) : 0.0;
  const bool ok = evaluation.status == "ok" && std::isfinite(evaluation.gflops) && evaluation.gflops > 0;
  if (!ok) {
    if (evaluation.status != "ok") ++series.failed;
  } else {
    ++group.ok;
    group.best = std::max(group.best, evaluation.gflops);
    for (const auto& [name, value] : evaluation.config) group.gflops_by_parameter[name][value].push_back(evaluation.gflops);
  }
  if (series.best == 0 && !ok) return;  // the line starts at the first result
  boost::json::object point{{"evaluation", series.evaluations}, {"seconds", seconds}};
  if (ok && evaluation.gflops > series.best) {
    series.best = evaluation.gflops;
    point["gflops"] = series.best;
    series.points.push_back(std::move(point));
    series.last.reset();
  } else {
    point["gflops"] = series.best;
    series.last = std::move(point);
  }
}

boost::json::array parameter_spreads(const Group& group) {
  boost::json::array parameters;
  for (const auto& [name, by_value] : group.gflops_by_parameter) {
    if (by_value.size() < 2) continue;  // one value shows no effect
    boost::json::array values;
    for (const auto& [value, gflops] : by_value) {
      const Spread spread = spread_of(gflops);
      values.push_back(boost::json::object{{"value", value},
                                           {"count", gflops.size()},
                                           {"min", spread.min},
                                           {"q1", spread.first_quartile},
                                           {"median", spread.median},
                                           {"q3", spread.third_quartile},
                                           {"max", spread.max}});
    }
    parameters.push_back(boost::json::object{{"name", name}, {"values", std::move(values)}});
  }
  return parameters;
}

}  // namespace

std::optional<double> seconds_since_epoch(const std::string& iso_time) {
  std::tm time{};
  int consumed = 0;
  if (std::sscanf(iso_time.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &time.tm_year, &time.tm_mon, &time.tm_mday,
                  &time.tm_hour, &time.tm_min, &time.tm_sec, &consumed) != 6 ||
      consumed != 19)
    return std::nullopt;
  double fraction = 0;
  std::size_t position = 19;
  if (position < iso_time.size() && iso_time[position] == '.') {
    double scale = 0.1;
    for (++position; position < iso_time.size() && iso_time[position] >= '0' && iso_time[position] <= '9'; ++position) {
      fraction += (iso_time[position] - '0') * scale;
      scale /= 10;
    }
  }
  if (position + 1 != iso_time.size() || iso_time[position] != 'Z') return std::nullopt;
  time.tm_year -= 1900;
  time.tm_mon -= 1;
  const std::time_t seconds = timegm(&time);
  if (seconds == static_cast<std::time_t>(-1)) return std::nullopt;
  return static_cast<double>(seconds) + fraction;
}

Spread spread_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const auto at = [&values](double fraction) {
    const double position = fraction * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (values[above] - values[below]) * (position - static_cast<double>(below));
  };
  return {values.front(), at(0.25), at(0.5), at(0.75), values.back()};
}

boost::json::array problem_histories(const std::vector<db::StoredEvaluation>& evaluations) {
  std::map<ProblemKey, Group> groups;
  std::map<std::string, int> session_numbers;  // sessions numbered in the order they first appear
  for (const auto& stored : evaluations) {
    Group& group = groups[problem_key(stored)];
    if (!group.first) group.first = &stored;
    add_evaluation(group, stored, session_numbers);
  }
  boost::json::array histories;
  for (auto& [key, group] : groups) {
    const auto& stored = *group.first;
    boost::json::array series_list;
    for (const auto& uid : group.series_order) {
      Series& series = group.series.at(uid);
      if (series.last) series.points.push_back(std::move(*series.last));
      series_list.push_back(boost::json::object{{"label", series.label},
                                                {"strategy", series.strategy},
                                                {"evaluations", series.evaluations},
                                                {"failed", series.failed},
                                                {"points", std::move(series.points)}});
    }
    boost::json::object history{{"label", stored.device.name + " · " + stored.kernel_name + " · " + problem_text(stored.problem)},
                                {"device", stored.device.name},
                                {"kernel", stored.kernel_name},
                                {"precision", stored.problem.precision},
                                {"layout", stored.problem.layout},
                                {"trans", stored.problem.trans},
                                {"m", stored.problem.m},
                                {"n", stored.problem.n},
                                {"k", stored.problem.k},
                                {"evaluations", group.evaluations},
                                {"ok", group.ok},
                                {"best_gflops", group.best},
                                {"series", std::move(series_list)},
                                {"parameters", parameter_spreads(group)}};
    histories.push_back(std::move(history));
  }
  return histories;
}

boost::json::object failure_counts(const std::vector<db::StoredEvaluation>& evaluations) {
  std::map<std::string, std::map<std::string, std::int64_t>> by_kernel;
  std::set<std::string> occurring;
  std::int64_t failed = 0;
  for (const auto& stored : evaluations) {
    if (stored.evaluation.status == "ok") continue;
    ++failed;
    ++by_kernel[stored.kernel_name][stored.evaluation.status];
    occurring.insert(stored.evaluation.status);
  }
  boost::json::array statuses;
  for (const auto& status : db::known_statuses())
    if (occurring.contains(status)) statuses.push_back(boost::json::string(status));
  boost::json::array kernels;
  for (const auto& [kernel, counts] : by_kernel) {
    boost::json::array row;
    for (const auto& status : statuses) {
      const auto found = counts.find(std::string(status.as_string()));
      row.push_back(found == counts.end() ? 0 : found->second);
    }
    kernels.push_back(boost::json::object{{"kernel", kernel}, {"counts", std::move(row)}});
  }
  return {{"total", evaluations.size()}, {"failed", failed}, {"statuses", std::move(statuses)}, {"kernels", std::move(kernels)}};
}

boost::json::array database_coverage(const std::vector<db::StoredEvaluation>& evaluations) {
  struct Shape {
    const db::StoredEvaluation* first = nullptr;
    bool tuned = false, measured = false;
  };
  using ShapeKey = std::tuple<std::string, std::string, std::string, std::string, std::int64_t, std::int64_t, std::int64_t>;
  std::map<ShapeKey, Shape> shapes;
  for (const auto& stored : evaluations) {
    const auto& p = stored.problem;
    Shape& shape = shapes[{stored.device.key, p.precision, p.layout, p.trans, p.m, p.n, p.k}];
    if (!shape.first) shape.first = &stored;
    if (stored.evaluation.status != "ok") continue;
    (stored.session ? shape.tuned : shape.measured) = true;
  }
  boost::json::array points;
  for (const auto& [key, shape] : shapes) {
    const auto& stored = *shape.first;
    const char* kind = shape.tuned ? "tuned" : shape.measured ? "measured" : "failed";
    points.push_back(boost::json::object{{"device", stored.device.name},
                                         {"precision", stored.problem.precision},
                                         {"trans", stored.problem.trans},
                                         {"m", stored.problem.m},
                                         {"n", stored.problem.n},
                                         {"k", stored.problem.k},
                                         {"kind", kind},
                                         {"origin", "database"}});
  }
  return points;
}

boost::json::array coverage_gaps(const std::vector<db::StoredEvaluation>& evaluations,
                                 const std::vector<db::ProblemRecord>& standard) {
  using Shape = std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t>;  // trans, m, n, k
  struct Tuned {
    std::string device_name, precision, layout;
    std::set<Shape> shapes;  // every shape evaluated, ok or not: measured there, not predicted
    bool tuned = false;
  };
  std::map<std::tuple<std::string, std::string, std::string>, Tuned> groups;  // device key, precision, layout
  for (const auto& stored : evaluations) {
    const auto& p = stored.problem;
    Tuned& group = groups[{stored.device.key, p.precision, p.layout}];
    group.device_name = stored.device.name;
    group.precision = p.precision;
    group.layout = p.layout;
    group.shapes.insert({p.trans, p.m, p.n, p.k});
    group.tuned = group.tuned || (stored.session && stored.evaluation.status == "ok");
  }
  boost::json::array points;
  for (const auto& [key, group] : groups) {
    if (!group.tuned) continue;
    for (const auto& problem : standard) {
      if (group.shapes.contains({problem.trans, problem.m, problem.n, problem.k})) continue;
      points.push_back(boost::json::object{{"device", group.device_name},
                                           {"precision", group.precision},
                                           {"trans", problem.trans},
                                           {"m", problem.m},
                                           {"n", problem.n},
                                           {"k", problem.k},
                                           {"kind", "predicted"},
                                           {"origin", "coverage set"}});
    }
  }
  return points;
}

}  // namespace gemmtune::report
