// One validation of what enters the tuning database or leaves it for the dispatcher.
#include "db/record_validation.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <regex>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "core/transpose_code.hpp"
#include "db/crossover_size.hpp"
#include "db/number_text.hpp"

namespace gemmtune::db {
namespace {

using Problem = std::optional<std::string>;

Problem positive_finite(const char* field, double value) {
  if (std::isfinite(value) && value > 0) return std::nullopt;
  return std::string(field) + ": " + number_text(value) + " is not a positive finite number";
}

Problem non_negative_finite(const char* field, double value) {
  if (std::isfinite(value) && value >= 0) return std::nullopt;
  return std::string(field) + ": " + number_text(value) + " is not a finite number of at least 0";
}

// SQLite stores integers as signed 64-bit: a larger unsigned size would come back negative.
Problem storable_size(const char* field, std::uint64_t value) {
  if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
  return std::string(field) + ": " + std::to_string(value) + " is too large";
}

bool is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (const char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// The first problem of the list, in order.
template <typename... Checks>
Problem first_of(Checks&&... checks) {
  Problem found;
  ((found = found ? found : checks()), ...);
  return found;
}

Problem timings(bool ok, int runs, double min_seconds, double median_seconds, double gflops, double spread) {
  if (!ok) {
    if (runs < 0) return "runs: " + std::to_string(runs) + " is negative";
    return first_of([&] { return non_negative_finite("min_seconds", min_seconds); },
                    [&] { return non_negative_finite("median_seconds", median_seconds); },
                    [&] { return non_negative_finite("gflops", gflops); },
                    [&] { return non_negative_finite("spread", spread); });
  }
  if (runs < 1) return "runs: " + std::to_string(runs) + " for status ok (at least 1)";
  return first_of([&] { return positive_finite("min_seconds", min_seconds); },
                  [&] { return positive_finite("median_seconds", median_seconds); },
                  [&] { return positive_finite("gflops", gflops); },
                  [&] { return non_negative_finite("spread", spread); },
                  [&]() -> Problem {
                    if (min_seconds <= median_seconds) return std::nullopt;
                    return "min_seconds: " + number_text(min_seconds) + " exceeds median_seconds " +
                           number_text(median_seconds);
                  });
}

// Empty (now) or ISO-8601 UTC. Bounded before matching: libstdc++'s regex recurses once per
// character and a hostile file's run of digits would overflow the stack.
Problem iso_utc_time(const char* field, const std::string& time) {
  static const std::regex iso_utc(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z)");
  if (time.empty() || (time.size() <= 30 && std::regex_match(time, iso_utc))) return std::nullopt;
  return std::string(field) + ": '" + time.substr(0, 40) + "' is not an ISO-8601 UTC time";
}

}  // namespace

Problem invalid_device(const DeviceRecord& d) {
  if (d.type != "gpu" && d.type != "cpu" && d.type != "accelerator" && d.type != "other")
    return "device type: '" + d.type + "' is not gpu, cpu, accelerator or other";
  if (d.compute_units < 1) return std::string("device compute_units: 0 (at least 1)");
  if (d.max_work_group_size < 1) return std::string("device max_work_group_size: 0 (at least 1)");
  return first_of([&] { return storable_size("device global_mem_bytes", d.global_mem_bytes); },
                  [&] { return storable_size("device local_mem_bytes", d.local_mem_bytes); },
                  [&] { return storable_size("device max_work_group_size", d.max_work_group_size); });
}

Problem invalid_problem(const ProblemRecord& p) {
  // Exactly a code of the table: "32" is read on the command line, never stored.
  const auto precision = precision_from_code(p.precision);
  if (!precision || precision_info(*precision).code != p.precision) {
    std::string codes;
    for (const PrecisionInfo& info : precision_table()) codes += (codes.empty() ? "" : ", ") + std::string(info.code);
    return "precision: '" + p.precision + "' is not one of " + codes;
  }
  if (p.layout != "row" && p.layout != "col") return "layout: '" + p.layout + "' is not row or col";
  if (!is_transpose_code(p.trans))
    return "trans: '" + p.trans + "' is not NN, NT, TN or TT";
  for (const auto& [name, size] : {std::pair{"m", p.m}, std::pair{"n", p.n}, std::pair{"k", p.k}})
    if (size < 1) return std::string(name) + ": " + std::to_string(size) + " is not a size (at least 1)";
  return std::nullopt;
}

Problem invalid_config(const KernelConfig& config, std::string_view key) {
  for (const auto& [name, value] : config)
    if (!is_identifier(name)) return "config: '" + name + "' is not a parameter name";
  const std::string canonical = config_key(config);
  if (key != canonical)
    return "config_key: '" + std::string(key) + "' is not the key of config (" + canonical + ")";
  return std::nullopt;
}

Problem invalid_results(const EvaluationRecord& e) {
  if (!is_known_status(e.status)) {
    std::string statuses;
    for (const auto& status : known_statuses()) statuses += (statuses.empty() ? "" : ", ") + status;
    return "status: '" + e.status + "' is not one of " + statuses;
  }
  if (auto problem = timings(e.status == "ok", e.runs, e.min_seconds, e.median_seconds, e.gflops, e.spread))
    return problem;
  if (auto problem = non_negative_finite("compile_seconds", e.compile_seconds)) return problem;
  // Bounded before matching: libstdc++'s regex recurses once per character and a hostile file's
  // run of digits would overflow the stack.
  return iso_utc_time("recorded_at", e.recorded_at);
}

Problem invalid_session(const StoredSession& s) {
  if (s.uid.empty()) return std::string("session uid: empty");
  if (auto problem = non_negative_finite("session time_limit", s.record.time_limit)) return problem;
  return std::nullopt;
}

Problem invalid_evaluation(const StoredEvaluation& s, std::string_view key) {
  return first_of([&] { return invalid_device(s.device); },
                  [&]() -> Problem {
                    if (s.kernel_name.empty()) return std::string("kernel: empty");
                    if (s.kernel_hash.empty()) return std::string("kernel_hash: empty");
                    return std::nullopt;
                  },
                  [&] { return invalid_problem(s.problem); },
                  [&] { return invalid_config(s.evaluation.config, key); },
                  [&] { return invalid_results(s.evaluation); },
                  [&] { return s.session ? invalid_session(*s.session) : std::nullopt; });
}

Problem invalid_crossover(const CrossoverRecord& c) {
  if (c.precision != "fp32" && c.precision != "fp64") return "precision: '" + c.precision + "' is not fp32 or fp64";
  if (c.repeats < 1) return "repeats: " + std::to_string(c.repeats) + " (at least 1)";
  if (c.host_blas.empty()) return std::string("host_blas: empty");
  if (c.timings.empty()) return std::string("timings: none");
  std::int64_t previous = 0;
  for (const CrossoverTiming& timing : c.timings) {
    if (timing.size <= previous)
      return "timings: size " + std::to_string(timing.size) + " after " + std::to_string(previous) +
             " (sizes at least 1, ascending, each once)";
    previous = timing.size;
    if (auto problem = first_of([&] { return positive_finite("host_seconds", timing.host_seconds); },
                                [&] { return positive_finite("device_seconds", timing.device_seconds); }))
      return "timings: size " + std::to_string(timing.size) + ": " + *problem;
  }
  if (const auto found = crossover_size(c.timings); found != c.crossover) {
    const auto text = [](const std::optional<std::int64_t>& size) {
      return size ? std::to_string(*size) : std::string("none");
    };
    return "crossover: " + text(c.crossover) + " is not the one the timings give (" + text(found) + ")";
  }
  return iso_utc_time("measured_at", c.measured_at);
}

Problem invalid_best(const TunedBest& best) {
  return first_of([&] { return invalid_problem(best.problem); },
                  [&] { return invalid_config(best.config, best.config_key); },
                  [&] { return timings(true, best.runs, best.min_seconds, best.median_seconds, best.gflops, best.spread); });
}

}  // namespace gemmtune::db
