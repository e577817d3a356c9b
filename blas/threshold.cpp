// The threshold in force for each precision, resolved once: environment, measured crossover, default.
#include "blas/threshold.hpp"

#include <cstdio>
#include <cstring>
#include <string>

#include "blas/chosen_device.hpp"
#include "blas/crossover_threshold.hpp"
#include "blas/settings.hpp"
#include "db/database.hpp"
#include "gemmtune/handle.hpp"

namespace gemmtune::blas {
namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

Threshold built_in(const std::string& why) {
  return {default_device_threshold, "the built-in default (256^3): " + why};
}

Threshold resolve(const std::string& precision) {
  if (settings().device_threshold) return {*settings().device_threshold, "GEMMTUNE_BLAS_THRESHOLD"};
  const std::filesystem::path path = default_database_path();
  try {
    const db::Database database(path, db::Database::Mode::ReadOnly);
    // Without any crossover there is nothing to look up: a process whose calls all stay on the
    // host then never enumerates OpenCL devices.
    if (database.all_crossovers().empty()) return built_in("no crossover recorded in " + path.string());
    const ChosenDevice& chosen = chosen_device();
    if (!chosen.entry) return built_in("no device (" + chosen.failure + ")");
    const std::string device = chosen.entry->fingerprint.name;
    const auto crossover = database.crossover(chosen.entry->fingerprint.key(), precision);
    if (!crossover) return built_in("no " + precision + " crossover recorded for " + device + " in " + path.string());
    const std::string measured = " (measured " + crossover->measured_at + ", " + path.string() + ")";
    if (!crossover->crossover)
      return {threshold_of(*crossover), "every call on the host: " + device + " was never faster up to " +
                                            std::to_string(crossover->largest_size()) + "^3" + measured};
    return {threshold_of(*crossover),
            "the crossover of " + device + ", " + std::to_string(*crossover->crossover) + "^3" + measured};
  } catch (const std::exception& error) {
    return built_in(first_line(error.what()));
  }
}

Threshold announced(const char* precision) {
  Threshold threshold = resolve(precision);
  if (settings().verbose) {
    // No call reaches the device: said so, not as the 20-digit count that stands for it.
    const std::string amount = threshold.multiply_adds == host_only_threshold
                                   ? std::string("none (no call goes to the device)")
                                   : std::to_string(threshold.multiply_adds) + " multiply-adds";
    std::fprintf(stderr, "gemmtune blas: the %s threshold is %s, from %s\n",
                 std::strcmp(precision, "fp64") == 0 ? "dgemm" : "sgemm", amount.c_str(), threshold.source.c_str());
  }
  return threshold;
}

}  // namespace

const Threshold& device_threshold(const char* precision) {
  if (std::strcmp(precision, "fp64") == 0) {
    static const Threshold fp64 = announced("fp64");
    return fp64;
  }
  static const Threshold fp32 = announced("fp32");
  return fp32;
}

}  // namespace gemmtune::blas
