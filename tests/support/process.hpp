// Test support: runs the gemmtune program as a separate process and captures what it printed.
#pragma once

#include <string>

namespace gemmtune::testing {

struct ProcessResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// The path of the gemmtune binary built with the tests.
std::string gemmtune_binary();

// Runs `arguments` (a shell-quoted string) after the gemmtune binary built with the tests.
ProcessResult run_gemmtune(const std::string& arguments);

// Runs any shell command line.
ProcessResult run_shell(const std::string& command_line);

}  // namespace gemmtune::testing
