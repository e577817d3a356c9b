// Fuzz target: replay tables, the CSV files `gemmtune simulate --from` reads (search/replay_table.hpp).
#include <sstream>

#include "search/replay_table.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gemmtune;
  std::istringstream input(fuzz::text_of(data, size));
  fuzz::accept_or_reject([&] {
    const search::ReplayTable table = search::parse_replay_table(input, "fuzz.csv");
    // A table written back reads the same (times to the nine digits they are written with).
    std::stringstream written;
    search::write_replay_table(written, table);
    search::ReplayTable again;
    try {
      again = search::parse_replay_table(written, "written");
    } catch (const std::exception& error) {
      fuzz::fail(std::string("a written table cannot be read: ") + error.what());
    }
    fuzz::check(again.parameter_names == table.parameter_names && again.rows.size() == table.rows.size(),
                "a written table reads differently");
    for (std::size_t r = 0; r < table.rows.size(); ++r)
      fuzz::check(again.rows[r].first == table.rows[r].first && again.rows[r].second.status == table.rows[r].second.status,
                  "row " + std::to_string(r) + " reads differently once written");
  });
  return 0;
}
