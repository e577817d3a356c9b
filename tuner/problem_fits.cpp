// Refuses a problem whose buffers the device or this machine cannot hold, before anything is allocated.
#include "tuner/problem_fits.hpp"

#include <unistd.h>

#include <limits>
#include <string>

#include "tuner/cli.hpp"

namespace gemmtune::cli {
namespace {

// Saturates instead of wrapping: a 2^31 x 2^31 matrix of doubles is more bytes than 64 bits count.
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? std::numeric_limits<std::uint64_t>::max() : product;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<std::uint64_t>::max() : sum;
}

std::string mebibytes(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// The bytes of A, B and C, and the problem as messages name it.
struct Footprint {
  std::string label;
  std::uint64_t a, b, c;

  std::uint64_t total(Copies copies) const { return plus(times(copies.operands, plus(a, b)), times(copies.results, c)); }
};

Footprint footprint(const GemmArguments& g, std::size_t element_bytes) {
  const RequiredElements required = validate_gemm_arguments(g);
  return {"size " + std::to_string(g.m) + 'x' + std::to_string(g.n) + 'x' + std::to_string(g.k),
          times(required.a, element_bytes), times(required.b, element_bytes), times(required.c, element_bytes)};
}

void check_host(const Footprint& bytes, Copies on_host, std::uint64_t host_memory) {
  if (bytes.total(on_host) > host_memory)
    throw UsageError(bytes.label + " needs " + mebibytes(bytes.total(on_host)) + " of host memory, more than this machine's (" +
                     mebibytes(host_memory) + ")");
}

}  // namespace

std::uint64_t host_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return std::numeric_limits<std::uint64_t>::max();  // unknown: no limit
  return times(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(page_size));
}

void check_problem_fits(const GemmArguments& g, std::size_t element_bytes, const DeviceLimits& limits,
                        Copies on_device, Copies on_host, std::uint64_t host_memory) {
  const Footprint bytes = footprint(g, element_bytes);
  for (const auto& [name, buffer] : {std::pair{"A", bytes.a}, {"B", bytes.b}, {"C", bytes.c}})
    if (buffer > limits.max_alloc_bytes)
      throw UsageError(bytes.label + " needs " + mebibytes(buffer) + " for " + name +
                       ", more than the device's largest buffer (" + mebibytes(limits.max_alloc_bytes) + ")");
  if (bytes.total(on_device) > limits.global_mem_bytes)
    throw UsageError(bytes.label + " needs " + mebibytes(bytes.total(on_device)) + ", more than the device's memory (" +
                     mebibytes(limits.global_mem_bytes) + ")");
  check_host(bytes, on_host, host_memory);
}

void check_host_fits(const GemmArguments& g, std::size_t element_bytes, Copies on_host, std::uint64_t host_memory) {
  check_host(footprint(g, element_bytes), on_host, host_memory);
}

}  // namespace gemmtune::cli
