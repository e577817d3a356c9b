// `gemmtune db export | import | merge`: moving evaluations between databases and files.
#include <iostream>
#include <optional>

#include "core/input_file.hpp"
#include "core/kernel_config.hpp"
#include "db/record_validation.hpp"
#include "db/transfer.hpp"
#include "tuner/cli.hpp"
#include "tuner/command_db.hpp"
#include "tuner/kernel_rule_check.hpp"
#include "tuner/output_file.hpp"

namespace gemmtune::cli::db_subcommands {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

// `crossovers`: a merge's, which carries the drop-in BLAS's crossovers too.
void print_report(const std::string& what, const db::ImportReport& report, bool json,
                  const std::optional<db::CrossoverImportReport>& crossovers = std::nullopt) {
  if (json) {
    boost::json::array conflicts;
    for (const auto& conflict : report.conflicts) conflicts.push_back(boost::json::string(conflict));
    boost::json::object out{{"inserted", report.inserted},
                            {"duplicates", report.duplicates},
                            {"conflicts", std::move(conflicts)}};
    if (crossovers) {
      boost::json::array crossover_conflicts;
      for (const auto& conflict : crossovers->conflicts) crossover_conflicts.push_back(boost::json::string(conflict));
      out["blas_crossovers"] = {{"inserted", crossovers->inserted},
                                {"duplicates", crossovers->duplicates},
                                {"conflicts", std::move(crossover_conflicts)}};
    }
    std::cout << boost::json::serialize(out) << '\n';
    return;
  }
  std::cout << what << ": " << report.inserted << " evaluations added, " << report.duplicates
            << " duplicates skipped, " << report.conflicts.size() << " conflicts (the stored result kept)\n";
  // Overlapping tuning runs conflict by the dozen; the first few show what kind they are.
  constexpr std::size_t shown = 10;
  for (std::size_t i = 0; i < report.conflicts.size() && i < shown; ++i)
    std::cout << "  conflict: " << report.conflicts[i] << '\n';
  if (report.conflicts.size() > shown)
    std::cout << "  ... and " << report.conflicts.size() - shown << " more (--json lists them all)\n";
  if (!crossovers) return;
  std::cout << "blas crossovers: " << crossovers->inserted << " added, " << crossovers->duplicates
            << " duplicates skipped, " << crossovers->conflicts.size() << " conflicts (the first input's kept)\n";
  for (const auto& conflict : crossovers->conflicts) std::cout << "  conflict: " << conflict << '\n';
}

// Evaluations from outside are checked, fields and kernel rules, before anything is written: one
// bad entry refuses them all. (import_json() has checked the fields of a file already; a merge's
// inputs are databases, which another program may have written.)
void check_entries(const std::vector<db::StoredEvaluation>& evaluations, const std::string& source) {
  for (std::size_t i = 0; i < evaluations.size(); ++i) {
    auto problem = db::invalid_evaluation(evaluations[i], config_key(evaluations[i].evaluation.config));
    if (!problem) problem = kernel_rule_violation(evaluations[i]);
    if (problem) throw InvalidArgument(source + ": entry " + std::to_string(i) + ": " + *problem);
  }
}

}  // namespace

int export_evaluations(const Arguments& args) {
  auto options = common_options("gemmtune db export [--format json|csv] [-o FILE [--force]] [--db PATH]", false);
  options.add_options()("format", po::value<std::string>()->default_value("json"), "json (lossless) or csv")(
      "output,o", po::value<std::string>(), "write to FILE instead of standard output")(
      "force", "replace FILE if it exists");
  const auto values = parse("db export", args, options);
  if (print_help(values, options)) return 0;
  const std::string format = values["format"].as<std::string>();
  if (format != "json" && format != "csv") throw UsageError("unknown format '" + format + "' (expected json or csv)");
  const fs::path input = database_path(values);
  std::optional<OutputFile> output;
  if (values.count("output"))
    output.emplace(values["output"].as<std::string>(), values.count("force") != 0, std::vector{input});

  const db::Database database(input, db::Database::Mode::ReadOnly);
  const auto evaluations = database.all_evaluations();
  const std::string text = format == "json" ? db::export_json(evaluations) : db::export_csv(evaluations);
  if (!output) {
    std::cout << text;
    return 0;
  }
  output->write(text);
  std::cerr << "exported " << evaluations.size() << " evaluations to " << output->path().string() << '\n';
  return 0;
}

int import_evaluations(const Arguments& args) {
  auto options = common_options("gemmtune db import FILE [--db PATH] [--json]", true);
  options.add_options()("file", po::value<std::string>()->required(), "a file written by gemmtune db export");
  po::positional_options_description positional;
  positional.add("file", 1);
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("db import", args, options, positional);
  const std::string file = values["file"].as<std::string>();
  const fs::path into = database_path(values);
  // Before opening the database: a bad file changes nothing.
  const auto evaluations = db::import_json(read_input_file(file, import_file_limit, "file to import"), file);
  check_entries(evaluations, file);

  // Checked read-only first: opening it to write switches it to WAL and migrates it.
  if (fs::exists(into)) db::Database::for_check(into).refuse_if_damaged();
  db::Database database(into, db::Database::Mode::ReadWrite);
  print_report("imported " + file + " into " + database.path().string(), database.import(evaluations),
               values.count("json") != 0);
  return 0;
}

int merge(const Arguments& args) {
  auto options = po::options_description("gemmtune db merge A.db B.db -o OUT.db [--force] [--json]");
  options.add_options()("help,h", "show this help")("inputs", po::value<std::vector<std::string>>(), "A.db B.db")(
      "output,o", po::value<std::string>(), "the merged database, a new file")(
      "force", "replace OUT.db if it exists (never one of the inputs)")("json", "print the report as JSON");
  po::positional_options_description positional;
  positional.add("inputs", -1);
  const auto values = parse("db merge", args, options, positional);
  if (print_help(values, options)) return 0;
  const auto inputs = values.count("inputs") ? values["inputs"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (inputs.size() != 2) throw UsageError("merge needs two databases: gemmtune db merge A.db B.db -o OUT.db");
  if (!values.count("output")) throw UsageError("merge needs -o OUT.db");
  OutputFile output(values["output"].as<std::string>(), values.count("force") != 0,
                    std::vector<fs::path>(inputs.begin(), inputs.end()));
  const db::Database first(inputs[0], db::Database::Mode::ReadOnly);
  const db::Database second(inputs[1], db::Database::Mode::ReadOnly);
  const auto first_evaluations = first.all_evaluations(), second_evaluations = second.all_evaluations();
  check_entries(first_evaluations, inputs[0]);
  check_entries(second_evaluations, inputs[1]);
  db::ImportReport report;
  db::CrossoverImportReport crossovers;
  {
    db::Database merged(output.begin(), db::Database::Mode::ReadWrite);
    report = merged.import(first_evaluations);
    const db::ImportReport from_second = merged.import(second_evaluations);
    report.inserted += from_second.inserted;
    report.duplicates += from_second.duplicates;
    report.conflicts.insert(report.conflicts.end(), from_second.conflicts.begin(), from_second.conflicts.end());
    crossovers = merged.import_crossovers(first.all_crossovers());
    const db::CrossoverImportReport crossovers_second = merged.import_crossovers(second.all_crossovers());
    crossovers.inserted += crossovers_second.inserted;
    crossovers.duplicates += crossovers_second.duplicates;
    crossovers.conflicts.insert(crossovers.conflicts.end(), crossovers_second.conflicts.begin(),
                                crossovers_second.conflicts.end());
  }  // closed: its WAL checkpointed and removed before the rename
  output.commit();
  print_report("merged " + inputs[0] + " and " + inputs[1] + " into " + output.path().string(), report,
               values.count("json") != 0, crossovers);
  return 0;
}

}  // namespace gemmtune::cli::db_subcommands
