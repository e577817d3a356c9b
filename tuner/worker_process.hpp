// A child process spoken to over a pipe, one line per message, with deadlines and a sure kill.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gemmtune {

// How a child ended: an exit code, or the signal that killed it.
struct ProcessEnd {
  int exit_code = -1;  // -1 when a signal ended it
  int signal = 0;
  std::string describe() const;  // "exited with status 3", "killed by signal 11 (Segmentation fault)"
};

// The program is started with its standard input and output on pipes (standard error shared with
// this process), in a process group of its own so that a terminal's Ctrl-C reaches only this
// process, which decides what the child's end is. Destroying a running child kills it.
class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Throws gemmtune::Error when the program cannot be started.
  ChildProcess(const std::filesystem::path& program, const std::vector<std::string>& arguments);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // False when the child no longer reads (it ended): the line is then lost, not an error.
  bool write_line(const std::string& line);

  enum class Read { line, end_of_file, deadline };
  // The next line (without its newline) into `line`, unless the child closes its output first or
  // `deadline` passes. Every `poll_slice` without news, `between()` is called (it may throw, for an
  // interruption, after which the child is still running and may be killed).
  template <typename Between>
  Read read_line(std::string& line, Clock::time_point deadline, Between between);

  // Kills the child (SIGKILL, not waiting for it to agree) and reaps it.
  ProcessEnd kill();
  // Reaps a child that ended or is ending (it closed its output), killing it if it has not ended
  // within `grace`.
  ProcessEnd wait(Clock::duration grace);
  pid_t pid() const { return pid_; }

 private:
  Read read_some(Clock::time_point deadline);  // waits at most until the deadline or a poll slice
  bool take_buffered_line(std::string& line);

  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;
  std::optional<ProcessEnd> end_;
  bool output_closed_ = false;
};

template <typename Between>
ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline, Between between) {
  while (!take_buffered_line(line)) {
    if (output_closed_) return Read::end_of_file;
    if (Clock::now() >= deadline) return Read::deadline;
    if (read_some(deadline) == Read::deadline) between();
  }
  return Read::line;
}

}  // namespace gemmtune
