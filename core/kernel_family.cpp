// Reads a kernel family's description and answers from it: defaults, rules, build options, ranges.
#include "core/kernel_family.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "core/parameter_name.hpp"
#include "core/precision.hpp"
#include "core/transpose_code.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

const std::vector<std::string> problem_names = {"M", "N", "K"};

const boost::json::object& object_at(const boost::json::value& value, const std::string& where) {
  if (!value.is_object()) throw ConfigError(where + " must be an object");
  return value.as_object();
}

const boost::json::value* member(const boost::json::object& object, const char* key) { return object.if_contains(key); }

std::string string_at(const boost::json::object& object, const char* key, const std::string& where,
                      bool required = true) {
  const auto* value = member(object, key);
  if (!value) {
    if (required) throw ConfigError(where + ": \"" + key + "\" is missing");
    return "";
  }
  if (!value->is_string()) throw ConfigError(where + ": \"" + key + "\" must be a string");
  return std::string(value->as_string());
}

std::int64_t integer_at(const boost::json::value& value, const std::string& where) {
  if (value.is_int64()) return value.as_int64();
  if (value.is_uint64() && value.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::int64_t>(value.as_uint64());
  throw ConfigError(where + " must be a 64-bit integer, not " + boost::json::serialize(value));
}

const boost::json::array& array_at(const boost::json::object& object, const char* key, const std::string& where) {
  static const boost::json::array empty;
  const auto* value = member(object, key);
  if (!value) return empty;
  if (!value->is_array()) throw ConfigError(where + ": \"" + key + "\" must be an array");
  return value->as_array();
}

std::vector<std::string> strings_at(const boost::json::object& object, const char* key, const std::string& where) {
  std::vector<std::string> texts;
  for (const auto& item : array_at(object, key, where)) {
    if (!item.is_string()) throw ConfigError(where + ": every entry of \"" + key + "\" must be a string");
    texts.emplace_back(item.as_string());
  }
  return texts;
}

// Each key of `object` must be one of `known`: a misspelt key is an error, not a silent default.
void reject_unknown_keys(const boost::json::object& object, const std::set<std::string>& known,
                         const std::string& where) {
  for (const auto& item : object)
    if (!known.contains(std::string(item.key())))
      throw ConfigError(where + ": unknown key \"" + std::string(item.key()) + "\"");
}

// A condition that overflows or divides by zero does not hold.
bool holds(const Expression& condition, const std::vector<std::int64_t>& values) {
  const auto value = condition.evaluate(values);
  return value && *value;
}

}  // namespace

std::int64_t widest_aligned_width(std::int64_t width, std::size_t ld, std::size_t offset) {
  while (width > 1 && (ld % static_cast<std::size_t>(width) != 0 || offset % static_cast<std::size_t>(width) != 0))
    width /= 2;
  return width;
}

const std::vector<std::string>& device_limit_names() {
  static const std::vector<std::string> names = {
      "max_work_group_size", "max_work_item_size_0", "max_work_item_size_1", "max_work_item_size_2",
      "local_mem_size",      "element_bytes",        "nv_compiler_options",  "cpu_device",
      "nv_compute_capability", "product_terms"};
  return names;
}

KernelFamily KernelFamily::from_json(const std::string& description, KernelSource source, const std::string& origin) {
  boost::system::error_code error;
  const boost::json::value document = boost::json::parse(description, error);
  if (error) throw ConfigError(origin + ": invalid JSON: " + error.message());
  const auto& root = object_at(document, origin);
  static const std::set<std::string> known = {"family", "summary", "description", "includes", "entry", "scale_entry",
                                              "scale_first", "precisions", "transpositions", "parameters",
                                              "device_defaults", "safe_defaults", "rules", "choices", "defines",
                                              "compiler_options", "ptx_target", "default_priority", "global",
                                              "local", "model", "pack", "tensor_maps", "starting_points"};
  reject_unknown_keys(root, known, origin);

  KernelFamily family;
  family.origin_ = origin;
  family.description_ = description;
  family.source_ = std::move(source);
  family.name_ = string_at(root, "family", origin);
  family.summary_ = string_at(root, "summary", origin);
  family.entry_ = string_at(root, "entry", origin);
  family.scale_entry_ = string_at(root, "scale_entry", origin, false);
  if (const auto* priority = member(root, "default_priority")) {
    const std::int64_t value = integer_at(*priority, origin + ": \"default_priority\"");
    if (value < -1000 || value > 1000) throw ConfigError(origin + ": \"default_priority\" must lie in [-1000, 1000]");
    family.default_priority_ = static_cast<int>(value);
  }
  family.includes_ = strings_at(root, "includes", origin);
  family.source_.ptx_target = string_at(root, "ptx_target", origin, false);
  static const std::regex architecture("sm_[0-9]+a?");
  if (!family.source_.ptx_target.empty() && !std::regex_match(family.source_.ptx_target, architecture))
    throw ConfigError(origin + ": \"ptx_target\" must name an architecture such as sm_90a, not '" +
                      family.source_.ptx_target + "'");

  std::map<std::string, std::size_t> slot_of;
  for (const auto& entry : array_at(root, "parameters", origin)) {
    const std::string where = origin + ": parameter " + std::to_string(family.parameters_.size() + 1);
    const auto& object = object_at(entry, where);
    FamilyParameter parameter;
    parameter.name = string_at(object, "name", where);
    if (!is_parameter_name(parameter.name))
      throw ConfigError(where + ": name '" + parameter.name + "' must match [A-Z_][A-Z0-9_]*");
    if (slot_of.contains(parameter.name)) throw ConfigError(where + ": " + parameter.name + " is declared twice");
    const auto* default_value = member(object, "default");
    if (!default_value) throw ConfigError(where + " (" + parameter.name + "): \"default\" is missing");
    parameter.default_value = integer_at(*default_value, where + " (" + parameter.name + "): the default");
    for (const auto& value : array_at(object, "values", where))
      parameter.values.push_back(integer_at(value, where + " (" + parameter.name + "): every value"));
    parameter.meaning = string_at(object, "meaning", where);
    parameter.aligned_to = string_at(object, "aligned_to", where, false);
    if (!parameter.aligned_to.empty() && parameter.aligned_to != "A" && parameter.aligned_to != "B")
      throw ConfigError(where + " (" + parameter.name + "): \"aligned_to\" must be \"A\" or \"B\"");
    if (const auto* adapts = member(object, "adapts_to_shape")) {
      if (!adapts->is_bool()) throw ConfigError(where + " (" + parameter.name + "): \"adapts_to_shape\" must be true or false");
      parameter.adapts_to_shape = adapts->as_bool();
    }
    if (member(object, "shape_values")) {
      if (!parameter.adapts_to_shape)
        throw ConfigError(where + " (" + parameter.name + "): \"shape_values\" needs \"adapts_to_shape\": true");
      for (const auto& value : array_at(object, "shape_values", where + " (" + parameter.name + ")")) {
        const std::int64_t shape_value = integer_at(value, where + " (" + parameter.name + "): every shape value");
        if (std::ranges::find(parameter.values, shape_value) != parameter.values.end())
          throw ConfigError(where + " (" + parameter.name + "): shape value " + std::to_string(shape_value) +
                            " is one of its \"values\" already");
        parameter.shape_values.push_back(shape_value);
      }
    }
    slot_of[parameter.name] = family.parameters_.size();
    family.parameters_.push_back(std::move(parameter));
  }
  if (family.parameters_.empty()) throw ConfigError(origin + ": \"parameters\" must list at least one parameter");
  for (const auto& name : device_limit_names()) slot_of[name] = slot_of.size();
  const std::size_t first_problem_slot = slot_of.size();
  for (const auto& name : problem_names) slot_of[name] = slot_of.size();

  // Rules, choices and conditions see parameters and limits; ranges and defines the problem too.
  const auto parser = [&](bool with_problem) {
    return [&, with_problem](const std::string& name) -> std::optional<std::size_t> {
      const auto found = slot_of.find(name);
      if (found == slot_of.end() || (!with_problem && found->second >= first_problem_slot)) return std::nullopt;
      return found->second;
    };
  };
  const auto parse = [&](const std::string& text, const std::string& where, bool with_problem) {
    const std::string expanded = family.with_defines(text);
    try {
      return Expression::parse(expanded, parser(with_problem));
    } catch (const ExpressionError& bad) {
      const std::string read_as = expanded == text ? "" : " (read as \"" + expanded + "\")";
      throw ConfigError(origin + ": " + where + " \"" + text + "\"" + read_as + ": " + bad.what());
    }
  };
  // Defines first: each later expression, a later define's included, may name one for its
  // expression (with_defines), so that what the kernel and the rules both need is written once.
  if (const auto* defines = member(root, "defines"))
    for (const auto& [name, text] : object_at(*defines, origin + ": \"defines\"")) {
      if (!is_parameter_name(name) || !text.is_string())
        throw ConfigError(origin + ": every define must be NAME: \"expression\"");
      if (slot_of.contains(std::string(name)))
        throw ConfigError(origin + ": define " + std::string(name) + " is named as a parameter, a device limit or M, N, K");
      family.derived_defines_.emplace_back(std::string(name), parse(std::string(text.as_string()), "define " + std::string(name), true));
      family.define_expansions_.emplace_back(std::string(name), family.with_defines(std::string(text.as_string())));
    }

  for (const auto& code : strings_at(root, "precisions", origin)) {
    const auto precision = precision_from_code(code);
    if (!precision) throw ConfigError(origin + ": unknown precision \"" + code + "\"");
    family.precisions_.push_back(*precision);
  }
  if (family.precisions_.empty()) throw ConfigError(origin + ": \"precisions\" must name at least one");
  family.transpositions_ = strings_at(root, "transpositions", origin);
  for (const auto& trans : family.transpositions_)
    if (!is_transpose_code(trans)) throw ConfigError(origin + ": unknown transposition \"" + trans + "\"");

  family.rule_texts_ = strings_at(root, "rules", origin);
  for (std::size_t i = 0; i < family.rule_texts_.size(); ++i)
    family.rules_.push_back(parse(family.rule_texts_[i], "rule " + std::to_string(i + 1), false));
  family.choice_texts_ = strings_at(root, "choices", origin);
  for (std::size_t i = 0; i < family.choice_texts_.size(); ++i)
    family.choices_.push_back(parse(family.choice_texts_[i], "choice " + std::to_string(i + 1), false));

  const auto config_at = [&](const boost::json::value& value, const std::string& where) {
    KernelConfig config;
    for (const auto& [name, item] : object_at(value, where)) {
      if (!slot_of.contains(std::string(name)) || slot_of.at(std::string(name)) >= family.parameters_.size())
        throw ConfigError(where + ": unknown parameter " + std::string(name));
      config[std::string(name)] = integer_at(item, where + ": " + std::string(name));
    }
    return config;
  };
  // A condition and the configuration it gives: a device default's or a starting point's.
  const auto conditional_at = [&](const boost::json::object& object, const std::string& label, bool with_problem,
                                  const std::set<std::string>& more_keys) {
    const std::string where = origin + ": " + label;
    std::set<std::string> known = more_keys;
    known.insert({"when", "config"});
    reject_unknown_keys(object, known, where);
    const std::string when = string_at(object, "when", where);
    const auto* config = member(object, "config");
    if (!config) throw ConfigError(where + ": \"config\" is missing");
    return Conditional{parse(when, label + " condition", with_problem), when, config_at(*config, where)};
  };
  // The family's own precisions named under `key` of `object`, in its order.
  const auto family_precisions_at = [&](const boost::json::object& object, const char* key, const std::string& where) {
    std::vector<Precision> precisions;
    for (const auto& code : strings_at(object, key, where)) {
      const auto precision = precision_from_code(code);
      if (!precision || std::ranges::find(family.precisions_, *precision) == family.precisions_.end())
        throw ConfigError(where + ": \"" + code + "\" is not a precision of the family");
      precisions.push_back(*precision);
    }
    return precisions;
  };
  for (const auto& entry : array_at(root, "device_defaults", origin)) {
    const std::string label = "device default " + std::to_string(family.device_defaults_.size() + 1);
    family.device_defaults_.push_back(conditional_at(object_at(entry, origin + ": " + label), label, false, {}));
  }
  for (const auto& entry : array_at(root, "safe_defaults", origin))
    family.safe_defaults_.push_back(config_at(entry, origin + ": safe default " + std::to_string(family.safe_defaults_.size() + 1)));
  for (const auto& entry : array_at(root, "starting_points", origin)) {
    const std::string label = "starting point " + std::to_string(family.starting_points_.size() + 1);
    const std::string where = origin + ": " + label;
    const auto& object = object_at(entry, where);
    StartingPoint point{strings_at(object, "transpositions", where), family_precisions_at(object, "precisions", where),
                        conditional_at(object, label, true, {"transpositions", "precisions"})};
    for (const auto& trans : point.transpositions)
      if (!is_transpose_code(trans))
        throw ConfigError(where + ": unknown transposition \"" + trans + "\"");
      else if (std::ranges::find(family.transpositions_, trans) == family.transpositions_.end())
        throw ConfigError(where + ": the family does not serve transposition \"" + trans + "\"");
    // Evaluated before any configuration is: a parameter would read its default, not the point's.
    for (const std::size_t slot : point.conditional.when.slots())
      if (slot < family.parameters_.size())
        throw ConfigError(where + ": \"when\" reads parameter " + family.parameters_[slot].name +
                          " (perhaps through a define); it is evaluated before any configuration, so it may read"
                          " the device limits and M, N, K only");
    family.starting_points_.push_back(std::move(point));
  }

  for (const auto& entry : array_at(root, "compiler_options", origin)) {
    const std::string where = origin + ": compiler option";
    const auto& object = object_at(entry, where);
    family.compiler_options_.push_back({parse(string_at(object, "when", where), "compiler option condition", false),
                                        string_at(object, "option", where),
                                        parse(string_at(object, "value", where), "compiler option value", false)});
  }
  if (const auto* scale = member(root, "scale_first")) {
    if (!scale->is_string()) throw ConfigError(origin + ": \"scale_first\" must be an expression");
    family.scale_first_ = parse(std::string(scale->as_string()), "scale_first", false);
    if (family.scale_entry_.empty()) throw ConfigError(origin + ": \"scale_first\" needs a \"scale_entry\"");
  }
  if (const auto* pack = member(root, "pack")) {
    const std::string where = origin + ": pack";
    const auto& object = object_at(*pack, where);
    reject_unknown_keys(object, {"entry", "precisions", "when", "rows_a", "rows_b", "depth", "tile_rows_a", "tile_rows_b",
                                 "tile_depth", "in_place"},
                        where);
    PackDescription description{string_at(object, "entry", where), {},
                                parse(string_at(object, "rows_a", where), "pack.rows_a", true),
                                parse(string_at(object, "rows_b", where), "pack.rows_b", true),
                                parse(string_at(object, "depth", where), "pack.depth", true), std::nullopt,
                                std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    if (member(object, "when")) description.when = parse(string_at(object, "when", where), "pack.when", false);
    if (member(object, "in_place"))
      description.in_place = parse(string_at(object, "in_place", where), "pack.in_place", false);
    const bool tiled = member(object, "tile_rows_a") || member(object, "tile_rows_b") || member(object, "tile_depth");
    if (tiled) {
      description.tile_rows_a = parse(string_at(object, "tile_rows_a", where), "pack.tile_rows_a", true);
      description.tile_rows_b = parse(string_at(object, "tile_rows_b", where), "pack.tile_rows_b", true);
      description.tile_depth = parse(string_at(object, "tile_depth", where), "pack.tile_depth", true);
    }
    description.precisions = family_precisions_at(object, "precisions", where);
    if (description.precisions.empty() && !description.when)
      throw ConfigError(where + ": \"precisions\" or \"when\" must say when operands are packed");
    family.pack_ = std::move(description);
  }
  if (const auto* maps = member(root, "tensor_maps")) {
    const std::string where = origin + ": tensor_maps";
    const auto& object = object_at(*maps, where);
    reject_unknown_keys(object, {"when", "entry", "tile_m", "tile_n", "tile_k", "unaligned", "box_bytes"}, where);
    const auto* unaligned = member(object, "unaligned");
    if (!unaligned) throw ConfigError(where + ": \"unaligned\" must say the configuration of an unaligned operand");
    family.tensor_maps_ = TensorMapDescription{parse(string_at(object, "when", where), "tensor_maps.when", false),
                                               string_at(object, "entry", where),
                                               parse(string_at(object, "tile_m", where), "tensor_maps.tile_m", false),
                                               parse(string_at(object, "tile_n", where), "tensor_maps.tile_n", false),
                                               parse(string_at(object, "tile_k", where), "tensor_maps.tile_k", false),
                                               config_at(*unaligned, where + ": unaligned"),
                                               member(object, "box_bytes")
                                                   ? std::optional(parse(string_at(object, "box_bytes", where),
                                                                         "tensor_maps.box_bytes", false))
                                                   : std::nullopt};
  }
  for (const auto& [key, target] : {std::pair{"global", &family.global_}, std::pair{"local", &family.local_}}) {
    const auto texts = strings_at(root, key, origin);
    if (texts.empty() || texts.size() > 3) throw ConfigError(origin + ": \"" + key + "\" must list 1 to 3 expressions");
    for (std::size_t i = 0; i < texts.size(); ++i)
      (*target)[i] = parse(texts[i], std::string(key) + " range " + std::to_string(i), true);
  }
  if (const auto* model = member(root, "model")) {
    const std::string where = origin + ": model";
    const auto& object = object_at(*model, where);
    reject_unknown_keys(object, {"work_per_group", "resident", "c_passes", "c_additions", "c_store_stride"}, where);
    if (member(object, "work_per_group"))
      family.work_per_group_ = parse(string_at(object, "work_per_group", where), "model.work_per_group", true);
    if (member(object, "resident"))
      family.resident_ = parse(string_at(object, "resident", where), "model.resident", false);
    if (member(object, "c_passes"))
      family.c_passes_ = parse(string_at(object, "c_passes", where), "model.c_passes", false);
    if (member(object, "c_additions"))
      family.c_additions_ = parse(string_at(object, "c_additions", where), "model.c_additions", false);
    if (member(object, "c_store_stride"))
      family.c_store_stride_ = parse(string_at(object, "c_store_stride", where), "model.c_store_stride", true);
  }
  return family;
}

bool KernelFamily::serves(Precision precision, const std::string& trans) const {
  return std::find(precisions_.begin(), precisions_.end(), precision) != precisions_.end() &&
         std::find(transpositions_.begin(), transpositions_.end(), trans) != transpositions_.end();
}

KernelConfig KernelFamily::defaults() const {
  KernelConfig config;
  for (const auto& parameter : parameters_) config[parameter.name] = parameter.default_value;
  return config;
}

KernelConfig KernelFamily::complete(KernelConfig config) const {
  for (const auto& parameter : parameters_) config.try_emplace(parameter.name, parameter.default_value);
  if (config.size() != parameters_.size()) reject_unknown_parameter(config);
  return config;
}

void KernelFamily::reject_unknown_parameter(const KernelConfig& config) const {
  for (const auto& entry : config)
    if (std::ranges::none_of(parameters_, [&](const FamilyParameter& parameter) { return parameter.name == entry.first; }))
      throw ConfigError("unknown " + name_ + " parameter '" + entry.first + "'");
}

std::string KernelFamily::with_defines(std::string text) const {
  const auto is_name_character = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (const auto& [name, expansion] : define_expansions_)
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
      const std::size_t end = at + name.size();
      if ((at > 0 && is_name_character(text[at - 1])) || (end < text.size() && is_name_character(text[end]))) {
        at = end;
        continue;
      }
      text.replace(at, name.size(), "(" + expansion + ")");
      at += expansion.size() + 2;
    }
  return text;
}

std::vector<std::int64_t> KernelFamily::slots(const KernelConfig& config, const NamedValues& limits,
                                              const ProblemSize& problem) const {
  // Read in place rather than from a completed copy: the model reads thousands of configurations,
  // nearly all complete already, for each problem it ranks.
  std::vector<std::int64_t> values;
  values.reserve(parameters_.size() + device_limit_names().size() + 3);
  std::size_t given = 0;
  for (const auto& parameter : parameters_) {
    const auto found = config.find(parameter.name);
    given += found != config.end();
    values.push_back(found != config.end() ? found->second : parameter.default_value);
  }
  if (given != config.size()) reject_unknown_parameter(config);
  for (const auto& name : device_limit_names()) {
    const auto found = limits.find(name);
    values.push_back(found == limits.end() ? 0 : found->second);
  }
  values.insert(values.end(), {problem.m, problem.n, problem.k});
  return values;
}

std::int64_t KernelFamily::evaluate(const Expression& expression, const std::vector<std::int64_t>& values,
                                    const char* what) const {
  const auto value = expression.evaluate(values);
  if (!value) throw ConfigError(name_ + ": " + what + " '" + expression.text() + "' overflows or divides by zero");
  return *value;
}

KernelConfig KernelFamily::default_for(const NamedValues& limits) const {
  std::vector<std::int64_t> values = slots(defaults(), limits, {});
  KernelConfig config = defaults();
  for (const auto& conditional : device_defaults_)
    if (holds(conditional.when, values)) {
      config = complete(conditional.config);
      break;
    }
  if (!rule_violation(config, limits)) return config;
  if (!rule_violation(defaults(), limits)) return defaults();
  for (const auto& candidate : safe_defaults_)
    if (!rule_violation(complete(candidate), limits)) return complete(candidate);
  return config;  // nothing fits: the launch will say why
}

std::vector<KernelConfig> KernelFamily::starting_points(const NamedValues& limits, Precision precision,
                                                        const ProblemSize& problem, const std::string& trans) const {
  const std::vector<std::int64_t> values = slots(defaults(), limits, problem);
  const auto lists = [](const auto& list, const auto& item) {
    return list.empty() || std::ranges::find(list, item) != list.end();
  };
  std::vector<KernelConfig> configs;
  for (const auto& point : starting_points_)
    if (lists(point.transpositions, trans) && lists(point.precisions, precision) && holds(point.conditional.when, values))
      configs.push_back(complete(point.conditional.config));
  return configs;
}

std::optional<std::string> KernelFamily::rule_violation(const KernelConfig& config, const NamedValues& limits) const {
  return first_violation(rules_, rule_texts_, "rule", config, limits, false);
}

std::optional<std::string> KernelFamily::choice_violation(const KernelConfig& config, const NamedValues& limits) const {
  return first_violation(choices_, choice_texts_, "choice", config, limits, false);
}

std::optional<std::string> KernelFamily::device_violation(const NamedValues& limits) const {
  return first_violation(rules_, rule_texts_, "rule", defaults(), limits, true);
}

std::optional<std::string> KernelFamily::first_violation(const std::vector<Expression>& conditions,
                                                         const std::vector<std::string>& texts, const char* kind,
                                                         const KernelConfig& config, const NamedValues& limits,
                                                         bool device_rules_only) const {
  const std::vector<std::int64_t> values = slots(config, limits, {});
  const auto reads_parameters = [&](const Expression& rule) {
    return std::ranges::any_of(rule.slots(), [&](std::size_t slot) { return slot < parameters_.size(); });
  };
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    if (device_rules_only && reads_parameters(conditions[i])) continue;
    const auto holds = conditions[i].evaluate(values);
    if (holds && *holds) continue;
    std::ostringstream message;
    message << kind << " '" << texts[i] << "' " << (holds ? "fails" : "overflows 64-bit arithmetic") << ":";
    for (const std::size_t slot : conditions[i].slots()) {
      if (slot < parameters_.size()) message << ' ' << parameters_[slot].name << '=' << values[slot];
      else message << ' ' << device_limit_names()[slot - parameters_.size()] << '=' << values[slot];
    }
    return message.str();
  }
  return std::nullopt;
}

KernelConfig KernelFamily::aligned(KernelConfig config, std::size_t lda, std::size_t a_offset, std::size_t ldb,
                                   std::size_t b_offset) const {
  config = complete(std::move(config));
  for (const auto& parameter : parameters_) {
    if (parameter.aligned_to == "A") config[parameter.name] = widest_aligned_width(config[parameter.name], lda, a_offset);
    if (parameter.aligned_to == "B") config[parameter.name] = widest_aligned_width(config[parameter.name], ldb, b_offset);
  }
  if (uses_tensor_maps(config) &&
      (widest_aligned_width(tensor_map_alignment, lda, a_offset) < tensor_map_alignment ||
       widest_aligned_width(tensor_map_alignment, ldb, b_offset) < tensor_map_alignment))
    for (const auto& [name, value] : tensor_maps_->unaligned) config[name] = value;
  return config;
}

std::string KernelFamily::build_options(const KernelConfig& config, Precision precision, bool trans_a, bool trans_b,
                                        const ProblemSize& problem) const {
  const KernelConfig full = complete(config);
  const std::vector<std::int64_t> values = slots(full, {}, problem);
  std::ostringstream options;
  for (const auto& [name, value] : full) options << "-D" << name << '=' << value << ' ';
  options << "-DPRECISION=" << precision_info(precision).kernel_code << " -DTRANSA=" << trans_a
          << " -DTRANSB=" << trans_b;
  for (const auto& [name, expression] : derived_defines_)
    options << " -D" << name << '=' << evaluate(expression, values, "define");
  if (pack_) options << " -DPACKED=" << packs(full, precision);
  if (packs_in_place(full, precision)) options << " -DPACKED_A=" << trans_a << " -DPACKED_B=" << !trans_b;
  for (const auto& option : compiler_options_)
    if (evaluate(option.when, values, "compiler option condition"))
      options << ' ' << option.option << evaluate(option.value, values, "compiler option value");
  return options.str();
}

bool KernelFamily::uses_tensor_maps(const KernelConfig& config) const {
  return tensor_maps_ && evaluate(tensor_maps_->when, slots(config, {}, {}), "tensor_maps.when") != 0;
}

std::optional<KernelFamily::TensorMapTiles> KernelFamily::tensor_map_tiles(const KernelConfig& config) const {
  if (!uses_tensor_maps(config)) return std::nullopt;
  const std::vector<std::int64_t> values = slots(config, {}, {});
  return TensorMapTiles{tensor_maps_->entry, evaluate(tensor_maps_->tile_m, values, "tensor_maps.tile_m"),
                        evaluate(tensor_maps_->tile_n, values, "tensor_maps.tile_n"),
                        evaluate(tensor_maps_->tile_k, values, "tensor_maps.tile_k"),
                        tensor_maps_->box_bytes ? evaluate(*tensor_maps_->box_bytes, values, "tensor_maps.box_bytes") : 128};
}

bool KernelFamily::scale_first(const KernelConfig& config) const {
  return scale_first_ && evaluate(*scale_first_, slots(config, {}, {}), "scale_first") != 0;
}

bool KernelFamily::packs(const KernelConfig& config, Precision precision) const {
  if (!pack_) return false;
  if (std::ranges::find(pack_->precisions, precision) != pack_->precisions.end()) return true;
  return pack_->when && evaluate(*pack_->when, slots(config, {}, {}), "pack.when") != 0;
}

bool KernelFamily::packs_in_place(const KernelConfig& config, Precision precision) const {
  return packs(config, precision) && pack_->in_place &&
         evaluate(*pack_->in_place, slots(config, {}, {}), "pack.in_place") != 0;
}

std::optional<KernelFamily::Packing> KernelFamily::packing(const KernelConfig& config, Precision precision,
                                                           const ProblemSize& problem, bool trans_a,
                                                           bool trans_b) const {
  if (!packs(config, precision) || problem.k == 0 || problem.m == 0 || problem.n == 0) return std::nullopt;
  const bool reads_in_place = packs_in_place(config, precision);
  // An operand read in place has one product term: the split into parts (3xTF32) is the pack's.
  if (reads_in_place && precision_info(precision).product_terms != 1)
    throw ConfigError(name_ + ": operands of " + std::string(precision_info(precision).code) +
                      " cannot be read in place, only packed");
  if (reads_in_place && !trans_a && trans_b) return std::nullopt;  // both K-contiguous already
  const std::vector<std::int64_t> values = slots(config, {}, problem);
  Packing packing{pack_->entry, evaluate(pack_->rows_a, values, "pack.rows_a"),
                  evaluate(pack_->rows_b, values, "pack.rows_b"), evaluate(pack_->segment_depth, values, "pack.depth")};
  packing.pack_a = !reads_in_place || trans_a;
  packing.pack_b = !reads_in_place || !trans_b;
  if (pack_->tile_rows_a) {
    packing.tile_rows_a = evaluate(*pack_->tile_rows_a, values, "pack.tile_rows_a");
    packing.tile_rows_b = evaluate(*pack_->tile_rows_b, values, "pack.tile_rows_b");
    packing.tile_depth = evaluate(*pack_->tile_depth, values, "pack.tile_depth");
    const bool whole = packing.tile_rows_a == 0 ||
                       (packing.tile_rows_a > 0 && packing.tile_rows_b > 0 && packing.tile_depth > 0 &&
                        packing.rows_a % packing.tile_rows_a == 0 && packing.rows_b % packing.tile_rows_b == 0 &&
                        packing.segment_depth % packing.tile_depth == 0);
    if (!whole) throw ConfigError(name_ + ": the packed operands are not whole tiles of the packed shape");
  }
  if (packing.rows_a < problem.m || packing.rows_b < problem.n || packing.segment_depth < problem.k)
    throw ConfigError(name_ + ": the packed shape " + std::to_string(packing.rows_a) + " x " +
                      std::to_string(packing.rows_b) + " x " + std::to_string(packing.segment_depth) +
                      " does not hold the problem");
  packing.depth = packing.segment_depth * precision_info(precision).product_terms;
  if (packing.depth > INT32_MAX)
    throw InvalidArgument("K = " + std::to_string(problem.k) + " is too deep for " + name_ +
                          "'s packed operands (at most " + std::to_string(INT32_MAX) + " elements per row)");
  return packing;
}

KernelFamily::Ranges KernelFamily::ranges(const KernelConfig& config, const ProblemSize& problem) const {
  return ranges_of(slots(config, {}, problem));
}

KernelFamily::Ranges KernelFamily::ranges_of(const std::vector<std::int64_t>& values) const {
  Ranges ranges;
  for (std::size_t i = 0; i < 3; ++i) {
    ranges.global[i] = global_[i] ? static_cast<std::size_t>(evaluate(*global_[i], values, "global range")) : 1;
    ranges.local[i] = local_[i] ? static_cast<std::size_t>(evaluate(*local_[i], values, "local range")) : 1;
  }
  return ranges;
}

KernelFamily::Load KernelFamily::load(const KernelConfig& config, const NamedValues& limits,
                                      const ProblemSize& problem) const {
  const std::vector<std::int64_t> values = slots(config, limits, problem);
  const Ranges launch = ranges_of(values);
  Load load;
  load.work_groups = 1;
  for (std::size_t i = 0; i < 3; ++i)
    load.work_groups *= static_cast<double>((launch.global[i] + launch.local[i] - 1) / std::max<std::size_t>(launch.local[i], 1));
  load.work_per_group = work_per_group_
                            ? static_cast<double>(evaluate(*work_per_group_, values, "model.work_per_group"))
                            : static_cast<double>(problem.m) * static_cast<double>(problem.n) *
                                  static_cast<double>(problem.k) / load.work_groups;
  if (resident_) load.resident = std::max<double>(1, static_cast<double>(evaluate(*resident_, values, "model.resident")));
  if (c_passes_) load.c_passes = std::max<double>(1, static_cast<double>(evaluate(*c_passes_, values, "model.c_passes")));
  if (c_additions_)
    load.c_additions = std::max<double>(0, static_cast<double>(evaluate(*c_additions_, values, "model.c_additions")));
  if (c_store_stride_)
    load.c_store_stride =
        std::max<double>(1, static_cast<double>(evaluate(*c_store_stride_, values, "model.c_store_stride")));
  return load;
}

}  // namespace gemmtune
