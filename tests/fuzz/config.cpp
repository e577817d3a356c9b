// Fuzz target: configuration strings, as `--config` takes them (parsed, then checked against the
// xgemm family's rules), and the stored key of what was parsed (core/kernel_config.hpp) read back.
#include "core/kernel_config.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace gemmtune;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const DeviceLimits limits = fuzz::small_gpu();
  static const KernelFamily& family = kernel_family("xgemm");
  const std::string text = fuzz::text_of(data, size);
  fuzz::accept_or_reject([&] {
    const KernelConfig typed = cli::parse_config(text);
    fuzz::check(cli::parse_config(config_key(typed)) == typed, "--config text does not survive its key: " + text);
    for (const Precision precision : {Precision::Half, Precision::BFloat16, Precision::TF32, Precision::Single,
                                      Precision::Single3xTF32, Precision::Double})
      violation_on_device(family, typed, limits, precision, "NN");
  });
  return 0;
}
