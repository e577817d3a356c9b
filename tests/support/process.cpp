// Test support: runs the gemmtune program as a separate process and captures what it printed.
#include "tests/support/process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gemmtune::testing {

ProcessResult run_shell(const std::string& command_line) {
  const auto err_path = std::filesystem::temp_directory_path() /
                        ("gemmtune-test-stderr-" + std::to_string(::getpid()) + ".txt");
  ProcessResult result;
  FILE* pipe = ::popen((command_line + " 2>" + err_path.string()).c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0;) result.out.append(buffer, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(err_path);
  std::ostringstream text;
  text << err.rdbuf();
  result.err = text.str();
  std::filesystem::remove(err_path);
  return result;
}

std::string gemmtune_binary() { return GEMMTUNE_BINARY; }

ProcessResult run_gemmtune(const std::string& arguments) {
  return run_shell(gemmtune_binary() + " " + arguments);
}

}  // namespace gemmtune::testing
