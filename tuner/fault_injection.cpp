// Faults that tests make the evaluation worker suffer at chosen candidates (GEMMTUNE_TEST_FAULTS).
#include "tuner/fault_injection.hpp"

#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

constexpr std::array<std::pair<Fault, const char*>, 6> fault_names{{{Fault::abort, "abort"},
                                                                    {Fault::segv, "segv"},
                                                                    {Fault::kill, "kill"},
                                                                    {Fault::exit, "exit"},
                                                                    {Fault::hang, "hang"},
                                                                    {Fault::compile_hang, "compile_hang"}}};

// splitmix64: a well-mixed hash of (seed, ordinal), the same on every run.
std::uint64_t mixed(std::uint64_t value) {
  value += 0x9e3779b97f4a7c15ull;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
  return value ^ (value >> 31);
}

Fault fault_named(const std::string& name, const std::string& item) {
  for (const auto& [fault, text] : fault_names)
    if (name == text) return fault;
  throw ConfigError("GEMMTUNE_TEST_FAULTS: unknown fault '" + name + "' in '" + item +
                    "' (abort, segv, kill, exit, hang, compile_hang)");
}

}  // namespace

FaultPlan::FaultPlan(const std::string& spec) {
  std::istringstream items(spec);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) continue;
    try {
      if (item.rfind("random:", 0) == 0) {
        const auto colon = item.find(':', 7);
        if (colon == std::string::npos) throw std::invalid_argument("no seed");
        std::size_t used = 0;
        fraction_ = std::stod(item.substr(7, colon - 7), &used);
        seed_ = std::stoull(item.substr(colon + 1));
        if (!(fraction_ >= 0 && fraction_ <= 1)) throw std::invalid_argument("fraction");
        continue;
      }
      const auto at = item.find('@');
      if (at == std::string::npos) throw std::invalid_argument("no @");
      chosen_[std::stoull(item.substr(at + 1))] = fault_named(item.substr(0, at), item);
    } catch (const std::logic_error&) {
      throw ConfigError("GEMMTUNE_TEST_FAULTS: '" + item + "' is not KIND@N nor random:FRACTION:SEED");
    }
  }
}

FaultPlan FaultPlan::from_environment() {
  const char* spec = std::getenv("GEMMTUNE_TEST_FAULTS");
  return spec ? FaultPlan(spec) : FaultPlan();
}

Fault FaultPlan::at(std::uint64_t ordinal) const {
  if (const auto found = chosen_.find(ordinal); found != chosen_.end()) return found->second;
  if (fraction_ <= 0) return Fault::none;
  const std::uint64_t draw = mixed(seed_ ^ mixed(ordinal));
  if (static_cast<double>(draw >> 11) * 0x1.0p-53 >= fraction_) return Fault::none;
  return fault_names[mixed(draw) % 5].first;  // the five that strike after the build
}

std::string to_string(Fault fault) {
  for (const auto& [value, text] : fault_names)
    if (value == fault) return text;
  return "none";
}

void suffer(Fault fault) {
  switch (fault) {
    case Fault::none:
      return;
    case Fault::abort:
      std::signal(SIGABRT, SIG_DFL);
      std::abort();
    case Fault::segv:
      std::signal(SIGSEGV, SIG_DFL);  // a driver's own handler must not turn it into something else
      std::raise(SIGSEGV);
      break;
    case Fault::kill:
      std::raise(SIGKILL);
      break;
    case Fault::exit:
      ::_exit(3);
    case Fault::hang:
    case Fault::compile_hang:
      break;
  }
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace gemmtune
