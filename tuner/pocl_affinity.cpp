// Pins PoCL's CPU worker threads to cores in gemmtune's own processes, where that is safe.
#include "tuner/pocl_affinity.hpp"

#include <unistd.h>

#include <cstdlib>

namespace gemmtune::cli {

bool allows_every_online_cpu(const cpu_set_t& allowed, long online) {
  if (online < 1 || online > CPU_SETSIZE) return false;
  for (long cpu = 0; cpu < online; ++cpu)
    if (!CPU_ISSET(static_cast<int>(cpu), &allowed)) return false;
  return true;
}

bool this_thread_may_run_on_every_cpu() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  return sched_getaffinity(0, sizeof(allowed), &allowed) == 0 &&
         allows_every_online_cpu(allowed, sysconf(_SC_NPROCESSORS_ONLN));
}

bool pin_pocl_workers() {
  if (std::getenv("POCL_AFFINITY") || !this_thread_may_run_on_every_cpu()) return false;
  return setenv("POCL_AFFINITY", "1", 0) == 0;
}

}  // namespace gemmtune::cli
