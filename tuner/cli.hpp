// What every `gemmtune` command shares: option parsing, exit codes, size and enum parsing, JSON out.
#pragma once

#include <boost/json.hpp>
#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
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
// The database of a command that reads it through the library (`run`, `bench`): database_path(),
// checked as the db commands check theirs, so that a mistyped or foreign path is refused
// (db::DatabaseFileError) instead of meaning built-in defaults without a word: one named by --db
// must exist, and any that exists must be a gemmtune database. A missing $GEMMTUNE_DB or per-user
// file is no tuning yet, as the library, which reads them too, takes it.
std::filesystem::path database_to_read(const boost::program_options::variables_map& values);

// Parses `args` against `options` (and positional names, if any), turning every
// program_options error into a UsageError that names the command.
boost::program_options::variables_map parse(
    const std::string& command, const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {});

// Numeric options are declared as text and read only through these: boost would read "-1" as the
// largest unsigned number and accept "nan". Anything but a number within the option's bounds is a
// UsageError naming the option, e.g. "--budget must be a whole number from 1 to 1000000000, not '-1'".
std::uint64_t parse_whole_number(const std::string& option, const std::string& text, std::uint64_t least,
                                 std::uint64_t most);
// A finite number, greater than `above` and at most `most` where those are given.
double parse_real_number(const std::string& option, const std::string& text, std::optional<double> above = {},
                         std::optional<double> most = {});
// The value of option `name` (declared as text, given or defaulted), read as above.
std::uint64_t whole_number_option(const boost::program_options::variables_map& values, const std::string& name,
                                  std::uint64_t least, std::uint64_t most);
double real_number_option(const boost::program_options::variables_map& values, const std::string& name,
                          std::optional<double> above = {}, std::optional<double> most = {});

// The most timed (or warm-up) calls a command makes per problem: each timing is kept in memory.
inline constexpr std::uint64_t most_timed_calls = 1'000'000;
// The most evaluations of one search (--budget, --patience): each is kept in memory, and the
// database keeps budgets as 64-bit integers.
inline constexpr std::uint64_t most_evaluations = 1'000'000'000;

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

// "TSM=128,TSN=64": parameter names and integer values; throws UsageError on anything else,
// a parameter given twice included.
KernelConfig parse_config(const std::string& text);
boost::json::object fingerprint_to_json(const DeviceFingerprint& fingerprint);

}  // namespace gemmtune::cli
