// The synthetic xgemm performance model used by the strategy tests (made up, not measured), and
// the writer of replay tables.
#include "synthetic_table.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "dispatch/kernel_registry.hpp"
#include "search/parameter_space.hpp"
#include "tuner/family_space.hpp"

namespace gemmtune::search::testing {
namespace {

double log2_of(std::int64_t value) { return std::log2(static_cast<double>(value)); }

// The parameters the model reads, taken from a row's values once instead of looked up by name
// some forty times a row.
struct ModelInputs {
  std::int64_t TSM, TSN, TSK, WPTM, WPTN, PADA, VWA, VWB, STRM, STRN, KUNROLL, PREFETCH;
};

// Relative speed in (0, 1]: a product of smooth preferences with a few interactions, shaped like
// what GEMM tuning reports show (big register tiles, 256 work-items, wide loads, prefetch helps).
double modelled_speed(const ModelInputs& c) {
  const double threads = log2_of((c.TSM / c.WPTM) * (c.TSN / c.WPTN));
  const double work = log2_of(c.WPTM * c.WPTN);
  const double tile = log2_of(c.TSM * c.TSN);
  double speed = std::exp(-0.2 * std::pow(threads - 8.0, 2));                    // 256 work-items
  speed *= std::exp(-0.08 * std::pow(work - 5.5, 2));                             // 32-64 accumulators
  speed *= std::exp(-0.06 * std::pow(tile - 14.0, 2));                            // 128x128 tiles
  speed *= std::exp(-0.05 * std::pow(log2_of(c.WPTM) - log2_of(c.WPTN), 2));     // square-ish
  speed *= c.TSK == 8 ? 0.9 : c.TSK == 16 ? 1.0 : 0.97;
  const auto vector_gain = [](std::int64_t width) { return width == 4 ? 1.0 : width == 2 ? 0.96 : 0.88; };
  speed *= vector_gain(c.VWA) * vector_gain(c.VWB);
  speed *= c.PADA == 1 ? (c.STRM == 0 ? 1.0 : 0.98) : (c.STRM == 0 ? 0.96 : 0.99);
  speed *= c.STRN == 1 ? 1.0 : 0.98;
  speed *= c.KUNROLL == 4 ? 1.0 : 0.98;
  speed *= c.PREFETCH == 1 ? (c.TSK >= 16 ? 1.0 : 0.94) : 0.95;
  const double local_bytes = 4.0 * static_cast<double>(c.TSK * (c.TSM + c.TSN) * (1 + c.PREFETCH));
  speed *= local_bytes > 32768 ? 0.85 : 1.0;  // fewer resident work-groups
  return speed;
}

// Spills and oversized groups fail more often, as on real drivers.
double failure_probability(const ModelInputs& c) {
  double probability = 0.06;
  if (c.WPTM * c.WPTN * (c.VWA + c.VWB) >= 256) probability += 0.25;
  if ((c.TSM / c.WPTM) * (c.TSN / c.WPTN) >= 1024) probability += 0.2;
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
  const auto column = [&](const std::string& name) {
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) throw std::logic_error("the synthetic space has no parameter " + name);
    return static_cast<std::size_t>(found - names.begin());
  };
  const std::size_t tsm = column("TSM"), tsn = column("TSN"), tsk = column("TSK"), wptm = column("WPTM"),
                    wptn = column("WPTN"), pada = column("PADA"), vwa = column("VWA"), vwb = column("VWB"),
                    strm = column("STRM"), strn = column("STRN"), kunroll = column("KUNROLL"), prefetch = column("PREFETCH");
  ReplayTable table(names);
  table.reserve(space.valid_count());
  std::vector<std::int64_t> values(names.size());
  const double best_seconds = 2.0 * 4096.0 * 4096.0 * 4096.0 / 40e12;  // about 40 TFLOP/s at the optimum
  for (std::uint64_t i = 0; i < space.valid_count(); ++i) {
    for (std::size_t p = 0; p < values.size(); ++p) values[p] = space.parameters()[p].values[space.value_position(i, p)];
    const ModelInputs config{values[tsm], values[tsn], values[tsk], values[wptm], values[wptn], values[pada],
                             values[vwa], values[vwb], values[strm], values[strn], values[kunroll], values[prefetch]};
    Measurement measurement;
    const double draw = unit(engine);
    const double speed = modelled_speed(config) * std::exp(rugged(engine) + noise(engine));
    if (draw < failure_probability(config)) {
      measurement.status = draw < 0.03 ? Status::compile_error : draw < 0.05 ? Status::wrong_result : Status::launch_error;
    } else {
      measurement.seconds = best_seconds / speed;
    }
    table.add(values, measurement);
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
  // Text built a row at a time with each column's values formatted once, and written a megabyte at a
  // time: formatting every field through the stream took over a second for a table of the whole space.
  std::string text;
  for (const auto& name : table.parameter_names()) text += name + ',';
  text += "status,seconds\n";
  std::vector<std::vector<std::string>> value_texts(table.parameter_names().size());
  for (std::size_t c = 0; c < value_texts.size(); ++c)
    for (const std::int64_t value : table.values(c)) value_texts[c].push_back(std::to_string(value));
  char seconds[32];
  for (std::size_t row = 0; row < table.size(); ++row) {
    const auto positions = table.positions(row);
    for (std::size_t c = 0; c < positions.size(); ++c) (text += value_texts[c][positions[c]]) += ',';
    const Measurement& measurement = table.measurement(row);
    (text += to_string(measurement.status)) += ',';
    if (measurement.status == Status::ok) {
      // The same digits as a stream's setprecision(9), which prints as printf's %.9g does.
      const auto written = std::to_chars(seconds, seconds + sizeof seconds, measurement.seconds, std::chars_format::general, 9);
      text.append(seconds, written.ptr);
    }
    text += '\n';
    if (text.size() >= (std::size_t{1} << 20)) {
      output.write(text.data(), static_cast<std::streamsize>(text.size()));
      text.clear();
    }
  }
  output.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace gemmtune::search::testing
