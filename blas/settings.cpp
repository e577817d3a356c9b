// Reads GEMMTUNE_BLAS_THRESHOLD and GEMMTUNE_BLAS_VERBOSE once.
#include "blas/settings.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace gemmtune::blas {
namespace {

Settings read_settings() {
  Settings read;
  if (const char* threshold = std::getenv("GEMMTUNE_BLAS_THRESHOLD"); threshold && *threshold) {
    const char* end = threshold + std::strlen(threshold);
    std::uint64_t value = 0;
    const auto [stop, error] = std::from_chars(threshold, end, value);
    if (error == std::errc() && stop == end)
      read.device_threshold = value;
    else
      std::fprintf(stderr, "gemmtune blas: GEMMTUNE_BLAS_THRESHOLD='%s' is not a count of multiply-adds; ignored\n",
                   threshold);
  }
  const char* verbose = std::getenv("GEMMTUNE_BLAS_VERBOSE");
  read.verbose = verbose && std::strcmp(verbose, "1") == 0;
  return read;
}

}  // namespace

const Settings& settings() {
  static const Settings read = read_settings();
  return read;
}

}  // namespace gemmtune::blas
