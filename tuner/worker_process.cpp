// A child process spoken to over a pipe, one line per message, with deadlines and a sure kill.
#include "tuner/worker_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "gemmtune/error.hpp"

extern char** environ;

namespace gemmtune {
namespace {

// How long read_line waits before calling back: an interruption is acted on this soon.
constexpr auto poll_slice = std::chrono::milliseconds(100);

void close_quietly(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

ProcessEnd end_from(int status) {
  ProcessEnd end;
  if (WIFEXITED(status)) end.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
  return end;
}

// Writes all of `text`, without SIGPIPE: a child that ended is noticed by the write failing, and
// must not end this process. The signal is blocked in this thread and, if raised, consumed.
bool write_all(int fd, const std::string& text) {
  sigset_t pipe_signal, previous;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
  std::size_t written = 0;
  bool broken = false;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n > 0) {
      written += static_cast<std::size_t>(n);
    } else if (n < 0 && errno != EINTR) {
      broken = true;
      break;
    }
  }
  if (broken) {
    const timespec no_wait{0, 0};
    while (sigtimedwait(&pipe_signal, nullptr, &no_wait) > 0) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return !broken;
}

}  // namespace

std::string ProcessEnd::describe() const {
  if (signal) return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
  return "exited with status " + std::to_string(exit_code);
}

ChildProcess::ChildProcess(const std::filesystem::path& program, const std::vector<std::string>& arguments) {
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw Error("cannot make a pipe: " + std::string(std::strerror(errno)));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    throw Error("cannot make a pipe: " + std::string(std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);  // dup2 clears close-on-exec
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<std::string> words{program.string()};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const int failed = ::posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  ::close(in[0]), ::close(out[1]);
  to_child_ = in[1], from_child_ = out[0];
  if (failed != 0) {
    close_quietly(to_child_), close_quietly(from_child_);
    throw Error("cannot start " + program.string() + ": " + std::strerror(failed));
  }
}

ChildProcess::~ChildProcess() {
  if (!end_) kill();
  close_quietly(to_child_), close_quietly(from_child_);
}

bool ChildProcess::write_line(const std::string& line) {
  return to_child_ >= 0 && write_all(to_child_, line + '\n');
}

bool ChildProcess::take_buffered_line(std::string& line) {
  const auto newline = buffer_.find('\n');
  if (newline == std::string::npos) return false;
  line = buffer_.substr(0, newline);
  buffer_.erase(0, newline + 1);
  return true;
}

ChildProcess::Read ChildProcess::read_some(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  const auto wait = std::clamp(left, std::chrono::milliseconds(0), std::chrono::milliseconds(poll_slice));
  pollfd watched{from_child_, POLLIN, 0};
  const int ready = ::poll(&watched, 1, static_cast<int>(wait.count()));
  if (ready <= 0) return Read::deadline;  // nothing yet (or a signal came): the caller looks around
  char chunk[4096];
  const ssize_t n = ::read(from_child_, chunk, sizeof(chunk));
  if (n > 0) {
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return Read::line;
  }
  if (n == 0 || errno != EINTR) output_closed_ = true;
  return Read::end_of_file;
}

ProcessEnd ChildProcess::kill() {
  if (end_) return *end_;
  ::kill(pid_, SIGKILL);
  return wait(std::chrono::hours(1));  // a killed process is reaped at once
}

ProcessEnd ChildProcess::wait(Clock::duration grace) {
  if (end_) return *end_;
  close_quietly(to_child_);  // a child reading its input sees the end of it
  const auto deadline = Clock::now() + grace;
  int status = 0;
  for (;;) {
    const pid_t reaped = ::waitpid(pid_, &status, WNOHANG);
    if (reaped == pid_ || (reaped < 0 && errno != EINTR)) break;
    if (reaped == 0 && Clock::now() >= deadline) {
      ::kill(pid_, SIGKILL);
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    if (reaped == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  end_ = end_from(status);
  close_quietly(from_child_);
  output_closed_ = true;
  return *end_;
}

}  // namespace gemmtune
