// Enumeration (depth-first with pruning) and indexing of a parameter space.
#include "search/parameter_space.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>

#include "gemmtune/error.hpp"
#include "search/row_order.hpp"

namespace gemmtune::search {
namespace {

// Enough for any space a device session can explore; beyond it the file's value lists need narrowing.
constexpr std::uint64_t most_valid_configs = 20'000'000;

// Binds parameters so that constraints become checkable as early as possible: at each depth the
// parameter completing the most constraints, then the one named by the most constraints, then
// the one with the fewest values.
std::vector<std::size_t> binding_order(std::size_t parameter_count, const std::vector<Expression>& conjuncts,
                                       const std::vector<Parameter>& parameters) {
  std::vector<std::size_t> order;
  std::vector<bool> bound(parameter_count, false);
  const auto parameter_slots = [&](const Expression& e) {
    std::vector<std::size_t> slots;
    for (const std::size_t slot : e.slots())
      if (slot < parameter_count) slots.push_back(slot);
    return slots;
  };
  while (order.size() < parameter_count) {
    std::size_t best = parameter_count;
    std::tuple<std::size_t, std::size_t, std::int64_t> best_score{};
    for (std::size_t p = 0; p < parameter_count; ++p) {
      if (bound[p]) continue;
      std::size_t completed = 0, mentioned = 0;
      for (const auto& conjunct : conjuncts) {
        const auto slots = parameter_slots(conjunct);
        if (std::find(slots.begin(), slots.end(), p) == slots.end()) continue;
        ++mentioned;
        if (std::all_of(slots.begin(), slots.end(), [&](std::size_t s) { return s == p || bound[s]; })) ++completed;
      }
      const std::tuple<std::size_t, std::size_t, std::int64_t> score{
          completed, mentioned, -static_cast<std::int64_t>(parameters[p].values.size())};
      if (best == parameter_count || score > best_score) {
        best = p;
        best_score = score;
      }
    }
    bound[best] = true;
    order.push_back(best);
  }
  return order;
}

std::string tenths(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << seconds;
  return text.str();
}

}  // namespace

void ParameterSpace::enumerate(const EnumerationWatch& watch) {
  const std::size_t count = parameters_.size();
  valid_.clear();
  valid_count_ = 0;
  const std::vector<std::size_t> order = binding_order(count, conjuncts_, parameters_);

  // checks_at[d]: the conjuncts whose last parameter is bound at depth d.
  std::vector<std::vector<const Expression*>> checks_at(count);
  std::vector<std::size_t> depth_of(count);
  for (std::size_t d = 0; d < count; ++d) depth_of[order[d]] = d;
  std::vector<std::int64_t> values = slot_defaults_;
  for (const auto& conjunct : conjuncts_) {
    std::optional<std::size_t> deepest;
    for (const std::size_t slot : conjunct.slots())
      if (slot < count) deepest = std::max(deepest.value_or(0), depth_of[slot]);
    if (deepest) {
      checks_at[*deepest].push_back(&conjunct);
    } else if (conjunct.evaluate(values).value_or(0) == 0) {
      return;  // fails whatever the parameters: no valid configuration
    }
  }
  if (count == 0) return;

  // The clock is read once per batch of candidates: a candidate takes well under a microsecond.
  constexpr std::uint64_t batch = 4096;
  const auto started = std::chrono::steady_clock::now();
  const auto report_every = std::chrono::duration<double>(watch.progress_seconds);
  auto next_report = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(report_every);
  std::uint64_t checked = 0;
  const auto watch_the_clock = [&] {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - started).count();
    if (watch.deadline && now >= *watch.deadline)
      throw ConfigError(origin_ + ": too large to enumerate within the time limit (" + std::to_string(checked) +
                        " candidates checked, " + std::to_string(valid_count_) + " valid, in " + tenths(seconds) +
                        " s); raise the time limit or narrow the value lists");
    if (watch.progress && now >= next_report) {
      watch.progress(checked, valid_count_, seconds);
      next_report = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(report_every);
    }
  };

  std::vector<std::uint16_t> positions(count);
  const auto descend = [&](const auto& self, std::size_t depth) -> void {
    const std::size_t p = order[depth];
    for (std::size_t i = 0; i < parameters_[p].values.size(); ++i) {
      if (++checked % batch == 0) watch_the_clock();
      values[p] = parameters_[p].values[i];
      positions[p] = static_cast<std::uint16_t>(i);
      bool holds = true;
      for (const Expression* check : checks_at[depth])
        if (check->evaluate(values).value_or(0) == 0) {
          holds = false;
          break;
        }
      if (!holds) continue;
      if (depth + 1 < count) {
        self(self, depth + 1);
      } else {
        if (++valid_count_ > most_valid_configs)
          throw ConfigError(origin_ + ": more than " + std::to_string(most_valid_configs) +
                            " valid configurations; narrow the value lists");
        valid_.insert(valid_.end(), positions.begin(), positions.end());
      }
    }
  };
  descend(descend, 0);

  // Sort rows lexicographically (file order of parameters) so indices do not depend on the binding order.
  std::vector<std::size_t> value_counts;
  for (const auto& parameter : parameters_) value_counts.push_back(parameter.values.size());
  const auto row = [&](std::uint64_t r) { return valid_.begin() + static_cast<std::ptrdiff_t>(r * count); };
  std::vector<std::uint16_t> sorted;
  sorted.reserve(valid_.size());
  for (const std::uint64_t r : lexicographic_order(valid_, valid_count_, value_counts).rows)
    sorted.insert(sorted.end(), row(r), row(r) + static_cast<std::ptrdiff_t>(count));
  valid_ = std::move(sorted);
}

void check_value_count(const std::string& name, std::size_t count) {
  if (count > most_parameter_values)
    throw ConfigError("parameter " + name + " takes more than " + std::to_string(most_parameter_values) +
                      " distinct values");
}

std::uint64_t ParameterSpace::total_count() const {
  if (parameters_.empty()) return 0;
  std::uint64_t total = 1;
  for (const auto& parameter : parameters_) total *= parameter.values.size();
  return total;
}

std::span<const std::uint16_t> ParameterSpace::positions_at(std::uint64_t valid_index) const {
  return {valid_.data() + valid_index * parameters_.size(), parameters_.size()};
}

KernelConfig ParameterSpace::at(std::uint64_t valid_index) const {
  if (valid_index >= valid_count_)
    throw InvalidArgument("configuration index " + std::to_string(valid_index) + " out of range (the space has " +
                          std::to_string(valid_count_) + " valid configurations)");
  KernelConfig config;
  const auto positions = positions_at(valid_index);
  for (std::size_t p = 0; p < parameters_.size(); ++p) config[parameters_[p].name] = parameters_[p].values[positions[p]];
  return config;
}

std::optional<std::vector<std::uint16_t>> ParameterSpace::positions_of(const KernelConfig& config) const {
  if (config.size() != parameters_.size()) return std::nullopt;
  std::vector<std::uint16_t> positions(parameters_.size());
  for (std::size_t p = 0; p < parameters_.size(); ++p) {
    const auto found = config.find(parameters_[p].name);
    if (found == config.end()) return std::nullopt;
    const auto& values = parameters_[p].values;
    const auto value = std::find(values.begin(), values.end(), found->second);
    if (value == values.end()) return std::nullopt;
    positions[p] = static_cast<std::uint16_t>(value - values.begin());
  }
  return positions;
}

std::optional<std::uint64_t> ParameterSpace::index_of_positions(std::span<const std::uint16_t> positions) const {
  const std::size_t count = parameters_.size();
  if (positions.size() != count || count == 0) return std::nullopt;
  std::uint64_t low = 0, high = valid_count_;
  while (low < high) {
    const std::uint64_t middle = low + (high - low) / 2;
    const auto row = positions_at(middle);
    if (std::lexicographical_compare(row.begin(), row.end(), positions.begin(), positions.end()))
      low = middle + 1;
    else
      high = middle;
  }
  if (low < valid_count_ && std::equal(positions.begin(), positions.end(), positions_at(low).begin())) return low;
  return std::nullopt;
}

std::optional<std::uint64_t> ParameterSpace::index_of(const KernelConfig& config) const {
  const auto positions = positions_of(config);
  if (!positions) return std::nullopt;
  return index_of_positions(*positions);
}

std::size_t ParameterSpace::value_position(std::uint64_t valid_index, std::size_t parameter) const {
  return positions_at(valid_index)[parameter];
}

std::map<std::string, std::int64_t> ParameterSpace::derived(const KernelConfig& config,
                                                            const std::map<std::string, std::int64_t>& inputs) const {
  std::vector<std::int64_t> values = slot_defaults_;
  for (std::size_t p = 0; p < parameters_.size(); ++p) {
    const auto found = config.find(parameters_[p].name);
    if (found == config.end()) throw ConfigError("configuration '" + config_key(config) + "' lacks " + parameters_[p].name);
    values[p] = found->second;
  }
  const std::size_t first_input = parameters_.size() + limits_.size();
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const auto found = inputs.find(inputs_[i]);
    if (found == inputs.end()) throw ConfigError(origin_ + ": derived values need input '" + inputs_[i] + "'");
    values[first_input + i] = found->second;
  }
  std::map<std::string, std::int64_t> result;
  for (const auto& [name, expression] : derived_) {
    const auto value = expression.evaluate(values);
    if (!value)
      throw ConfigError(origin_ + ": derived value " + name + " \"" + expression.text() +
                        "\" divides by zero or overflows for " + config_key(config));
    result[name] = *value;
  }
  return result;
}

}  // namespace gemmtune::search
