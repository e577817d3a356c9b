// SIGINT and SIGTERM during a tuning session: noted, so that it ends between two database writes.
#include "tuner/interruption.hpp"

#include <signal.h>

#include <cstring>
#include <string>

namespace gemmtune {
namespace {

volatile sig_atomic_t received = 0;
struct sigaction previous_interrupt, previous_terminate;

extern "C" void note_signal(int signal) { received = signal; }

}  // namespace

InterruptionHandlers::InterruptionHandlers() {
  received = 0;
  struct sigaction action {};
  action.sa_handler = note_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking wait returns, and its caller looks at the flag
  sigaction(SIGINT, &action, &previous_interrupt);
  sigaction(SIGTERM, &action, &previous_terminate);
}

InterruptionHandlers::~InterruptionHandlers() {
  sigaction(SIGINT, &previous_interrupt, nullptr);
  sigaction(SIGTERM, &previous_terminate, nullptr);
}

int interruption_signal() { return received; }

Interrupted::Interrupted(int signal)
    : Error(std::string("interrupted by ") + (signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : ::strsignal(signal))),
      signal_(signal) {}

void stop_if_interrupted() {
  if (const int signal = received) throw Interrupted(signal);
}

}  // namespace gemmtune
