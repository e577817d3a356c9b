// Turns the PTX that NVIDIA's OpenCL compiler emits into PTX for an architecture it cannot target.
#include "dispatch/ptx_retarget.hpp"

#include <sstream>
#include <string_view>

#include "gemmtune/error.hpp"

namespace gemmtune {

std::string retarget_ptx(std::string ptx, const std::string& target) {
  const std::string_view marker = ptx_hidden_instruction_marker;
  while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();  // the driver's binary ends in NULs
  std::istringstream lines(ptx);
  std::string result, line;
  bool retargeted = false;
  int uncovered = 0;
  while (std::getline(lines, line)) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (!retargeted && first != std::string::npos && line.compare(first, 7, ".target") == 0 &&
        line.find_first_of(" \t", first + 7) == first + 7) {
      // ".target sm_90" or ".target sm_90, texmode_independent": the architecture is the first
      // word after the directive.
      const std::size_t name = line.find_first_not_of(" \t", first + 7);
      const std::size_t end = name == std::string::npos ? std::string::npos : line.find_first_of(", \t\r", name);
      if (name != std::string::npos) {
        line = line.substr(0, name) + target + (end == std::string::npos ? "" : line.substr(end));
        retargeted = true;
      }
    } else {
      // Every marker on the line; what precedes one, if anything, stays. A marker inside another
      // comment would stay commented out: an instruction silently missing, so the pass refuses it.
      for (std::size_t at = line.find(marker); at != std::string::npos; at = line.find(marker, at)) {
        if (const std::size_t comment = line.find("//"); comment < at)
          throw BuildError("the PTX pass to " + target + " found an instruction marked '" + std::string(marker) +
                               "' inside another comment: " + line,
                           ptx);
        line.erase(at, marker.size());
        ++uncovered;
      }
    }
    result += line;
    result += '\n';
  }
  if (!retargeted)
    throw BuildError("the PTX pass to " + target + " found no .target directive in the compiler's output", ptx);
  if (uncovered == 0)
    throw BuildError("the PTX pass to " + target + " found no instruction marked '" + std::string(marker) + "'", ptx);
  return result;
}

}  // namespace gemmtune
