// Pins PoCL's CPU worker threads to cores in gemmtune's own processes, where that is safe.
#pragma once

#include <sched.h>

namespace gemmtune::cli {

// Whether a thread allowed on `allowed` may run on every one of the `online` CPUs, numbered from
// 0: PoCL pins its worker i to CPU i, which fails where a CPU set (taskset, a Slurm allocation)
// leaves one out.
bool allows_every_online_cpu(const cpu_set_t& allowed, long online);

// allows_every_online_cpu() for the calling thread's own affinity (taskset gives a process's
// threads theirs); false where it cannot be read.
bool this_thread_may_run_on_every_cpu();

// Sets POCL_AFFINITY=1 in this process's environment, which PoCL reads when it starts its worker
// threads and which tune's worker processes inherit, unless it is set already (POCL_AFFINITY=0
// keeps the scheduler's placement) or the calling thread may not run on every online CPU.
// Unpinned, the scheduler often puts both workers of a 2-core machine on one core for a whole
// process: a call of many work-groups then took twice as long in about half the processes
// (933x169x15: 93 or 180 us; bench/results/2026-11-30_pocl-worker-affinity/), so that tuning
// recorded either time at random. Returns whether it set the variable.
bool pin_pocl_workers();

}  // namespace gemmtune::cli
