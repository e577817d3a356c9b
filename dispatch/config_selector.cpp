// Chooses the configuration for one problem on one device: exact, nearest, fallback, default.
#include "dispatch/config_selector.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <vector>

#include "db/database.hpp"
#include "dispatch/kernel_sources.hpp"
#include "dispatch/xgemm_config.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::string format_shape(std::int64_t m, std::int64_t n, std::int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

std::string format_gflops(double gflops) {
  std::ostringstream text;
  text.precision(gflops < 10 ? 3 : 0);
  text << std::fixed << gflops << " GFLOP/s";
  return text.str();
}

// Squared distance in log-space, so that 1024 is as far from 512 as 2048 is from 1024.
double log_distance(const db::ProblemRecord& tuned, const GemmShape& shape) {
  const auto term = [](std::int64_t a, std::size_t b) {
    const double d = std::log(std::max<double>(1, static_cast<double>(a))) -
                     std::log(std::max<double>(1, static_cast<double>(b)));
    return d * d;
  };
  return term(tuned.m, shape.m) + term(tuned.n, shape.n) + term(tuned.k, shape.k);
}

// Walks database entries for one shape, counting those it had to skip so the detail can say so.
class Chooser {
 public:
  Chooser(const DeviceFingerprint& device, const DeviceLimits& limits, const GemmShape& shape)
      : device_(device), limits_(limits), shape_(shape) {}

  // The entry's complete configuration when it is valid on this device, else nothing (counted).
  std::optional<KernelConfig> usable(const db::TunedBest& entry) {
    try {
      if (!xgemm_rule_violation(entry.config, limits_, shape_.precision))
        return complete_xgemm_config(entry.config);
    } catch (const ConfigError&) {
      // An unknown parameter name: written by another kernel version; not trusted either.
    }
    // The same entry may come up again further down the chain; count it once.
    skipped_.insert(entry.device_key + '|' + std::to_string(entry.problem.m) + 'x' + std::to_string(entry.problem.n) +
                    'x' + std::to_string(entry.problem.k) + '|' + entry.config_key);
    return std::nullopt;
  }

  std::optional<ConfigChoice> from_database(const db::Database& database) {
    const std::string& hash = detail::xgemm_kernel_source().hash;
    const db::ProblemRecord problem{static_cast<int>(shape_.precision), to_string(shape_.layout),
                                    transpose_code(shape_.trans_a, shape_.trans_b),
                                    static_cast<std::int64_t>(shape_.m), static_cast<std::int64_t>(shape_.n),
                                    static_cast<std::int64_t>(shape_.k)};
    const std::string key = device_.key();

    if (const auto exact = database.best(key, hash, problem))
      if (auto config = usable(*exact))
        return ConfigChoice{*config, ConfigSource::Exact,
                            "tuned " + format_shape(problem.m, problem.n, problem.k) + " on this device, " +
                                format_gflops(exact->gflops)};

    auto tuned = database.best_per_problem(key, hash, problem.precision, problem.layout, problem.trans);
    // Stable: among equally near problems the database's order (by m, n, k) decides.
    std::stable_sort(tuned.begin(), tuned.end(), [&](const db::TunedBest& a, const db::TunedBest& b) {
      return log_distance(a.problem, shape_) < log_distance(b.problem, shape_);
    });
    for (const auto& entry : tuned)
      if (auto config = usable(entry))
        return ConfigChoice{*config, ConfigSource::Nearest,
                            "nearest tuned problem " + format_shape(entry.problem.m, entry.problem.n, entry.problem.k) +
                                " on this device, " + format_gflops(entry.gflops)};

    for (const auto& entry : database.best_for_model_other_drivers(device_.model_key(), key, hash, problem))
      if (auto config = usable(entry))
        return ConfigChoice{*config, ConfigSource::Fallback,
                            "tuned " + format_shape(entry.problem.m, entry.problem.n, entry.problem.k) +
                                " on this device model under driver " + entry.driver_version + ", " +
                                format_gflops(entry.gflops)};

    for (const auto& entry : database.best_for_vendor_type(device_.vendor, device_.type, hash, problem.precision,
                                                           problem.layout, problem.trans))
      if (auto config = usable(entry))
        return ConfigChoice{*config, ConfigSource::Fallback,
                            "best known for " + device_.vendor + " " + device_.type + " devices: tuned " +
                                format_shape(entry.problem.m, entry.problem.n, entry.problem.k) + " on " +
                                entry.device_key + ", " + format_gflops(entry.gflops)};
    return std::nullopt;
  }

  // Appended to the detail: entries passed over because this device cannot run them.
  std::string skipped_note() const {
    if (skipped_.empty()) return "";
    return "; skipped " + std::to_string(skipped_.size()) + (skipped_.size() == 1 ? " entry" : " entries") +
           " invalid for this device";
  }

 private:
  const DeviceFingerprint& device_;
  const DeviceLimits& limits_;
  const GemmShape& shape_;
  std::set<std::string> skipped_;
};

}  // namespace

ConfigSelector::ConfigSelector(DeviceFingerprint device, DeviceLimits limits, std::filesystem::path database)
    : device_(std::move(device)), limits_(limits), database_(std::move(database)) {}

ConfigChoice ConfigSelector::choose(const GemmShape& shape) const {
  ConfigChoice fallback{xgemm_default_config(limits_, shape.precision), ConfigSource::Default,
                        "the built-in defaults for this kind of device"};
  std::error_code error;
  if (!std::filesystem::exists(database_, error)) {
    fallback.detail += " (no tuning database at " + database_.string() + ")";
    return fallback;
  }
  Chooser chooser(device_, limits_, shape);
  try {
    const db::Database database(database_, db::Database::Mode::ReadOnly);
    if (auto choice = chooser.from_database(database)) {
      choice->detail += chooser.skipped_note();
      return *choice;
    }
    fallback.detail += " (nothing usable tuned for this device, model or vendor" + chooser.skipped_note() + ")";
  } catch (const std::exception& problem) {
    // A damaged or foreign database must not stop a program's GEMMs; the reason stays visible.
    fallback.detail += " (tuning database unusable: " + std::string(problem.what()) + ")";
  }
  return fallback;
}

}  // namespace gemmtune
