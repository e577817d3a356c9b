// Test support: runs the gemmtune program as a separate process and captures what it printed.
#include "tests/support/process.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace gemmtune::testing {
namespace {

// `command_line` run by /bin/sh with standard output on a pipe and standard error in a file;
// `file_size_limit` (bytes), if any, is set in the child before the shell starts.
ProcessResult run(const std::string& command_line, std::optional<rlim_t> file_size_limit) {
  const auto err_path = std::filesystem::temp_directory_path() /
                        ("gemmtune-test-stderr-" + std::to_string(::getpid()) + ".txt");
  ProcessResult result;
  int out[2];
  if (::pipe(out) != 0) return result;
  const pid_t pid = ::fork();
  if (pid < 0) return result;
  if (pid == 0) {
    ::close(out[0]);
    ::dup2(out[1], STDOUT_FILENO);
    ::close(out[1]);
    if (file_size_limit) {
      const rlimit limit{*file_size_limit, *file_size_limit};
      if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(126);
    }
    const std::string command = command_line + " 2>" + err_path.string();
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  char buffer[4096];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof(buffer))) != 0;) {
    if (n > 0)
      result.out.append(buffer, static_cast<std::size_t>(n));
    else if (errno != EINTR)
      break;
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  std::ifstream err(err_path);
  std::ostringstream text;
  text << err.rdbuf();
  result.err = text.str();
  std::filesystem::remove(err_path);
  return result;
}

}  // namespace

std::string quoted(const std::filesystem::path& path) {
  std::string word = "'";
  for (const char c : path.string()) {
    if (c == '\'') {
      word += "'\\''";  // end the quoted part, an escaped quote, start another
    } else {
      word += c;
    }
  }
  word += '\'';
  return word;
}

ProcessResult run_shell(const std::string& command_line) { return run(command_line, std::nullopt); }

std::string gemmtune_binary() { return GEMMTUNE_BINARY; }

ProcessResult run_gemmtune(const std::string& arguments) {
  return run_shell(gemmtune_binary() + " " + arguments);
}

ProcessResult run_gemmtune_with_file_size_limit(const std::string& arguments, std::uint64_t bytes) {
  return run("exec " + gemmtune_binary() + " " + arguments, static_cast<rlim_t>(bytes));
}

}  // namespace gemmtune::testing
