// The device the library runs on: $GEMMTUNE_DEVICE, else the dispatcher's rule, selected once.
#include "blas/chosen_device.hpp"

#include <cstdlib>

#include "dispatch/cl_error.hpp"

namespace gemmtune::blas {
namespace {

// One line, whatever the reason's length (select_device's lists every device on lines of their own).
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

ChosenDevice choose() {
  ChosenDevice chosen;
  try {
    const char* selector = std::getenv("GEMMTUNE_DEVICE");
    chosen.entry = select_device(selector ? selector : "");
  } catch (const cl::Error& error) {
    chosen.failure = first_line(device_error("selecting the device", error).what());
  } catch (const std::exception& error) {
    chosen.failure = first_line(error.what());
  }
  return chosen;
}

}  // namespace

const ChosenDevice& chosen_device() {
  static const ChosenDevice chosen = choose();
  return chosen;
}

}  // namespace gemmtune::blas
