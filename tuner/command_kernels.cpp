// `gemmtune kernels [--device SEL] [--precision P] [--json]`: the kernel families, their parameters,
// rules and precisions, and the size of each one's tuning space on a device (computed here).
#include <algorithm>
#include <iostream>
#include <optional>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/family_space.hpp"

namespace gemmtune::cli {
namespace {

// `space` and `device_default` are absent where the family cannot run on the device or does not serve the
// precision (`unavailable` says which).
boost::json::object family_to_json(const KernelFamily& family, const search::ParameterSpace* space,
                                   const KernelConfig* device_default, const std::string& unavailable) {
  boost::json::array parameters, precisions, transpositions, includes, rules, choices, packed;
  for (const auto& parameter : family.parameters())
    parameters.push_back({{"name", parameter.name},
                          {"default", parameter.default_value},
                          {"values", boost::json::value_from(parameter.values)},
                          {"meaning", parameter.meaning}});
  for (const Precision precision : family.precisions()) precisions.emplace_back(to_string(precision));
  for (const auto& trans : family.transpositions()) transpositions.emplace_back(trans);
  for (const auto& included : family.includes()) includes.emplace_back(included);
  for (const Precision precision : family.packed_precisions()) packed.emplace_back(to_string(precision));
  for (const auto& rule : family.rule_texts()) rules.emplace_back(rule);
  for (const auto& choice : family.choice_texts()) choices.emplace_back(choice);
  boost::json::object object{{"family", family.name()},
                             {"summary", family.summary()},
                             {"source_hash", family.source().hash},
                             {"precisions", std::move(precisions)},
                             {"transpositions", std::move(transpositions)},
                             {"includes", std::move(includes)},
                             {"default_priority", family.default_priority()},
                             {"ptx_target", family.source().ptx_target},
                             {"packed_precisions", std::move(packed)},
                             {"parameters", std::move(parameters)},
                             {"rules", std::move(rules)},
                             {"choices", std::move(choices)}};
  if (space) {
    object["device_default"] = config_object(*device_default);
    object["space_valid"] = space->valid_count();
    object["space_total"] = space->total_count();
  } else {
    object["unavailable"] = unavailable;
    object["space_valid"] = 0;
  }
  return object;
}

}  // namespace

int kernels_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune kernels [--device SEL] [--precision P] [--json]");
  options.add_options()("help,h", "show this help")(
      "device", po::value<std::string>()->default_value(""), "the device whose limits size the spaces")(
      "precision", po::value<std::string>()->default_value("fp32"), "the precision whose element size counts")(
      "json", "print a JSON array");
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("kernels", args, options);
  const DeviceEntry device = select_device(values["device"].as<std::string>());
  const Precision precision = parse_precision(values["precision"].as<std::string>());
  const DeviceLimits limits = limits_of(device.device);
  boost::json::array list;
  for (const auto& family : kernel_families()) {
    const auto& served = family.precisions();
    const bool serves = std::find(served.begin(), served.end(), precision) != served.end();
    // A family has no space at a precision it does not serve.
    const auto unavailable = serves ? unavailable_on_device(family, limits, precision)
                                    : std::optional<std::string>("does not serve " + to_string(precision));
    std::optional<search::ParameterSpace> space;
    KernelConfig device_default;
    if (!unavailable) {
      space = family_space(family, named_limits(limits, precision));
      device_default = default_on_device(family, limits, precision);
    }
    if (values.count("json")) {
      list.push_back(family_to_json(family, space ? &*space : nullptr, &device_default, unavailable.value_or("")));
      continue;
    }
    std::cout << family.name() << " (source " << family.source().hash << "): " << family.summary() << '\n'
              << "  precisions";
    for (const Precision served : family.precisions()) std::cout << ' ' << to_string(served);
    std::cout << "; transpositions";
    for (const auto& trans : family.transpositions()) std::cout << ' ' << trans;
    if (!family.includes().empty()) std::cout << "; includes";
    for (const auto& included : family.includes()) std::cout << ' ' << included;
    std::cout << "; default priority " << family.default_priority();
    if (!family.source().ptx_target.empty()) std::cout << "; rebuilt from its PTX for " << family.source().ptx_target;
    if (!family.packed_precisions().empty()) std::cout << "; operands packed first for";
    for (const Precision precision : family.packed_precisions()) std::cout << ' ' << to_string(precision);
    std::cout << "\n  parameters (default: candidates):\n";
    for (const auto& parameter : family.parameters()) {
      std::cout << "    " << parameter.name << " = " << parameter.default_value << ':';
      for (const auto value : parameter.values) std::cout << ' ' << value;
      if (parameter.values.empty()) std::cout << " (fixed)";
      std::cout << "  -- " << parameter.meaning << '\n';
    }
    std::cout << "  rules:\n";
    for (const auto& rule : family.rule_texts()) std::cout << "    " << rule << '\n';
    std::cout << "  tuning choices:\n";
    for (const auto& choice : family.choice_texts()) std::cout << "    " << choice << '\n';
    std::cout << "  on " << device.selector << " (" << device.fingerprint.name << "), " << to_string(precision) << ": ";
    if (!serves)
      std::cout << *unavailable << "\n\n";
    else if (unavailable)
      std::cout << "cannot run here: " << *unavailable << "\n\n";
    else
      std::cout << space->valid_count() << " valid configurations of " << space->total_count() << "; default "
                << describe_config(device_default) << "\n\n";
  }
  if (values.count("json")) std::cout << boost::json::serialize(list) << '\n';
  return 0;
}

}  // namespace gemmtune::cli
