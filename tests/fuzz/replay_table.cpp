// Fuzz target: replay tables, the CSV files `gemmtune simulate --from` reads (search/replay_table.hpp).
#include <sstream>

#include "search/replay_table.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gemmtune;
  std::istringstream input(fuzz::text_of(data, size));
  fuzz::accept_or_reject([&] {
    const search::ReplayTable table = search::parse_replay_table(input, "fuzz.csv");
    // Every row names exactly the header's parameters: the replay looks each one up.
    for (std::size_t row = 0; row < table.size(); ++row) {
      const KernelConfig config = table.config(row);
      fuzz::check(config.size() == table.parameter_names().size(), "a row with other parameters than the header");
      for (const std::string& name : table.parameter_names())
        fuzz::check(config.count(name) == 1, "a row without parameter " + name);
    }
  });
  return 0;
}
