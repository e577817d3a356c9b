// How the bench times a peer's calls: each alone with its own event, or a stream issued back to back.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gemmtune::bench {

// `PerCall`: each timed call alone, from a timestamp taken just before it to the end of its last
// command, which for an OpenCL peer means the call makes an event. `Stream`: rounds of calls issued
// back to back, none making an event, a timestamp on each side of the round, the round's time per
// call: what a program that issues its GEMMs and synchronises later sees. NVIDIA's OpenCL spends
// about 7 us of host time making a command's event on a queue that times its commands, as the
// bench's must (bench/results/2026-11-25_h200-call-floor-queues/), a cost that per-call timing adds
// to every OpenCL call and not to a CUDA one.
enum class CallTiming { PerCall, Stream };

// "per-call" or "stream"; anything else throws cli::UsageError.
CallTiming parse_call_timing(std::string_view text);
std::string to_string(CallTiming timing);

// Calls per stream round: enough that a round lasts about a quarter of a millisecond, so that the
// timestamps on its sides cost little per call, from one call's time; 1 to 32.
int calls_per_round(double one_call_seconds);

// Host-clock timing for a peer without device timestamps (OpenBLAS): `warm_up` calls, then
// `repeat` figures, each one call (PerCall) or a stream round's time per call.
std::vector<double> time_host_calls(CallTiming timing, int warm_up, int repeat, const std::function<void()>& call);

}  // namespace gemmtune::bench
