// `gemmtune crossover`: times the drop-in BLAS's two paths over square sizes and records, per device
// and precision, the size from which the device path is faster: the library's threshold.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <optional>

#include "blas/crossover_threshold.hpp"
#include "blas/device_path.hpp"
#include "blas/host_blas.hpp"
#include "db/crossover_size.hpp"
#include "db/database.hpp"
#include "db/transfer.hpp"
#include "dispatch/device_record.hpp"
#include "search/search_driver.hpp"
#include "tuner/call_timing.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::cli {
namespace {

// Powers of two: on a GPU the copies dominate up to a few hundred; a CPU device (PoCL) computes on
// the host's own cores, where large sizes only take long.
std::vector<std::int64_t> default_sizes(const DeviceEntry& entry) {
  const std::int64_t largest = entry.fingerprint.type == "cpu" ? 512 : 4096;
  std::vector<std::int64_t> sizes;
  for (std::int64_t size = 64; size <= largest; size *= 2) sizes.push_back(size);
  return sizes;
}

// The largest side the ladder takes: three such double matrices are 24 GiB.
constexpr std::uint64_t largest_side = 32768;

std::vector<std::int64_t> parse_ladder(const std::string& text) {
  std::vector<std::int64_t> sizes;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto size = static_cast<std::int64_t>(parse_whole_number("--sizes", item, 1, largest_side));
    if (!sizes.empty() && size <= sizes.back())
      throw UsageError("--sizes must ascend, each size once: " + std::to_string(size) + " after " +
                       std::to_string(sizes.back()));
    sizes.push_back(size);
    if (comma == std::string::npos) return sizes;
    start = comma + 1;
  }
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// The untimed calls (`untimed`), then `repeats` timed ones; the median, in seconds.
template <typename Run, typename Untimed>
double timed(int repeats, const Run& run, const Untimed& untimed) {
  untimed();
  std::vector<double> seconds;
  for (int i = 0; i < repeats; ++i) {
    const double start = search::steady_seconds();
    run();
    seconds.push_back(search::steady_seconds() - start);
  }
  return median(std::move(seconds));
}

// C = A B, column-major, as NumPy's `a @ b` reaches the library: beta = 0, so C is only copied back.
template <typename Real>
db::CrossoverTiming time_size(const blas::DevicePath& device, std::int64_t size, int repeats) {
  const auto n = static_cast<std::size_t>(size);
  const std::vector<Real> a = random_values<Real>(n * n, 1), b = random_values<Real>(n * n, 2);
  std::vector<Real> c(n * n);
  blas::ColumnMajorGemm<Real> call;
  call.m = call.n = call.k = static_cast<blas::blas_int>(size);
  call.alpha = 1;
  call.a = a.data();
  call.b = b.data();
  call.c = c.data();
  call.lda = call.ldb = call.ldc = call.m;
  db::CrossoverTiming timing{size, 0, 0};
  const auto on_host = [&] { blas::run_on_host(call); };
  const auto on_device = [&] { device.gemm(call); };
  timing.host_seconds = timed(repeats, on_host, on_host);
  // The device's untimed calls build the program, and where the choice is a prediction time the
  // dispatcher's candidates (compiling each): the timed calls run the one it kept.
  timing.device_seconds =
      timed(repeats, on_device, [&] { settle_trial_calls([&] { return device.trying(call); }, on_device); });
  return timing;
}

template <typename Real>
db::CrossoverRecord measure(const blas::DevicePath& device, const std::string& precision,
                            const std::vector<std::int64_t>& sizes, int repeats) {
  db::CrossoverRecord record;
  record.precision = precision;
  record.repeats = repeats;
  record.host_blas = blas::host_blas_name();
  for (const std::int64_t size : sizes) record.timings.push_back(time_size<Real>(device, size, repeats));
  record.crossover = db::crossover_size(record.timings);
  return record;
}

// The device the library chooses where --device is not given.
std::string library_device() {
  const char* selector = std::getenv("GEMMTUNE_DEVICE");
  return selector ? selector : "";
}

std::string milliseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g ms", seconds * 1e3);
  return text;
}

std::string summary(const db::CrossoverRecord& record) {
  if (!record.crossover)
    return "the device was never faster up to " + std::to_string(record.largest_size()) +
           "; the library keeps every call on the host";
  return "crossover " + std::to_string(*record.crossover) + ": the library sends M*N*K >= " +
         std::to_string(blas::threshold_of(record)) + " to the device";
}

}  // namespace

int crossover_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options(
      "gemmtune crossover [--device SEL] [--db PATH] [--precision fp32|fp64|both] [--sizes 64,128,...] "
      "[--repeats N] [--json]");
  options.add_options()
      ("help,h", "show this help")
      ("device", po::value<std::string>(), "device index or platform:index (gemmtune devices); default: the "
                                            "library's, $GEMMTUNE_DEVICE, else the first GPU, else CPU")
      ("db", po::value<std::string>(), "tuning database to record into (default $GEMMTUNE_DB, else the per-user file)")
      ("precision", po::value<std::string>()->default_value("both"), "fp32 (sgemm), fp64 (dgemm) or both")
      ("sizes", po::value<std::string>(), "square sizes to time, ascending (default 64 to 4096 by powers of two, "
                                           "to 512 on a CPU device)")
      ("repeats", po::value<std::string>()->default_value("5"), "timed calls per path and size, after one untimed")
      ("json", "print one JSON object");
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("crossover", args, options);
  const std::string precision = values["precision"].as<std::string>();
  if (precision != "fp32" && precision != "fp64" && precision != "both")
    throw UsageError("--precision must be fp32, fp64 or both, not '" + precision + "'");
  const int repeats = static_cast<int>(whole_number_option(values, "repeats", 1, 1000));
  std::optional<std::vector<std::int64_t>> sizes;
  if (values.count("sizes")) sizes = parse_ladder(values["sizes"].as<std::string>());
  // Opened for writing first: a database that cannot take the result is refused at once, not
  // after the measurement.
  db::Database database(database_path(values), db::Database::Mode::ReadWrite);
  const DeviceEntry entry = select_device(values.count("device") ? values["device"].as<std::string>() : library_device());
  const bool fp64 = limits_of(entry.device).fp64;
  if (precision == "fp64" && !fp64) throw UsageError(entry.fingerprint.name + " has no double precision (cl_khr_fp64)");
  const blas::DevicePath device(entry, database.path());
  const db::DeviceRecord device_row = device_record(entry.fingerprint);
  const std::vector<std::int64_t> ladder = sizes ? *sizes : default_sizes(entry);

  std::vector<db::CrossoverRecord> recorded;
  if (precision != "fp64") recorded.push_back(measure<float>(device, "fp32", ladder, repeats));
  if (precision != "fp32" && fp64) recorded.push_back(measure<double>(device, "fp64", ladder, repeats));
  for (auto& record : recorded) {
    database.record_crossover(device_row, record);
    record.measured_at = database.crossover(device_row.key, record.precision)->measured_at;
  }

  if (values.count("json")) {
    boost::json::array list;
    for (const auto& record : recorded) {
      boost::json::object printed = db::crossover_to_json(record);
      printed["threshold"] = blas::threshold_of(record);
      list.push_back(std::move(printed));
    }
    std::cout << boost::json::serialize(boost::json::object{{"database", database.path().string()},
                                                             {"device", fingerprint_to_json(entry.fingerprint)},
                                                             {"crossovers", std::move(list)}})
              << '\n';
    return 0;
  }
  std::cout << entry.fingerprint.name << " (" << entry.selector << ") against " << blas::host_blas_name()
            << ", median of " << repeats << " calls, copies included:\n";
  for (const auto& record : recorded) {
    std::cout << "  " << record.precision << ":";
    for (const auto& timing : record.timings)
      std::cout << "  " << timing.size << ": host " << milliseconds(timing.host_seconds) << ", device "
                << milliseconds(timing.device_seconds) << ';';
    std::cout << "\n    " << summary(record) << '\n';
  }
  if (precision == "both" && !fp64) std::cout << "  fp64: not measured, the device has no double precision\n";
  std::cout << "recorded in " << database.path().string() << '\n';
  return 0;
}

}  // namespace gemmtune::cli
