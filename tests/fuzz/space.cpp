// Fuzz target: space files (search/parameter_space.hpp), against a small device's limits.
#include <boost/json.hpp>
#include <boost/random/mersenne_twister.hpp>

#include "search/parameter_space.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

using namespace gemmtune;

// The names a space may use for a device (as the tuner passes them), with a small device's values.
const search::Limits& small_device() {
  static const search::Limits limits = {{"max_work_group_size", 256}, {"max_work_item_size_0", 256},
                                        {"max_work_item_size_1", 256}, {"local_mem_size", 32768},
                                        {"element_bytes", 4},          {"nv_compiler_options", 0},
                                        {"cpu_device", 1}};
  return limits;
}

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

// What the tuner does with a space it has read: configurations by index, neighbours, samples and
// derived launch values must agree with one another.
void explore(const search::ParameterSpace& space) {
  const std::uint64_t count = space.valid_count();
  fuzz::check(count <= space.total_count() || space.total_count() == 0, "more valid configurations than combinations");
  if (count == 0) return;
  for (const std::uint64_t index : {std::uint64_t{0}, count / 2, count - 1}) {
    const search::Config config = space.at(index);
    fuzz::check(space.index_of(config) == index, "index_of(at(i)) != i");
    for (const search::Config& neighbour : space.neighbours(config))
      fuzz::check(space.contains(neighbour), "a neighbour outside the space");
    for (const std::uint64_t neighbour : space.neighbour_indices(index)) fuzz::check(neighbour < count, "a neighbour index out of range");
    std::map<std::string, std::int64_t> inputs;
    for (const std::string& input : space.inputs()) inputs[input] = 1024;
    fuzz::accept_or_reject([&] { space.derived(config, inputs); });
  }
  boost::random::mt19937_64 engine(1);
  fuzz::check(space.sample_index(engine) < count, "a sample out of range");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  if (!small_enough(text)) return -1;  // not added to the corpus
  fuzz::accept_or_reject([&] { explore(search::ParameterSpace::from_json(text, "fuzz.json", small_device())); });
  return 0;
}
