// Test support: runs the gemmtune program as a separate process and captures what it printed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace gemmtune::testing {

struct ProcessResult {
  int exit_code = -1;  // -1 when a signal ended it
  int signal = 0;      // the signal that ended it, if one did
  std::string out;  // standard output
  std::string err;  // standard error
};

// `path` as one shell word (in single quotes, any single quote in it escaped), for the command
// lines below.
std::string quoted(const std::filesystem::path& path);

// The path of the gemmtune binary built with the tests.
std::string gemmtune_binary();

// Runs `arguments` (a shell-quoted string) after the gemmtune binary built with the tests.
ProcessResult run_gemmtune(const std::string& arguments);

// Runs `arguments` after the gemmtune binary with a file-size limit (setrlimit RLIMIT_FSIZE, as
// `ulimit -f` sets it) of `bytes`; standard error's file is subject to it too.
ProcessResult run_gemmtune_with_file_size_limit(const std::string& arguments, std::uint64_t bytes);

// Runs any shell command line.
ProcessResult run_shell(const std::string& command_line);

}  // namespace gemmtune::testing
