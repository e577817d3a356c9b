// How the bench times a peer's calls: each alone with its own event, or a stream issued back to back.
#pragma once

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
// to every OpenCL call and not to a CUDA one. A stream round still makes one such event, its closing
// marker's: where the host cannot keep the device busy, that is 7 us over the round's calls (0.35 us
// a call at 20 a round).
enum class CallTiming { PerCall, Stream };

// "per-call" or "stream"; anything else throws cli::UsageError.
CallTiming parse_call_timing(std::string_view text);
std::string to_string(CallTiming timing);

// A stream round lasts about this long, so that the timestamps on its sides cost little per call,
// and holds at most this many calls.
inline constexpr double stream_round_seconds = 250e-6;
inline constexpr int most_calls_per_round = 32;

// Calls per stream round from one call's time: 1 to most_calls_per_round.
int calls_per_round(double one_call_seconds);

// `repeat` figures from `round(calls)`, which issues `calls` calls and returns its time per call:
// PerCall, rounds of one call; Stream, rounds of calls_per_round() calls, sized by a first round of
// one call that is not reported.
std::vector<double> time_rounds(CallTiming timing, int repeat, const std::function<double(int calls)>& round);

// Host-clock timing for a peer without device timestamps (OpenBLAS): `warm_up` calls, then
// time_rounds() of the host's clock around each round.
std::vector<double> time_host_calls(CallTiming timing, int warm_up, int repeat, const std::function<void()>& call);

}  // namespace gemmtune::bench
