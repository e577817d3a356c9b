// Status names and the objective that strategies minimise.
#include "search/measurement.hpp"

#include <array>
#include <limits>
#include <utility>

#include "gemmtune/error.hpp"

namespace gemmtune::search {
namespace {

constexpr std::array<std::pair<Status, const char*>, 7> status_names = {{
    {Status::ok, "ok"},
    {Status::compile_error, "compile_error"},
    {Status::launch_error, "launch_error"},
    {Status::wrong_result, "wrong_result"},
    {Status::timeout, "timeout"},
    {Status::invalid, "invalid"},
    {Status::crashed, "crashed"},
}};

}  // namespace

std::string to_string(Status status) {
  for (const auto& [value, name] : status_names)
    if (value == status) return name;
  return "unknown";
}

Status status_from_string(const std::string& text) {
  std::string known;
  for (const auto& [value, name] : status_names) {
    if (text == name) return value;
    known += known.empty() ? "" : ", ";
    known += name;
  }
  throw InvalidArgument("unknown measurement status '" + text + "' (expected one of " + known + ")");
}

double objective(const Measurement& measurement) {
  if (measurement.status != Status::ok) return std::numeric_limits<double>::infinity();
  return measurement.seconds;
}

}  // namespace gemmtune::search
