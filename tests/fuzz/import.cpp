// Fuzz target: files given to `gemmtune db import` (db/transfer.hpp), and their export read back.
#include "db/transfer.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gemmtune;
  const std::string text = fuzz::text_of(data, size);
  fuzz::accept_or_reject([&] {
    const std::vector<db::StoredEvaluation> evaluations = db::import_json(text, "fuzz.json");
    // Export is lossless: what was imported comes back identical from its own export.
    std::vector<db::StoredEvaluation> again;
    try {
      again = db::import_json(db::export_json(evaluations), "export");
    } catch (const std::exception& error) {
      fuzz::fail(std::string("an export cannot be imported: ") + error.what());
    }
    fuzz::check(again == evaluations, "export then import changed an evaluation");
  });
  return 0;
}
