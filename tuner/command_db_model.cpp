// `gemmtune db model`: how well the dispatcher's performance model predicts and chooses for
// problems it did not see, per device, from the measurements in the database.
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "dispatch/config_selector.hpp"
#include "dispatch/device_record.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/learned_model.hpp"
#include "tuner/cli.hpp"
#include "tuner/command_db.hpp"

namespace gemmtune::cli::db_subcommands {
namespace po = boost::program_options;
namespace {

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100 * fraction);
  return text;
}

std::string ratio(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  return text;
}

template <typename Value>
boost::json::object by_family(const std::map<std::string, Value>& values) {
  boost::json::object object;
  for (const auto& [family, value] : values) object[family] = value;
  return object;
}

boost::json::object quality_to_json(const ModelQuality& quality) {
  return {{"predictions", quality.predictions},         {"median_error", quality.median_error},
          {"p90_error", quality.p90_error},
          {"median_error_by_family", by_family(quality.median_error_by_family)},
          {"adding_predictions", quality.adding_predictions},
          {"median_error_adding", quality.median_error_adding},
          {"adding_predictions_by_family", by_family(quality.adding_predictions_by_family)},
          {"median_error_adding_by_family", by_family(quality.median_error_adding_by_family)},
          {"scattering_predictions", quality.scattering_predictions},
          {"median_error_scattering", quality.median_error_scattering},
          {"choices", quality.choices},
          {"choice_geomean", quality.choice_geomean},   {"choice_worst", quality.choice_worst},
          {"trial_candidates", default_trial_candidates}, {"trials_geomean", quality.trials_geomean},
          {"trials_worst", quality.trials_worst},
          {"nearest_choices", quality.nearest_choices}, {"nearest_geomean", quality.nearest_geomean},
          {"nearest_worst", quality.nearest_worst}};
}

boost::json::object terms_to_json(const ModelTerms& terms) {
  return {{"call_seconds", terms.call_seconds},
          {"addition_seconds", terms.addition_seconds},
          {"family_addition_seconds", by_family(terms.family_addition_seconds)},
          {"scattered_store_seconds", terms.scattered_store_seconds},
          {"residency_gain", terms.residency_gain},
          {"family_residency_gain", by_family(terms.family_residency_gain)},
          {"distance_weight", terms.distance_weight},
          {"transposition_weight", terms.transposition_weight},
          {"crowding_weight", terms.crowding_weight},
          {"variant_weight", terms.variant_weight},
          {"peak_flops", terms.peak_flops}};
}

// The fitted terms with the mistrust weights the fit starts from (initial_terms()), where it moved
// them; nothing where it kept them. A move changes many of the dispatcher's choices at once (on the
// H200, eight deep problems added to the fp32 tuning moved them and 190 choices of the validation
// sets, bench/results/2026-11-30_h200-big-tile-splits/), so the held-out choices under both show
// how clearly the moved weights won.
std::optional<ModelTerms> with_initial_weights(const ModelTerms& fitted, const ModelTerms& initial) {
  if (fitted.distance_weight == initial.distance_weight &&
      fitted.transposition_weight == initial.transposition_weight &&
      fitted.crowding_weight == initial.crowding_weight)
    return std::nullopt;
  ModelTerms terms = fitted;
  terms.distance_weight = initial.distance_weight;
  terms.transposition_weight = initial.transposition_weight;
  terms.crowding_weight = initial.crowding_weight;
  return terms;
}

// The held-out choices with each problem's shape held out under every transposition: what the fit
// chooses the mistrust weights by.
boost::json::object shape_choices_to_json(const ModelQuality& quality) {
  return {{"choices", quality.choices},
          {"choice_geomean", quality.choice_geomean},
          {"choice_worst", quality.choice_worst},
          {"trials_geomean", quality.trials_geomean}};
}

// The held-out choices under the initial weights, by problem and by shape, where the fit moved them.
struct InitialWeightsQuality {
  ModelQuality by_problem, by_shape;
};

boost::json::object initial_weights_to_json(const ModelTerms& initial, const std::optional<InitialWeightsQuality>& quality) {
  boost::json::object object{{"distance_weight", initial.distance_weight},
                             {"transposition_weight", initial.transposition_weight},
                             {"crowding_weight", initial.crowding_weight},
                             {"moved", quality.has_value()}};
  if (quality) {
    object["choice_geomean"] = quality->by_problem.choice_geomean;
    object["trials_geomean"] = quality->by_problem.trials_geomean;
    object["shape_choice_geomean"] = quality->by_shape.choice_geomean;
  }
  return object;
}

}  // namespace

int model(const Arguments& args) {
  auto options = common_options(
      "gemmtune db model [--device INDEX | --device-key KEY] [--precision P] [--layout L] [--db PATH] [--json]", true);
  add_device_options(options);
  options.add_options()("precision", po::value<std::string>()->default_value("fp32"), "a precision code")(
      "layout", po::value<std::string>()->default_value("row"), "row or col");
  const auto values = parse("db model", args, options);
  if (print_help(values, options)) return 0;
  const DeviceChoice choice = device_choice(values);
  const Precision precision = parse_precision(values["precision"].as<std::string>());
  const Layout layout = parse_layout(values["layout"].as<std::string>());
  const db::Database database(database_path(values), db::Database::Mode::ReadOnly);

  boost::json::array list;
  for (const auto& device : chosen_devices(database, choice, false)) {
    const std::vector<Observation> observations =
        // What the dispatcher learns from, each problem's leading configurations, so that the terms
        // shown are the ones it fits (every evaluation, fitted alike, gave other terms: on the
        // H200's shipped fp32 tuning a transposition weight of 4 where the dispatcher fits 2).
        read_observations(database, device.key, precision, layout, ConfigSelector::observations_per_problem, 0,
                          device.name);
    const NamedValues named = named_limits(recorded_limits(device), precision);
    const ModelTerms fitted = fitted_terms(observations, named, device.compute_units);
    const ModelQuality quality = held_out_quality(observations, named, device.compute_units, fitted);
    const ModelQuality by_shape =
        held_out_quality(observations, named, device.compute_units, fitted, nullptr, HeldOut::Shape);
    const ModelTerms initial = initial_terms(observations, named);
    std::optional<InitialWeightsQuality> initial_quality;
    if (const auto unmoved = with_initial_weights(fitted, initial); unmoved && quality.predictions > 0)
      initial_quality = {held_out_quality(observations, named, device.compute_units, *unmoved),
                         held_out_quality(observations, named, device.compute_units, *unmoved, nullptr, HeldOut::Shape)};
    if (values.count("json")) {
      list.push_back({{"device_key", device.key},
                      {"device_name", device.name},
                      {"observations", observations.size()},
                      {"terms", terms_to_json(fitted)},
                      {"held_out", quality_to_json(quality)},
                      {"held_out_by_shape", shape_choices_to_json(by_shape)},
                      {"initial_weights", initial_weights_to_json(initial, initial_quality)}});
      continue;
    }
    std::cout << device.name << " (driver " << device.driver_version << "), " << to_string(precision) << ' '
              << to_string(layout) << ": " << observations.size() << " measurements\n";
    if (quality.predictions == 0) {
      std::cout << "  no configuration was measured on more than one problem: nothing to hold out\n";
      continue;
    }
    std::cout << "  terms: call " << fitted.call_seconds * 1e6 << " us, atomic addition "
              << fitted.addition_seconds * 1e12 << " ps";
    for (const auto& [family, seconds] : fitted.family_addition_seconds)
      std::cout << " (" << family << ' ' << seconds * 1e12 << " ps)";
    std::cout << ", scattered store " << fitted.scattered_store_seconds * 1e12 << " ps a sector, residency gain "
              << fitted.residency_gain;
    for (const auto& [family, gain] : fitted.family_residency_gain) std::cout << " (" << family << ' ' << gain << ')';
    std::cout << ", distance weight " << fitted.distance_weight
              << ", transposition weight " << fitted.transposition_weight << ", crowding weight "
              << fitted.crowding_weight << '\n'
              << "  held-out predictions: " << quality.predictions << ", error median " << percent(quality.median_error)
              << ", 90th percentile " << percent(quality.p90_error) << "; median by family:";
    const char* separator = " ";
    for (const auto& [family, error] : quality.median_error_by_family)
      std::cout << std::exchange(separator, ", ") << family << ' ' << percent(error);
    std::cout << "; of configurations that add into C: " << quality.adding_predictions;
    if (quality.adding_predictions > 0) {
      std::cout << ", error median " << percent(quality.median_error_adding) << " (by family:";
      separator = " ";
      for (const auto& [family, error] : quality.median_error_adding_by_family)
        std::cout << std::exchange(separator, "; ") << family << ' ' << quality.adding_predictions_by_family.at(family)
                  << " predictions, median " << percent(error);
      std::cout << ')';
    }
    std::cout << "; of configurations that scatter their stores into C: " << quality.scattering_predictions;
    if (quality.scattering_predictions > 0) std::cout << ", error median " << percent(quality.median_error_scattering);
    std::cout << '\n'
              << "  held-out choices (fastest measured / chosen's time): model " << ratio(quality.choice_geomean)
              << " geomean, " << ratio(quality.choice_worst) << " worst over " << quality.choices
              << " problems; the fastest of its " << default_trial_candidates
              << " best and another family's where these are one (trial calls) "
              << ratio(quality.trials_geomean) << " geomean, " << ratio(quality.trials_worst)
              << " worst; nearest problem's best " << ratio(quality.nearest_geomean) << " geomean, "
              << ratio(quality.nearest_worst) << " worst over " << quality.nearest_choices << '\n'
              << "  with each shape held out under every transposition (what the mistrust weights are chosen by): model "
              << ratio(by_shape.choice_geomean) << " geomean, " << ratio(by_shape.choice_worst) << " worst over "
              << by_shape.choices << " problems; trial calls " << ratio(by_shape.trials_geomean) << " geomean\n";
    if (initial_quality)
      std::cout << "  mistrust weights moved by the fit from distance " << initial.distance_weight
                << ", transposition " << initial.transposition_weight << ", crowding " << initial.crowding_weight
                << ", whose held-out choices are " << ratio(initial_quality->by_problem.choice_geomean)
                << " geomean (trial calls " << ratio(initial_quality->by_problem.trials_geomean)
                << "), with each shape held out " << ratio(initial_quality->by_shape.choice_geomean) << "\n";
  }
  if (values.count("json")) std::cout << boost::json::serialize(list) << '\n';
  return 0;
}

}  // namespace gemmtune::cli::db_subcommands
