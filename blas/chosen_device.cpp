// The device the library runs on: $GEMMTUNE_DEVICE, else the dispatcher's rule, selected once.
#include "blas/chosen_device.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "dispatch/cl_error.hpp"

namespace gemmtune::blas {
namespace {

// One line, whatever the reason's length: select_device's lists every device on lines of their own,
// which are joined, so that an unknown device's message still names those there are.
std::string one_line(const std::string& text) {
  std::string joined;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line = text.substr(start, end - start);
    line.erase(0, line.find_first_not_of(' '));
    if (!line.empty()) joined += (joined.empty() ? "" : " ") + line;
    start = end + 1;
  }
  return joined;
}

ChosenDevice choose() {
  ChosenDevice chosen;
  try {
    const char* selector = std::getenv("GEMMTUNE_DEVICE");
    chosen.entry = select_device(selector ? selector : "");
  } catch (const cl::Error& error) {
    chosen.failure = one_line(device_error("selecting the device", error).what());
  } catch (const std::exception& error) {
    chosen.failure = one_line(error.what());
  }
  return chosen;
}

}  // namespace

const ChosenDevice& chosen_device() {
  static const ChosenDevice chosen = choose();
  return chosen;
}

}  // namespace gemmtune::blas
