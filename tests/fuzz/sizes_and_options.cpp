// Fuzz target: the command line's sizes, transpositions, layouts and precisions (tuner/cli.hpp).
#include "tests/fuzz/fuzz_input.hpp"

namespace {

using namespace gemmtune;

bool same(const cli::Size& a, const cli::Size& b) { return a.m == b.m && a.n == b.n && a.k == b.k; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  for (const bool allow_zero : {false, true}) {
    fuzz::accept_or_reject([&] {
      const cli::Size parsed = cli::parse_size(text, allow_zero);
      fuzz::check(allow_zero || (parsed.m > 0 && parsed.n > 0 && parsed.k > 0), "a zero size accepted: " + text);
      fuzz::check(same(cli::parse_size(cli::format_size(parsed), allow_zero), parsed),
                  "a size does not survive formatting: " + text);
    });
  }
  fuzz::accept_or_reject([&] { fuzz::check(!cli::parse_sizes(text).empty(), "an empty size list accepted"); });
  fuzz::accept_or_reject([&] { cli::parse_trans(text); });
  fuzz::accept_or_reject([&] { cli::parse_layout(text); });
  fuzz::accept_or_reject([&] { cli::parse_precision(text); });
  return 0;
}
