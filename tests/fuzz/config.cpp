// Fuzz target: configuration strings, as `--config` takes them (parsed, then checked against the
// kernel's rules) and as stored keys (search/config.hpp).
#include "dispatch/xgemm_config.hpp"
#include "search/config.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

using namespace gemmtune;

DeviceLimits small_gpu() {
  DeviceLimits limits;
  limits.max_work_group_size = 256;
  limits.max_work_item_sizes = {256, 256, 64};
  limits.local_mem_bytes = 32768;
  limits.max_alloc_bytes = limits.global_mem_bytes = std::uint64_t{1} << 30;
  limits.fp64 = true;
  return limits;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const DeviceLimits limits = small_gpu();
  const std::string text = fuzz::text_of(data, size);
  fuzz::accept_or_reject([&] {
    const KernelConfig typed = cli::parse_config(text);
    fuzz::check(search::config_from_key(search::config_key(typed)) == typed, "--config text does not survive its key: " + text);
    for (const Precision precision : {Precision::Single, Precision::Double}) check_xgemm_config(typed, limits, precision);
  });
  fuzz::accept_or_reject([&] {
    const search::Config stored = search::config_from_key(text);
    fuzz::check(search::config_from_key(search::config_key(stored)) == stored, "a key does not survive rewriting: " + text);
  });
  return 0;
}
