// The synthetic xgemm performance model used by the strategy tests (made up, not measured), and
// the writer of replay tables.
#include "synthetic_table.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cmath>
#include <iomanip>

#include "dispatch/kernel_registry.hpp"
#include "search/parameter_space.hpp"
#include "tuner/family_space.hpp"

namespace gemmtune::search::testing {
namespace {

double log2_of(std::int64_t value) { return std::log2(static_cast<double>(value)); }

// Relative speed in (0, 1]: a product of smooth preferences with a few interactions, shaped like
// what GEMM tuning reports show (big register tiles, 256 work-items, wide loads, prefetch helps).
double modelled_speed(const KernelConfig& c) {
  const double threads = log2_of((c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN")));
  const double work = log2_of(c.at("WPTM") * c.at("WPTN"));
  const double tile = log2_of(c.at("TSM") * c.at("TSN"));
  double speed = std::exp(-0.2 * std::pow(threads - 8.0, 2));                    // 256 work-items
  speed *= std::exp(-0.08 * std::pow(work - 5.5, 2));                             // 32-64 accumulators
  speed *= std::exp(-0.06 * std::pow(tile - 14.0, 2));                            // 128x128 tiles
  speed *= std::exp(-0.05 * std::pow(log2_of(c.at("WPTM")) - log2_of(c.at("WPTN")), 2));  // square-ish
  speed *= c.at("TSK") == 8 ? 0.9 : c.at("TSK") == 16 ? 1.0 : 0.97;
  const auto vector_gain = [](std::int64_t width) { return width == 4 ? 1.0 : width == 2 ? 0.96 : 0.88; };
  speed *= vector_gain(c.at("VWA")) * vector_gain(c.at("VWB"));
  speed *= c.at("PADA") == 1 ? (c.at("STRM") == 0 ? 1.0 : 0.98) : (c.at("STRM") == 0 ? 0.96 : 0.99);
  speed *= c.at("STRN") == 1 ? 1.0 : 0.98;
  speed *= c.at("KUNROLL") == 4 ? 1.0 : 0.98;
  speed *= c.at("PREFETCH") == 1 ? (c.at("TSK") >= 16 ? 1.0 : 0.94) : 0.95;
  const double local_bytes = 4.0 * static_cast<double>(c.at("TSK") * (c.at("TSM") + c.at("TSN")) * (1 + c.at("PREFETCH")));
  speed *= local_bytes > 32768 ? 0.85 : 1.0;  // fewer resident work-groups
  return speed;
}

// Spills and oversized groups fail more often, as on real drivers.
double failure_probability(const KernelConfig& c) {
  double probability = 0.06;
  if (c.at("WPTM") * c.at("WPTN") * (c.at("VWA") + c.at("VWB")) >= 256) probability += 0.25;
  if ((c.at("TSM") / c.at("WPTM")) * (c.at("TSN") / c.at("WPTN")) >= 1024) probability += 0.2;
  return probability;
}

}  // namespace

ReplayTable synthetic_xgemm_table(std::uint64_t seed) {
  // The space the model was written for (tests/data/synthetic_xgemm_space.json), not the family's
  // current one: every strategy's pinned proposals rest on it.
  const ParameterSpace space = family_space(
      kernel_family("xgemm"),
      {{"max_work_group_size", 1024}, {"max_work_item_size_0", 1024}, {"max_work_item_size_1", 1024},
       {"local_mem_size", 49152}, {"element_bytes", 4}},
      GEMMTUNE_SOURCE_DIR "/tests/data/synthetic_xgemm_space.json");
  boost::random::mt19937_64 engine(seed);
  boost::random::uniform_01<double> unit;
  boost::random::normal_distribution<double> rugged(0.0, 0.02), noise(0.0, 0.005);
  std::vector<std::string> names;
  for (const auto& parameter : space.parameters()) names.push_back(parameter.name);
  ReplayTable table(names);
  table.reserve(space.valid_count());
  const double best_seconds = 2.0 * 4096.0 * 4096.0 * 4096.0 / 40e12;  // about 40 TFLOP/s at the optimum
  for (std::uint64_t i = 0; i < space.valid_count(); ++i) {
    KernelConfig config = space.at(i);
    Measurement measurement;
    const double draw = unit(engine);
    const double speed = modelled_speed(config) * std::exp(rugged(engine) + noise(engine));
    if (draw < failure_probability(config)) {
      measurement.status = draw < 0.03 ? Status::compile_error : draw < 0.05 ? Status::wrong_result : Status::launch_error;
    } else {
      measurement.seconds = best_seconds / speed;
    }
    table.add(config, measurement);
  }
  return table;
}

ReplayTable tiny_table(std::size_t size, std::uint64_t seed, const std::vector<std::size_t>& failing) {
  ReplayTable table({"X"});
  std::vector<double> seconds(size);
  for (std::size_t i = 0; i < size; ++i) seconds[i] = static_cast<double>(i + 1);
  boost::random::mt19937_64 engine(seed);
  for (std::size_t i = size; i > 1; --i)
    std::swap(seconds[i - 1], seconds[boost::random::uniform_int_distribution<std::size_t>(0, i - 1)(engine)]);
  for (std::size_t i = 0; i < size; ++i) {
    Measurement measurement{Status::ok, seconds[i]};
    if (std::find(failing.begin(), failing.end(), i) != failing.end()) measurement = {Status::compile_error, 0};
    table.add(KernelConfig{{"X", static_cast<std::int64_t>(i)}}, measurement);
  }
  return table;
}

void write_replay_table(std::ostream& output, const ReplayTable& table) {
  for (const auto& name : table.parameter_names()) output << name << ',';
  output << "status,seconds\n";
  for (std::size_t row = 0; row < table.size(); ++row) {
    for (std::size_t c = 0; c < table.parameter_names().size(); ++c) output << table.value(row, c) << ',';
    const Measurement& measurement = table.measurement(row);
    output << to_string(measurement.status) << ',';
    if (measurement.status == Status::ok) output << std::setprecision(9) << measurement.seconds;
    output << '\n';
  }
}

}  // namespace gemmtune::search::testing
