// What every fuzz target shares: the input as text, the device checked against, and the rule that
// bad input fails only as bad input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include "tuner/cli.hpp"

namespace gemmtune::fuzz {

// The device the targets check configurations against: a small GPU, so that rules on local memory
// and work-group sizes bite.
inline DeviceLimits small_gpu() {
  DeviceLimits limits;
  limits.max_work_group_size = 256;
  limits.max_work_item_sizes = {256, 256, 64};
  limits.local_mem_bytes = 32768;
  limits.max_alloc_bytes = limits.global_mem_bytes = std::uint64_t{1} << 30;
  limits.fp64 = true;
  return limits;
}

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// A broken property is a crash for the fuzzer: it keeps the input that shows it.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
  std::abort();
}

inline void check(bool holds, const std::string& what) {
  if (!holds) fail(what);
}

// Runs `parse` on input that may be anything: it either succeeds or throws what the program reports
// as bad input (exit code 2, a one-line message). Any other exception is a defect (a user would see
// exit code 1 or a raw library message), and so is anything that escapes as a crash.
template <typename Parse>
void accept_or_reject(Parse&& parse) {
  try {
    parse();
  } catch (const std::exception& error) {
    if (cli::exit_code_for(error) != 2)
      fail(std::string("input rejected by ") + typeid(error).name() + " (exit code 1, not 2): " + error.what());
    const std::string message = error.what();
    if (message.empty()) fail("input rejected with an empty message");
  }
}

}  // namespace gemmtune::fuzz
