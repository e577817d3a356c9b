// Faults that tests make the evaluation worker suffer at chosen candidates (GEMMTUNE_TEST_FAULTS).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace gemmtune {

// abort (SIGABRT), segv (SIGSEGV), kill (SIGKILL), exit (status 3), hang (sleeps while it should
// run the kernel), compile_hang (sleeps before compiling). All but compile_hang strike once the
// candidate is built, where a driver or a kernel would.
enum class Fault { none, abort, segv, kill, exit, hang, compile_hang };

// GEMMTUNE_TEST_FAULTS: comma-separated items, each KIND@N (the N-th candidate a session sends to
// its workers, from 1) or random:FRACTION:SEED (that fraction of the candidates, each with a kind
// drawn among abort, segv, kill, exit and hang; the same seed strikes the same candidates).
// Test-only: the variable is read by `gemmtune worker` and nowhere else.
class FaultPlan {
 public:
  FaultPlan() = default;
  explicit FaultPlan(const std::string& spec);  // throws ConfigError naming the bad item
  static FaultPlan from_environment();

  Fault at(std::uint64_t ordinal) const;

 private:
  std::map<std::uint64_t, Fault> chosen_;
  double fraction_ = 0;
  std::uint64_t seed_ = 0;
};

std::string to_string(Fault fault);
// Suffers `fault` now: returns only for Fault::none.
void suffer(Fault fault);

}  // namespace gemmtune
