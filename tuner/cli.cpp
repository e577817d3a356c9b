// What every `gemmtune` command shares: option parsing, exit codes, size and enum parsing, JSON out.
#include "tuner/cli.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "core/precision.hpp"
#include "core/transpose_code.hpp"
#include "db/database.hpp"
#include "db/database_error.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune::cli {
namespace po = boost::program_options;

int exit_code_for(const std::exception& error) {
  if (dynamic_cast<const InvalidArgument*>(&error) || dynamic_cast<const ConfigError*>(&error) ||
      dynamic_cast<const db::DatabaseFileError*>(&error))  // a missing, foreign, too new or read-only file
    return 2;
  return 1;
}

bool asks_for_help(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& arg) { return arg == "--help" || arg == "-h"; });
}

std::filesystem::path database_path(const po::variables_map& values) {
  if (values.count("db")) {
    const auto& text = values["db"].as<std::string>();
    if (text.empty()) throw UsageError("--db needs a path, not an empty string (SQLite would open a temporary database, lost at exit)");
    return text;
  }
  if (const char* variable = std::getenv("GEMMTUNE_DB"); variable && !*variable)
    throw UsageError("GEMMTUNE_DB is set but empty: set it to a database path, or unset it for the per-user file");
  return default_database_path();
}

std::filesystem::path database_to_read(const po::variables_map& values) {
  const std::filesystem::path path = database_path(values);
  std::error_code error;
  if (values.count("db") || std::filesystem::exists(path, error))
    db::Database(path, db::Database::Mode::ReadOnly);  // throws what is wrong with it
  return path;
}

po::variables_map parse(const std::string& command, const std::vector<std::string>& args,
                        const po::options_description& options,
                        const po::positional_options_description& positional) {
  po::variables_map values;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), values);
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(std::string(error.what()) + " (see gemmtune " + command + " --help)");
  }
  return values;
}

std::uint64_t parse_whole_number(const std::string& option, const std::string& text, std::uint64_t least,
                                 std::uint64_t most) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < least || value > most)
    throw UsageError(option + " must be a whole number from " + std::to_string(least) + " to " + std::to_string(most) +
                     ", not '" + text + "'");
  return value;
}

double parse_real_number(const std::string& option, const std::string& text, std::optional<double> above,
                         std::optional<double> most) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
      (above && value <= *above) || (most && value > *most)) {
    const auto number = [](double bound) {
      std::ostringstream out;
      out << std::setprecision(15) << bound;
      return out.str();
    };
    std::string wanted = "a finite number";
    if (above) wanted += " greater than " + number(*above);
    if (most) wanted += std::string(above ? " and" : "") + " at most " + number(*most);
    throw UsageError(option + " must be " + wanted + ", not '" + text + "'");
  }
  return value;
}

std::uint64_t whole_number_option(const po::variables_map& values, const std::string& name, std::uint64_t least,
                                  std::uint64_t most) {
  return parse_whole_number("--" + name, values[name].as<std::string>(), least, most);
}

double real_number_option(const po::variables_map& values, const std::string& name, std::optional<double> above,
                          std::optional<double> most) {
  return parse_real_number("--" + name, values[name].as<std::string>(), above, most);
}

namespace {

std::size_t parse_dimension(const std::string& whole, const std::string& part, bool allow_zero) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
  if (part.empty() || error != std::errc() || end != part.data() + part.size())
    throw UsageError("malformed size '" + whole + "': '" + part + "' is not a whole number" +
                     (allow_zero ? "" : " of at least 1") + " (expected M, or MxNxK)");
  if (value == 0 && !allow_zero) throw UsageError("malformed size '" + whole + "': sizes must be at least 1");
  return value;
}

}  // namespace

Size parse_size(const std::string& text, bool allow_zero) {
  std::vector<std::string> parts;
  std::istringstream stream(text);
  for (std::string part; std::getline(stream, part, 'x');) parts.push_back(part);
  if (!text.empty() && text.back() == 'x') parts.push_back("");
  if (parts.size() == 1) {
    const std::size_t side = parse_dimension(text, parts[0], allow_zero);
    return {side, side, side};
  }
  if (parts.size() != 3) throw UsageError("malformed size '" + text + "': expected M or MxNxK, e.g. 1024x512x256");
  return {parse_dimension(text, parts[0], allow_zero), parse_dimension(text, parts[1], allow_zero),
          parse_dimension(text, parts[2], allow_zero)};
}

std::vector<Size> parse_sizes(const std::string& text) {
  std::vector<Size> sizes;
  std::istringstream stream(text);
  for (std::string part; std::getline(stream, part, ',');) sizes.push_back(parse_size(part));
  if (sizes.empty()) throw UsageError("no size given");
  return sizes;
}

std::string format_size(const Size& size) {
  return std::to_string(size.m) + 'x' + std::to_string(size.n) + 'x' + std::to_string(size.k);
}

Transpose parse_transpose_letter(char letter) {
  if (letter == 'N' || letter == 'n') return Transpose::No;
  if (letter == 'T' || letter == 't') return Transpose::Yes;
  throw UsageError(std::string("unknown transposition '") + letter + "' (expected N or T)");
}

std::pair<Transpose, Transpose> parse_trans(const std::string& text) {
  std::string code = text;  // either case, as each letter is read
  for (char& letter : code) letter = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  if (!is_transpose_code(code)) throw UsageError("unknown transposition '" + text + "' (expected NN, NT, TN or TT)");
  return {parse_transpose_letter(code[0]), parse_transpose_letter(code[1])};
}

Layout parse_layout(const std::string& text) {
  if (text == "row") return Layout::RowMajor;
  if (text == "col") return Layout::ColMajor;
  throw UsageError("unknown layout '" + text + "' (expected row or col)");
}

Precision parse_precision(const std::string& text) {
  if (const auto precision = precision_from_code(text)) return *precision;
  std::string codes;
  for (const auto& row : precision_table()) codes += (codes.empty() ? "" : ", ") + std::string(row.code);
  throw UsageError("unknown precision '" + text + "' (expected " + codes + "; 32 and 64 mean fp32 and fp64)");
}

KernelConfig parse_config(const std::string& text) {
  KernelConfig config;
  std::istringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) {
    const auto equals = item.find('=');
    std::int64_t value = 0;
    const char* first = item.data() + (equals == std::string::npos ? 0 : equals + 1);
    const char* last = item.data() + item.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (equals == std::string::npos || equals == 0 || error != std::errc() || end != last || first == last)
      throw UsageError("malformed configuration item '" + item + "' (expected NAME=integer, e.g. TSM=64)");
    if (!config.emplace(item.substr(0, equals), value).second)
      throw UsageError("configuration '" + text + "' gives " + item.substr(0, equals) + " twice");
  }
  return config;
}

}  // namespace gemmtune::cli
