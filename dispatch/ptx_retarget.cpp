// Turns the PTX that NVIDIA's OpenCL compiler emits into PTX for an architecture it cannot target.
#include "dispatch/ptx_retarget.hpp"

#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

// The kernel a `.entry` line declares ("... .entry NAME(" in NVIDIA's PTX); "" for a `.func`
// line (a function's body names no kernel's arguments); nothing for any other line.
std::optional<std::string> entry_declared(const std::string& line) {
  if (line.find(".func") != std::string::npos) return std::string();
  const std::size_t at = line.find(".entry");
  if (at == std::string::npos) return std::nullopt;
  std::size_t name = line.find_first_not_of(" \t", at + 6), end = name;
  while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_' || line[end] == '$'))
    ++end;
  return name == std::string::npos ? std::string() : line.substr(name, end - name);
}

// Writes each KERNEL_ARGUMENT_<n> of an uncovered line as the PTX name of argument n of `entry`.
void name_arguments(std::string& line, const std::string& entry, const std::string& target, const std::string& ptx) {
  const std::string_view token = ptx_kernel_argument_token;
  for (std::size_t at = line.find(token); at != std::string::npos; at = line.find(token, at)) {
    std::size_t end = at + token.size();
    while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
    if (entry.empty() || end == at + token.size())
      throw BuildError("the PTX pass to " + target + " cannot name the kernel argument of: " + line, ptx);
    const std::string name = entry + "_param_" + line.substr(at + token.size(), end - at - token.size());
    line.replace(at, end - at, name);
    at += name.size();
  }
}

}  // namespace

std::string retarget_ptx(std::string ptx, const std::string& target) {
  const std::string_view marker = ptx_hidden_instruction_marker;
  while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();  // the driver's binary ends in NULs
  std::istringstream lines(ptx);
  std::string result, line;
  bool retargeted = false;
  int uncovered = 0;
  std::string entry;  // the kernel whose body the lines are in
  // Where the body of `entry` opens in `result` (npos before its `{`), and the directives written
  // before it.
  std::size_t body_start = std::string::npos;
  std::set<std::string> entry_directives;
  while (std::getline(lines, line)) {
    if (auto declared = entry_declared(line)) {
      entry = std::move(*declared);
      body_start = std::string::npos;
      entry_directives.clear();
    }
    const std::size_t first = line.find_first_not_of(" \t");
    if (!entry.empty() && body_start == std::string::npos && first != std::string::npos && line.compare(first, 1, "{") == 0)
      body_start = result.size();
    if (const std::size_t at = line.find(ptx_entry_directive_marker); at != std::string::npos) {
      if (entry.empty() || body_start == std::string::npos)
        throw BuildError("the PTX pass to " + target + " found an entry directive outside a kernel's body: " + line, ptx);
      std::string directive = line.substr(at + std::string_view(ptx_entry_directive_marker).size());
      while (!directive.empty() && std::isspace(static_cast<unsigned char>(directive.back()))) directive.pop_back();
      if (entry_directives.insert(directive).second) {
        result.insert(body_start, directive + "\n");
        body_start += directive.size() + 1;
      }
    }
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
        name_arguments(line, entry, target, ptx);
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
