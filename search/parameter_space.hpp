// A kernel's search space: named integer parameters, their candidate values and the constraints a
// valid configuration satisfies, enumerated by index without building the Cartesian product.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/kernel_config.hpp"
#include "core/expression.hpp"

namespace gemmtune::search {

struct Parameter {
  std::string name;                   // matches [A-Z_][A-Z0-9_]*, so only -DNAME=integer reaches a compiler
  std::vector<std::int64_t> values;   // candidate values, distinct, in the file's order
};

// The most values a parameter may take: spaces and replay tables store a value's position in two
// bytes.
inline constexpr std::size_t most_parameter_values = 65535;

// Throws gemmtune::ConfigError when a parameter takes more distinct values than that.
void check_value_count(const std::string& name, std::size_t count);

// Device limits by name, e.g. {"max_work_group_size", 1024}, {"local_mem_size", 49152}.
using Limits = std::map<std::string, std::int64_t>;

// Enumerating a large space with constraints that prune late can take longer than any session:
// past `deadline` it stops with a gemmtune::ConfigError saying so, and while it runs `progress`
// hears every `progress_seconds` how many candidates were checked and how many are valid so far.
using EnumerationProgress = std::function<void(std::uint64_t checked, std::uint64_t valid, double seconds)>;
struct EnumerationWatch {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  EnumerationProgress progress;
  double progress_seconds = 3;
};

class ParameterSpace {
 public:
  // The file's format is documented in configs/README.md. Throws gemmtune::ConfigError naming the
  // file (and the constraint and position for a malformed expression or an unknown name).
  static ParameterSpace from_file(const std::filesystem::path& file, const Limits& limits,
                                  const EnumerationWatch& watch = {});
  static ParameterSpace from_json(const std::string& text, const std::string& origin, const Limits& limits,
                                  const EnumerationWatch& watch = {});

  // A space whose valid configurations are exactly `configs` (all naming the same parameters);
  // each parameter's values are the distinct values it takes there, ascending. Used for replay.
  static ParameterSpace from_configs(const std::string& kernel, const std::vector<KernelConfig>& configs);
  // The same from `row_count` rows of value positions into `parameters`' value lists (distinct
  // values, any order), one position per parameter in the order of `parameters`, row after row;
  // a row may repeat. Parameters are ordered by name and values ascending, as from_configs does.
  // `valid_index_of_row`, when given, receives each row's valid index.
  static ParameterSpace from_rows(const std::string& kernel, const std::vector<Parameter>& parameters,
                                  std::span<const std::uint16_t> rows, std::size_t row_count,
                                  std::vector<std::uint64_t>* valid_index_of_row = nullptr);

  const std::string& kernel() const { return kernel_; }
  const std::vector<Parameter>& parameters() const { return parameters_; }
  const std::vector<std::string>& constraints() const { return constraint_texts_; }
  const Limits& limits() const { return limits_; }

  std::uint64_t total_count() const;  // size of the Cartesian product of the value lists
  std::uint64_t valid_count() const { return valid_count_; }

  // Valid configurations in a deterministic order: lexicographic by value position, parameters in
  // the file's order. Throws gemmtune::InvalidArgument when out of range.
  KernelConfig at(std::uint64_t valid_index) const;
  std::optional<std::uint64_t> index_of(const KernelConfig& config) const;
  // All names known (and none missing), values in their lists, constraints hold.
  bool contains(const KernelConfig& config) const { return index_of(config).has_value(); }

  // Position of parameter `parameter`'s value in its list, for the configuration at `valid_index`.
  std::size_t value_position(std::uint64_t valid_index, std::size_t parameter) const;
  // The valid index of the configuration with these value positions (one per parameter), if valid.
  std::optional<std::uint64_t> index_of_positions(std::span<const std::uint16_t> positions) const;

  // Derived launch values (e.g. local and global ranges) declared in the file, evaluated for
  // `config` and the problem's inputs (e.g. {"M", 4096}). Throws gemmtune::ConfigError when an
  // input is missing or a value divides by zero.
  const std::vector<std::string>& inputs() const { return inputs_; }
  std::map<std::string, std::int64_t> derived(const KernelConfig& config, const std::map<std::string, std::int64_t>& inputs) const;

 private:
  struct Derived {
    std::string name;
    Expression expression;
  };

  void enumerate(const EnumerationWatch& watch);
  std::span<const std::uint16_t> positions_at(std::uint64_t valid_index) const;
  std::optional<std::vector<std::uint16_t>> positions_of(const KernelConfig& config) const;

  std::string origin_;
  std::string kernel_;
  std::vector<Parameter> parameters_;
  Limits limits_;
  std::vector<std::string> inputs_;
  std::vector<std::string> constraint_texts_;
  std::vector<Expression> conjuncts_;  // constraints split at top-level &&
  std::vector<Derived> derived_;
  std::vector<std::int64_t> slot_defaults_;  // parameters, then limits, then inputs
  std::vector<std::uint16_t> valid_;  // value positions of every valid configuration, row by row
  std::uint64_t valid_count_ = 0;
};

}  // namespace gemmtune::search
