// The outcome of evaluating one configuration: a status and, when it ran correctly, its time.
#pragma once

#include <string>

namespace gemmtune::search {

// Failures are values a strategy learns from, never aborts of a search.
// crashed: the process evaluating the candidate died (a signal, an exit) while doing so (README,
// "Isolated evaluations"); timeout: it ran past its limit.
enum class Status { ok, compile_error, launch_error, wrong_result, timeout, invalid, crashed };

std::string to_string(Status status);                  // "ok", "compile_error", ...
Status status_from_string(const std::string& text);    // throws gemmtune::InvalidArgument on unknown text

struct Measurement {
  Status status = Status::ok;
  double seconds = 0;  // median kernel time, only meaningful when status is ok
};

// What strategies minimise: the time of a correct run, +infinity for any failure.
double objective(const Measurement& measurement);

}  // namespace gemmtune::search
