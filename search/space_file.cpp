// Reading a parameter space from its JSON file (format in configs/README.md), with exact messages.
#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "core/input_file.hpp"
#include "core/parameter_name.hpp"
#include "gemmtune/error.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune::search {
namespace {

std::int64_t integer_value(const boost::json::value& value, const std::string& where) {
  if (value.is_int64()) return value.as_int64();
  if (value.is_uint64() && value.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::int64_t>(value.as_uint64());
  throw ConfigError(where + " must be an integer, not " + boost::json::serialize(value));
}

// An expression as messages quote it: a long one is cut, so that the message stays a readable line.
std::string quoted(const std::string& expression) {
  constexpr std::size_t shown = 80;
  return '"' + (expression.size() <= shown ? expression : expression.substr(0, shown) + "...") + '"';
}

const boost::json::array& array_member(const boost::json::object& object, const char* key, const std::string& origin) {
  const auto* found = object.if_contains(key);
  if (!found || !found->is_array()) throw ConfigError(origin + ": \"" + key + "\" must be an array");
  return found->as_array();
}

}  // namespace

ParameterSpace ParameterSpace::from_file(const std::filesystem::path& file, const Limits& limits,
                                         const EnumerationWatch& watch) {
  return from_json(read_input_file(file, space_file_limit, "space file"), file.string(), limits, watch);
}

ParameterSpace ParameterSpace::from_json(const std::string& text, const std::string& origin, const Limits& limits,
                                         const EnumerationWatch& watch) {
  boost::system::error_code error;
  const boost::json::value document = boost::json::parse(text, error);
  if (error) throw ConfigError(origin + ": invalid JSON: " + error.message());
  if (!document.is_object()) throw ConfigError(origin + ": expected a JSON object");
  const boost::json::object& root = document.as_object();
  static const std::set<std::string> known_keys = {"kernel", "description", "parameters", "constraints", "inputs", "derived"};
  for (const auto& item : root)
    if (!known_keys.contains(std::string(item.key())))
      throw ConfigError(origin + ": unknown key \"" + std::string(item.key()) +
                        "\" (expected kernel, description, parameters, constraints, inputs, derived)");

  ParameterSpace space;
  space.origin_ = origin;
  const auto* kernel = root.if_contains("kernel");
  if (!kernel || !kernel->is_string() || !is_identifier(std::string(kernel->as_string())))
    throw ConfigError(origin + ": \"kernel\" must be a kernel name");
  space.kernel_ = std::string(kernel->as_string());

  std::map<std::string, std::size_t> slot_of_name;
  for (const auto& entry : array_member(root, "parameters", origin)) {
    const std::string where = origin + ": parameter " + std::to_string(space.parameters_.size() + 1);
    if (!entry.is_object()) throw ConfigError(where + " must be an object with \"name\" and \"values\"");
    const auto& object = entry.as_object();
    const auto* name = object.if_contains("name");
    if (!name || !name->is_string()) throw ConfigError(where + " lacks a \"name\"");
    Parameter parameter{std::string(name->as_string()), {}};
    if (!is_parameter_name(parameter.name))
      throw ConfigError(where + ": name '" + parameter.name + "' must match [A-Z_][A-Z0-9_]*");
    if (slot_of_name.contains(parameter.name)) throw ConfigError(where + ": parameter " + parameter.name + " is declared twice");
    const auto* values = object.if_contains("values");
    if (!values || !values->is_array() || values->as_array().empty())
      throw ConfigError(origin + ": parameter " + parameter.name + " needs a non-empty \"values\" array");
    for (const auto& value : values->as_array()) {
      const std::int64_t number = integer_value(value, origin + ": parameter " + parameter.name + ": every value");
      if (std::find(parameter.values.begin(), parameter.values.end(), number) != parameter.values.end())
        throw ConfigError(origin + ": parameter " + parameter.name + ": value " + std::to_string(number) + " is listed twice");
      parameter.values.push_back(number);
    }
    if (parameter.values.size() > most_parameter_values)
      throw ConfigError(origin + ": parameter " + parameter.name + " has more than " + std::to_string(most_parameter_values) +
                        " values");
    slot_of_name[parameter.name] = space.parameters_.size();
    space.parameters_.push_back(std::move(parameter));
  }
  if (space.parameters_.empty()) throw ConfigError(origin + ": \"parameters\" must list at least one parameter");

  space.slot_defaults_.assign(space.parameters_.size(), 0);
  for (const auto& [name, value] : limits) {
    if (slot_of_name.contains(name)) throw ConfigError(origin + ": device limit " + name + " has a parameter's name");
    slot_of_name[name] = space.slot_defaults_.size();
    space.slot_defaults_.push_back(value);
  }
  space.limits_ = limits;
  const auto resolve_constraint_name = [&](const std::string& name) -> std::optional<std::size_t> {
    const auto found = slot_of_name.find(name);
    if (found == slot_of_name.end()) return std::nullopt;
    return found->second;
  };

  if (root.contains("constraints")) {
    for (const auto& entry : array_member(root, "constraints", origin)) {
      const std::string number = std::to_string(space.constraint_texts_.size() + 1);
      if (!entry.is_string()) throw ConfigError(origin + ": constraint " + number + " must be a string");
      const std::string expression_text(entry.as_string());
      try {
        const Expression expression = Expression::parse(expression_text, resolve_constraint_name);
        for (auto& conjunct : expression.conjuncts()) space.conjuncts_.push_back(std::move(conjunct));
      } catch (const ExpressionError& bad) {
        throw ConfigError(origin + ": constraint " + number + " " + quoted(expression_text) + ": " + bad.what());
      }
      space.constraint_texts_.push_back(expression_text);
    }
  }

  if (root.contains("inputs")) {
    for (const auto& entry : array_member(root, "inputs", origin)) {
      if (!entry.is_string() || !is_identifier(std::string(entry.as_string())))
        throw ConfigError(origin + ": every input must be a name, not " + boost::json::serialize(entry));
      const std::string name(entry.as_string());
      if (slot_of_name.contains(name)) throw ConfigError(origin + ": input " + name + " is already a parameter or device limit");
      slot_of_name[name] = space.slot_defaults_.size();
      space.slot_defaults_.push_back(0);
      space.inputs_.push_back(name);
    }
  }

  if (const auto* derived = root.if_contains("derived")) {
    if (!derived->is_object()) throw ConfigError(origin + ": \"derived\" must be an object of name: expression");
    for (const auto& item : derived->as_object()) {
      const std::string name(item.key());
      if (!item.value().is_string()) throw ConfigError(origin + ": derived value " + name + " must be an expression string");
      const std::string expression_text(item.value().as_string());
      try {
        space.derived_.push_back({name, Expression::parse(expression_text, resolve_constraint_name)});
      } catch (const ExpressionError& bad) {
        throw ConfigError(origin + ": derived value " + name + " " + quoted(expression_text) + ": " + bad.what());
      }
    }
  }

  space.enumerate(watch);
  return space;
}

}  // namespace gemmtune::search
