// Tunes a command's problems on its devices: a thread and a worker per device; devices of one model
// share the problems, devices of different models each tune all of them.
#pragma once

#include <boost/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tuner/problem_list.hpp"
#include "tuner/tuning_session.hpp"

namespace gemmtune::cli {

struct TuneRun {
  std::vector<Problem> problems;                           // each fits every device
  std::vector<std::vector<const KernelFamily*>> families;  // per problem
  Layout layout = Layout::RowMajor;
  std::vector<DeviceEntry> devices;
  // Everything but the device, family, space, problem and time share; `isolation`, when set, is
  // the program to start as the worker (its `workers` empty: each device gets its own) and limits.
  TuningRequest request;
  std::filesystem::path worker_program;
  std::optional<std::filesystem::path> space_file;
  std::optional<double> time_limit, session_time_limit;
};

struct TuneRunResult {
  boost::json::array summaries;     // one per problem, family and device, as they complete
  std::vector<Problem> not_reached;  // left when the session time limit was reached
  std::size_t measured = 0;          // evaluations measured (not replayed) over every device
  int interrupted_by = 0;            // the signal that ended the run early, 0 if none
};

// Progress and summaries go to standard error, each line prefixed with its device's selector when
// there are several. After an error on one device the others finish the problem in hand, then the
// error is rethrown; SIGINT or SIGTERM stop them all at once (interrupted_by).
TuneRunResult run_tuning(const TuneRun& run);

}  // namespace gemmtune::cli
