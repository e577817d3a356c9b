// Fuzz target: space files, as `tune --space` reads them for the xgemm family (tuner/family_space.hpp),
// and as ParameterSpace reads any space (search/parameter_space.hpp).
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>

#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "search/parameter_space.hpp"
#include "tests/fuzz/fuzz_input.hpp"
#include "tuner/family_space.hpp"

namespace {

using namespace gemmtune;

// Enumeration visits each combination of values the constraints do not prune: a space of millions
// takes seconds in a normal build and many minutes under the sanitizers. The fuzzer is after the
// reading of spaces, so it skips those of more than 2^16 combinations (enumeration time is not a crash).
bool small_enough(const std::string& text) {
  boost::system::error_code error;
  const boost::json::value document = boost::json::parse(text, error);
  const boost::json::object* root = error ? nullptr : document.if_object();
  const boost::json::value* parameters = root ? root->if_contains("parameters") : nullptr;
  if (!parameters || !parameters->is_array()) return true;
  std::uint64_t combinations = 1;
  for (const boost::json::value& parameter : parameters->as_array()) {
    const boost::json::value* values = parameter.is_object() ? parameter.as_object().if_contains("values") : nullptr;
    if (!values || !values->is_array() || values->as_array().empty()) continue;
    combinations *= values->as_array().size();
    if (combinations > (std::uint64_t{1} << 16)) return false;
  }
  return true;
}

// What the tuner does with a space it has read: configurations by index and derived launch values
// must agree with one another.
void explore(const search::ParameterSpace& space) {
  const std::uint64_t count = space.valid_count();
  fuzz::check(count <= space.total_count() || space.total_count() == 0, "more valid configurations than combinations");
  if (count == 0) return;
  for (const std::uint64_t index : {std::uint64_t{0}, count / 2, count - 1}) {
    const KernelConfig config = space.at(index);
    fuzz::check(space.index_of(config) == index, "index_of(at(i)) != i");
    std::map<std::string, std::int64_t> inputs;
    for (const std::string& input : space.inputs()) inputs[input] = 1024;
    fuzz::accept_or_reject([&] { space.derived(config, inputs); });
  }
}

// The file `tune --space` would be given: one per process, rewritten for every input.
const std::filesystem::path& space_file() {
  static const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("gemmtune-fuzz-space-" + std::to_string(getpid()) + ".json");
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const NamedValues limits = named_limits(fuzz::small_gpu(), Precision::Single);
  const std::string text = fuzz::text_of(data, size);
  if (!small_enough(text)) return -1;  // not added to the corpus
  fuzz::accept_or_reject([&] { explore(search::ParameterSpace::from_json(text, "fuzz.json", limits)); });
  std::ofstream(space_file(), std::ios::binary | std::ios::trunc) << text;
  fuzz::accept_or_reject([&] { explore(family_space(kernel_family("xgemm"), limits, space_file())); });
  std::filesystem::remove(space_file());
  return 0;
}
