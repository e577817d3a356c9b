// `gemmtune db list | show | best | check`: reading the database, read-only.
#include <cstdio>
#include <iostream>
#include <limits>

#include "db/schema.hpp"
#include "dispatch/device.hpp"
#include "tuner/cli.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tuner/command_db.hpp"

namespace gemmtune::cli::db_subcommands {
namespace po = boost::program_options;
namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string stale_note(const std::string& kernel_name, const std::string& kernel_hash) {
  return is_stale(kernel_name, kernel_hash) ? "  [stale: kernel " + kernel_name + " " + kernel_hash + "]" : "";
}

std::string current_kernel_list() {
  std::string text;
  for (const auto& [name, hash] : current_kernels())
    text += (text.empty() ? "" : ", ") + std::string(name) + " " + std::string(hash.as_string());
  return text;
}

// Stored devices of a model that this machine now runs under another driver or platform: their
// results are not this device's (the dispatcher uses them only as a reported fallback).
std::string driver_stale_note(const db::DeviceRecord& stored) {
  static const std::vector<DeviceEntry> present = list_devices();
  for (const auto& entry : present) {
    if (entry.fingerprint.model_key() == stored.model_key && entry.fingerprint.key() != stored.key)
      return "  [stale: this machine runs it with driver " + entry.fingerprint.driver_version + "]";
  }
  return "";
}

// "blas crossover fp32: 512 (host 1.93 ms, device 1.71 ms there; libopenblas.so.0, 5 calls,
// measured 2026-...)": the size and the times that decided it.
std::string crossover_line(const db::CrossoverRecord& c) {
  const auto at = [&](std::int64_t size) {
    for (const auto& timing : c.timings)
      if (timing.size == size)
        return "host " + fixed(timing.host_seconds * 1e3, 3) + " ms, device " + fixed(timing.device_seconds * 1e3, 3) +
               " ms at " + std::to_string(size);
    return std::string();
  };
  const std::string size = c.crossover ? std::to_string(*c.crossover) : "none, the device never faster up to " +
                                                                             std::to_string(c.largest_size());
  return "blas crossover " + c.precision + ": " + size + " (" + at(c.crossover.value_or(c.largest_size())) + "; " +
         std::to_string(c.timings.size()) + " sizes against " + c.host_blas + ", median of " +
         std::to_string(c.repeats) + ", measured " + c.measured_at + ")";
}

}  // namespace

int list(const Arguments& args) {
  auto options = common_options("gemmtune db list [--db PATH] [--json]", true);
  const auto values = parse("db list", args, options);
  if (print_help(values, options)) return 0;
  const db::Database database(database_path(values), db::Database::Mode::ReadOnly);
  const auto devices = database.devices();
  const auto summaries = database.problem_summaries();
  const auto crossovers = database.all_crossovers();

  if (values.count("json")) {
    boost::json::array list;
    for (std::size_t i = 0; i < devices.size(); ++i) {
      boost::json::array problems;
      for (const auto& s : summaries) {
        if (s.device_key != devices[i].key) continue;
        boost::json::object problem{{"kernel", s.kernel_name},
                                    {"kernel_hash", s.kernel_hash},
                                    {"stale", is_stale(s.kernel_name, s.kernel_hash)}};
        db::append_problem(problem, s.problem);
        problem.insert({{"evaluations", s.evaluations},
                        {"ok", s.ok},
                        {"best", s.best ? boost::json::value(best_to_json(*s.best)) : nullptr}});
        problems.push_back(std::move(problem));
      }
      boost::json::array blas_crossovers;
      for (const auto& stored : crossovers)
        if (stored.device.key == devices[i].key) blas_crossovers.push_back(db::crossover_to_json(stored.crossover));
      list.push_back({{"index", i},
                      {"device", device_to_json(devices[i])},
                      {"stale_driver", !driver_stale_note(devices[i]).empty()},
                      {"problems", std::move(problems)},
                      {"blas_crossovers", std::move(blas_crossovers)}});
    }
    std::cout << boost::json::serialize(boost::json::object{{"database", database.path().string()},
                                                             {"schema_version", database.schema_version()},
                                                             {"kernels", current_kernels()},
                                                             {"devices", std::move(list)}})
              << '\n';
    return 0;
  }
  std::cout << database.path().string() << ": " << devices.size() << " device(s); this build's kernels are "
            << current_kernel_list() << '\n';
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const auto& d = devices[i];
    std::cout << '[' << i << "] " << d.name << " - " << d.vendor << ", " << d.type << ", driver " << d.driver_version
              << " (" << d.platform << ")" << driver_stale_note(d) << "\n    key " << d.key << '\n';
    for (const auto& s : summaries) {
      if (s.device_key != d.key) continue;
      std::cout << "    " << s.kernel_name << ' ' << describe(s.problem) << ": " << s.evaluations << " evaluations, "
                << s.ok << " ok, best "
                << (s.best ? fixed(s.best->gflops, 1) + " GFLOP/s" : std::string("none"))
                << stale_note(s.kernel_name, s.kernel_hash) << '\n';
    }
    for (const auto& stored : crossovers) {
      if (stored.device.key != d.key) continue;
      std::cout << "    " << crossover_line(stored.crossover) << '\n';
    }
  }
  return 0;
}

int show(const Arguments& args) {
  auto options = common_options(
      "gemmtune db show --size MxNxK [--device INDEX | --device-key KEY] [--trans NN] [--precision fp32] "
      "[--layout row] [--family xgemm] [--top N] [--db PATH] [--json]",
      true);
  add_device_options(options);
  add_problem_options(options, true);
  options.add_options()("top", po::value<std::string>()->default_value("10"), "how many configurations")(
      "family", po::value<std::string>()->default_value("xgemm"), "kernel family (gemmtune kernels lists them)");
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("db show", args, options);
  const int top = static_cast<int>(whole_number_option(values, "top", 1, std::numeric_limits<int>::max()));
  const db::ProblemRecord problem = problem_of(values);
  const DeviceChoice choice = device_choice(values);  // a malformed option is reported before the file is opened
  const db::Database database(database_path(values), db::Database::Mode::ReadOnly);
  const db::DeviceRecord device = chosen_devices(database, choice, true).front();
  const std::string family = kernel_family(values["family"].as<std::string>()).name();  // known, or refused
  const auto rows = database.top_configs(device.key, family, problem, top);

  if (values.count("json")) {
    boost::json::array list;
    for (const auto& row : rows) list.push_back(best_to_json(row));
    std::cout << boost::json::serialize(boost::json::object{{"device", device_to_json(device)},
                                                             {"kernels", current_kernels()},
                                                             {"configs", std::move(list)}})
              << '\n';
    return 0;
  }
  std::cout << device.name << " (driver " << device.driver_version << "), " << describe(problem) << ": "
            << (rows.empty() ? "no ok evaluation" : "top " + std::to_string(rows.size())) << '\n';
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    std::cout << "  " << i + 1 << ". " << fixed(row.gflops, 1) << " GFLOP/s  median " << fixed(row.median_seconds * 1e3, 3)
              << " ms  spread " << fixed(row.spread * 100, 1) << "%  " << row.runs << " runs  " << row.config_key
              << stale_note(row.kernel_name, row.kernel_hash) << '\n';
  }
  return 0;
}

int best(const Arguments& args) {
  auto options = common_options("gemmtune db best [--device INDEX | --device-key KEY] [--db PATH] [--json]", true);
  add_device_options(options);
  const auto values = parse("db best", args, options);
  if (print_help(values, options)) return 0;
  const DeviceChoice choice = device_choice(values);  // a malformed option is reported before the file is opened
  const db::Database database(database_path(values), db::Database::Mode::ReadOnly);
  const auto devices = chosen_devices(database, choice, false);
  const auto summaries = database.problem_summaries();
  boost::json::array list;
  for (const auto& device : devices) {
    for (const auto& s : summaries) {
      if (s.device_key != device.key || !s.best) continue;
      if (values.count("json")) {
        boost::json::object entry = best_to_json(*s.best);
        entry["device_name"] = device.name;
        list.push_back(std::move(entry));
      } else {
        std::cout << device.name << " (driver " << device.driver_version << ") " << s.kernel_name << ' '
                  << describe(s.problem) << ": "
                  << fixed(s.best->gflops, 1) << " GFLOP/s  " << s.best->config_key << stale_note(s.kernel_name, s.kernel_hash)
                  << '\n';
      }
    }
  }
  if (values.count("json")) std::cout << boost::json::serialize(list) << '\n';
  return 0;
}

int check(const Arguments& args) {
  auto options = common_options("gemmtune db check [--db PATH] [--json]", true);
  const auto values = parse("db check", args, options);
  if (print_help(values, options)) return 0;
  const db::Database database = db::Database::for_check(database_path(values));
  const auto problems = database.integrity_check();
  const bool ok = problems == std::vector<std::string>{"ok"};
  // A file can be sound to SQLite and still lack a table or view of gemmtune's.
  const auto missing = database.schema_problems();
  if (values.count("json")) {
    boost::json::array list, schema_list;
    if (!ok)
      for (const auto& problem : problems) list.push_back(boost::json::string(problem));
    for (const auto& problem : missing) schema_list.push_back(boost::json::string(problem));
    std::cout << boost::json::serialize(boost::json::object{{"database", database.path().string()},
                                                             {"schema_version", database.schema_version()},
                                                             {"build_schema_version", db::current_schema_version()},
                                                             {"integrity", ok ? "ok" : "damaged"},
                                                             {"problems", std::move(list)},
                                                             {"schema", missing.empty() ? "complete" : "incomplete"},
                                                             {"schema_problems", std::move(schema_list)}})
              << '\n';
  } else {
    std::cout << database.path().string() << ": schema version " << database.schema_version() << " (this build: "
              << db::current_schema_version() << "), integrity " << (ok ? "ok" : "DAMAGED") << ", schema "
              << (missing.empty() ? "complete" : "INCOMPLETE") << '\n';
    if (!ok)
      for (const auto& problem : problems) std::cout << "  " << problem << '\n';
    for (const auto& problem : missing) std::cout << "  " << problem << '\n';
  }
  return ok && missing.empty() ? 0 : 1;
}

}  // namespace gemmtune::cli::db_subcommands
