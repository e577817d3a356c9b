// One benchmark peer (gemmtune, CLBlast, OpenBLAS, cuBLAS): runs the same row-major GEMM and times it.
#pragma once

#include <boost/json.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/call_timing_mode.hpp"
#include "tuner/host_matrix.hpp"
#include "dispatch/device.hpp"
#include "gemmtune/error.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune::bench {

// One problem with its host data: row-major C (m x n) = op(A) * op(B), alpha 1, beta 0, dense, at
// the run's precision (A, B and C hold its storage type).
struct Problem {
  Precision precision = Precision::Single;
  std::size_t m = 0, n = 0, k = 0;
  Transpose trans_a = Transpose::No, trans_b = Transpose::No;
  std::size_t lda = 0, ldb = 0, ldc = 0;
  const HostMatrix* a = nullptr;
  const HostMatrix* b = nullptr;
  const HostMatrix* c = nullptr;  // C before the calls (beta is 0, so only its size matters)

  std::size_t a_elements() const { return trans_a == Transpose::Yes ? k * lda : m * lda; }
  std::size_t b_elements() const { return trans_b == Transpose::Yes ? n * ldb : k * ldb; }
  std::size_t c_elements() const { return m * ldc; }
};

struct PeerRun {
  std::vector<double> seconds;  // one per timed call, or per stream round (its time per call)
  HostMatrix c;                 // C after the last call, for the check
  boost::json::object extra;    // what only this peer knows (gemmtune: its configuration's source)
};

// How a peer meets one precision: the routine it calls and the precision that computes, or why not.
struct Service {
  std::string routine;     // e.g. "cublasGemmEx: CUDA_R_16F operands and C, CUBLAS_COMPUTE_32F"
  Precision computes = Precision::Single;  // the asked one, or the one standing in for it (FP32 for 3xtf32)
  std::string not_served;  // why the peer does not serve the precision; empty when it does

  bool serves() const { return not_served.empty(); }
  static Service by(std::string routine, Precision computes) { return {std::move(routine), computes, {}}; }
  static Service none(std::string reason) { return {{}, Precision::Single, std::move(reason)}; }
};

// Thrown by Peer::run where the peer serves the run's precision but not this problem (the
// dispatcher has no kernel family for its transposition on this device): reported, not a failure.
class NotServed : public Error {
 public:
  using Error::Error;
};

// What every peer of one run shares: the OpenCL device, the tuning database, the precision.
struct Setup {
  DeviceEntry device;
  Precision precision = Precision::Single;
  std::optional<std::string> database;
  int warm_up = 2;
  int repeat = 10;
  CallTiming timing = CallTiming::PerCall;
};

class Peer {
 public:
  virtual ~Peer() = default;
  virtual std::string name() const = 0;
  // Why this peer cannot run at all in this build or on this machine; empty when it can.
  virtual std::string unavailable_reason() const { return {}; }
  // Whether and how this peer runs GEMMs of `precision` here (in this build, on this device).
  virtual Service service(Precision precision) const = 0;
  // Why this problem does not fit (device memory); empty when it does. Looks at the sizes only.
  virtual std::string does_not_fit(const Problem& problem) const = 0;
  // Warm-up calls, then `repeat` timed ones, at the problem's precision, which service() serves.
  // Throws NotServed as above, anything else on failure.
  virtual PeerRun run(const Problem& problem) = 0;
};

// One factory per peer file; each peer that is not built into this binary says so when asked.
std::unique_ptr<Peer> make_gemmtune_peer(const Setup& setup);
std::unique_ptr<Peer> make_clblast_peer(const Setup& setup);
std::unique_ptr<Peer> make_openblas_peer(const Setup& setup);
std::unique_ptr<Peer> make_cublas_peer(const Setup& setup);

// One row of the peer table: its name, whether it runs by default on a GPU or CPU device, and
// its factory (a stand-in saying why where this build lacks it). gemmtune's own row comes first;
// the others are compared with it in the table's order.
struct PeerInfo {
  std::string name;
  bool default_on_gpu = false, default_on_cpu = false;
  std::unique_ptr<Peer> (*make)(const Setup& setup) = nullptr;
};
const std::vector<PeerInfo>& peer_table();

// The peer names --peers accepts, in the table's order.
const std::vector<std::string>& known_peers();
// Throws cli::UsageError, naming the known peers, for a name outside known_peers().
void require_known_peer(const std::string& name);
std::unique_ptr<Peer> make_peer(const std::string& name, const Setup& setup);

}  // namespace gemmtune::bench
