// SIGINT and SIGTERM during a tuning session: noted, so that it ends between two database writes.
#pragma once

#include "gemmtune/error.hpp"

namespace gemmtune {

// While alive, SIGINT and SIGTERM set a flag instead of ending the process; the previous handlers
// come back when it is destroyed. A system call they interrupt fails with EINTR, so that a wait
// notices them at once.
class InterruptionHandlers {
 public:
  InterruptionHandlers();
  ~InterruptionHandlers();
  InterruptionHandlers(const InterruptionHandlers&) = delete;
  InterruptionHandlers& operator=(const InterruptionHandlers&) = delete;
};

// The signal received while handlers were installed, 0 if none.
int interruption_signal();

class Interrupted : public Error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// Throws Interrupted when a signal was received.
void stop_if_interrupted();

}  // namespace gemmtune
