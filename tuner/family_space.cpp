// The tuning space of a kernel family on one device: its candidates, rules and choices, or a space file's.
#include "tuner/family_space.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "core/input_file.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

struct SpaceText {
  std::string origin;
  boost::json::array parameters;   // [{"name", "values"}]
  boost::json::array constraints;  // the tuning choices
};

SpaceText from_family(const KernelFamily& family) {
  SpaceText space{"kernels/" + family.name() + ".json", {}, {}};
  for (const auto& parameter : family.parameters())
    if (!parameter.values.empty())
      space.parameters.push_back({{"name", parameter.name},
                                  {"values", boost::json::value_from(parameter.values)}});
  for (const auto& choice : family.choice_texts()) space.constraints.emplace_back(family.with_defines(choice));
  return space;
}

boost::json::object read_space_file(const std::filesystem::path& file) {
  boost::system::error_code error;
  boost::json::value document = boost::json::parse(read_input_file(file, space_file_limit, "space file"), error);
  const std::string origin = file.string();
  if (error) throw ConfigError(origin + ": invalid JSON: " + error.message());
  if (!document.is_object()) throw ConfigError(origin + ": expected a JSON object");
  for (const auto& item : document.as_object())
    if (item.key() != "kernel" && item.key() != "description" && item.key() != "parameters" && item.key() != "constraints")
      throw ConfigError(origin + ": unknown key \"" + std::string(item.key()) +
                        "\" (expected kernel, description, parameters, constraints)");
  const auto* kernel = document.as_object().if_contains("kernel");
  if (!kernel || !kernel->is_string()) throw ConfigError(origin + ": \"kernel\" must name a kernel family");
  return std::move(document.as_object());
}

SpaceText from_file(const KernelFamily& family, const std::filesystem::path& file) {
  const boost::json::object root = read_space_file(file);
  const std::string origin = file.string();
  const auto* kernel = root.if_contains("kernel");
  if (kernel->as_string() != family.name())
    throw ConfigError(origin + ": a space of kernel family '" + std::string(kernel->as_string()) + "', not of " +
                      family.name());
  SpaceText space{origin, {}, {}};
  if (const auto* parameters = root.if_contains("parameters"); parameters && parameters->is_array()) {
    for (const auto& entry : parameters->as_array()) {
      const auto* name = entry.is_object() ? entry.as_object().if_contains("name") : nullptr;
      if (!name || !name->is_string()) throw ConfigError(origin + ": every parameter needs a \"name\"");
      const auto& known = family.parameters();
      if (std::none_of(known.begin(), known.end(), [&](const auto& p) { return p.name == name->as_string(); }))
        throw ConfigError(origin + ": unknown " + family.name() + " parameter '" + std::string(name->as_string()) + "'");
      space.parameters.push_back(entry);
    }
  } else {
    throw ConfigError(origin + ": \"parameters\" must be an array");
  }
  if (const auto* constraints = root.if_contains("constraints")) {
    if (!constraints->is_array()) throw ConfigError(origin + ": \"constraints\" must be an array");
    space.constraints = constraints->as_array();
  }
  return space;
}

}  // namespace

std::string space_family(const std::filesystem::path& space_file) {
  return std::string(read_space_file(space_file).at("kernel").as_string());
}

search::ParameterSpace family_space(const KernelFamily& family, const NamedValues& limits,
                                    const std::optional<std::filesystem::path>& space_file,
                                    const search::EnumerationWatch& watch) {
  SpaceText space = space_file ? from_file(family, *space_file) : from_family(family);
  std::set<std::string> tuned;
  for (const auto& entry : space.parameters) tuned.insert(std::string(entry.as_object().at("name").as_string()));
  search::Limits constants;  // every limit a rule may name; one not given is 0
  for (const auto& name : device_limit_names()) constants[name] = limits.contains(name) ? limits.at(name) : 0;
  for (const auto& parameter : family.parameters())
    if (!tuned.contains(parameter.name)) constants[parameter.name] = parameter.default_value;
  boost::json::array constraints;
  for (const auto& rule : family.rule_texts()) constraints.emplace_back(family.with_defines(rule));
  for (const auto& choice : space.constraints)  // a space file's choices may name the family's defines too
    constraints.push_back(choice.is_string() ? boost::json::value(family.with_defines(std::string(choice.as_string())))
                                             : choice);
  const boost::json::object document{{"kernel", family.name()}, {"parameters", space.parameters},
                                     {"constraints", constraints}};
  search::ParameterSpace result = search::ParameterSpace::from_json(boost::json::serialize(document), space.origin, constants, watch);
  if (result.valid_count() == 0)
    throw ConfigError(space.origin + ": no configuration of the space is valid on this device (its rules and "
                      "constraints exclude all " + std::to_string(result.total_count()) + ")");
  return result;
}

KernelConfig in_space_terms(const KernelFamily& family, KernelConfig config, const search::ParameterSpace& space) {
  const KernelConfig defaults = family.defaults();
  const auto& parameters = space.parameters();
  std::erase_if(config, [&](const auto& entry) {
    const bool tuned = std::any_of(parameters.begin(), parameters.end(), [&](const auto& p) { return p.name == entry.first; });
    const auto found = defaults.find(entry.first);
    return !tuned && found != defaults.end() && found->second == entry.second;
  });
  return config;
}

}  // namespace gemmtune
