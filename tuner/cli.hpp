// What every `gemmtune` command shares: option parsing, exit codes, size and enum parsing, JSON out.
#pragma once

#include <boost/json.hpp>
#include <boost/program_options.hpp>
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "dispatch/device.hpp"
#include "gemmtune/error.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune::cli {

// Bad usage or input: the program prints the message and exits with code 2.
class UsageError : public InvalidArgument {
 public:
  using InvalidArgument::InvalidArgument;
};

// 2 for bad usage or input (UsageError, InvalidArgument, ConfigError, db::DatabaseFileError), 1 for
// any other failure.
int exit_code_for(const std::exception& error);

// True when --help or -h is among `args`: checked before parsing, since parsing would insist on
// required options.
bool asks_for_help(const std::vector<std::string>& args);

// The database of a command taking --db: --db, else $GEMMTUNE_DB, else the per-user file. An
// empty --db or an empty (but set) GEMMTUNE_DB is a UsageError: SQLite would take "" for a
// temporary database and every result would be lost at exit.
std::filesystem::path database_path(const boost::program_options::variables_map& values);

// Parses `args` against `options` (and positional names, if any), turning every
// program_options error into a UsageError that names the command.
boost::program_options::variables_map parse(
    const std::string& command, const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {});

struct Size {
  std::size_t m = 0, n = 0, k = 0;
};
// "1024", "512x256x128": throws UsageError naming the text for anything else ("12x", "-3x4x5",
// "0x0"). Zero is refused unless `allow_zero`.
Size parse_size(const std::string& text, bool allow_zero = false);
// "512x256x128,1024": a comma-separated list of sizes.
std::vector<Size> parse_sizes(const std::string& text);
std::string format_size(const Size& size);

Transpose parse_transpose_letter(char letter);
// "NN", "NT", "TN", "TT" -> {op(A), op(B)}.
std::pair<Transpose, Transpose> parse_trans(const std::string& text);
Layout parse_layout(const std::string& text);       // "row" | "col"
Precision parse_precision(const std::string& text);  // a code of the precision table; "32", "64" too

// "TSM=128,TSN=64": parameter names and integer values; throws UsageError on anything else.
KernelConfig parse_config(const std::string& text);
boost::json::object config_to_json(const KernelConfig& config);
boost::json::object fingerprint_to_json(const DeviceFingerprint& fingerprint);

}  // namespace gemmtune::cli
