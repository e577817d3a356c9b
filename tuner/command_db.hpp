// The parts of `gemmtune db` shared by its subcommands: options, opening, device choice, output.
#pragma once

#include <boost/json.hpp>
#include <boost/program_options.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/transfer.hpp"
#include "tuner/commands.hpp"

namespace gemmtune::cli::db_subcommands {

// --db PATH and --help, which every subcommand takes; --json for those that print data.
boost::program_options::options_description common_options(const std::string& usage, bool with_json);

// Prints the options when --help was given, and says so.
bool print_help(const boost::program_options::variables_map& values,
                const boost::program_options::options_description& options);

// --device-key KEY or --device INDEX (as `db list` numbers them); neither: the only device, if one.
struct DeviceChoice {
  std::optional<std::string> key;
  std::optional<std::size_t> index;
};
void add_device_options(boost::program_options::options_description& options);
DeviceChoice device_choice(const boost::program_options::variables_map& values);
// The devices the choice selects; "all" when nothing was chosen and `required` is false.
std::vector<db::DeviceRecord> chosen_devices(const db::Database& database, const DeviceChoice& choice,
                                             bool required);

// --size MxNxK --trans --precision --layout.
void add_problem_options(boost::program_options::options_description& options, bool size_required);
db::ProblemRecord problem_of(const boost::program_options::variables_map& values);
std::string describe(const db::ProblemRecord& problem);  // "fp32 row NN 512x512x512"

// Results of a family this build does not have, or of another source of it, are stale.
bool is_stale(const std::string& kernel_name, const std::string& kernel_hash);
// {"xgemm": "<hash>", ...}: this build's kernel families and their source hashes.
boost::json::object current_kernels();

boost::json::object best_to_json(const db::TunedBest& best);
using db::device_to_json;

int list(const Arguments& args);
int show(const Arguments& args);
int best(const Arguments& args);
int check(const Arguments& args);
int export_evaluations(const Arguments& args);
int import_evaluations(const Arguments& args);
int merge(const Arguments& args);
int model(const Arguments& args);
int choose(const Arguments& args);

}  // namespace gemmtune::cli::db_subcommands
