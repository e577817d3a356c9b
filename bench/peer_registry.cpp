// The one table of peers: names --peers accepts, and a stand-in for peers this build lacks.
#include <algorithm>

#include "bench/peer.hpp"
#include "tuner/cli.hpp"

namespace gemmtune::bench {
namespace {

// A peer that was not built in: listed, never run, with the reason in the notes.
class UnavailablePeer : public Peer {
 public:
  UnavailablePeer(std::string name, std::string reason) : name_(std::move(name)), reason_(std::move(reason)) {}
  std::string name() const override { return name_; }
  std::string unavailable_reason() const override { return reason_; }
  std::string does_not_fit(const Problem&) const override { return reason_; }
  PeerRun run(const Problem&) override { throw Error(name_ + " is unavailable: " + reason_); }

 private:
  std::string name_, reason_;
};

}  // namespace

const std::vector<std::string>& known_peers() {
  static const std::vector<std::string> names{"gemmtune", "clblast", "openblas", "cublas"};
  return names;
}

void require_known_peer(const std::string& name) {
  if (std::find(known_peers().begin(), known_peers().end(), name) != known_peers().end()) return;
  std::string known;
  for (const auto& peer : known_peers()) known += (known.empty() ? "" : ", ") + peer;
  throw cli::UsageError("unknown peer '" + name + "' (known: " + known + ")");
}

std::unique_ptr<Peer> make_peer(const std::string& name, const Setup& setup) {
  require_known_peer(name);
  if (name == "gemmtune") return make_gemmtune_peer(setup);
  if (name == "openblas") return make_openblas_peer(setup);
#ifdef GEMMTUNE_HAVE_CLBLAST
  if (name == "clblast") return make_clblast_peer(setup);
#else
  if (name == "clblast") return std::make_unique<UnavailablePeer>(name, "this build has no CLBlast (find_package(CLBlast) found none)");
#endif
#ifdef GEMMTUNE_HAVE_CUBLAS
  if (name == "cublas") return make_cublas_peer(setup);
#else
  if (name == "cublas")
    return std::make_unique<UnavailablePeer>(name, "this build has no cuBLAS (no CUDA toolkit found, or GEMMTUNE_WITH_CUBLAS=OFF)");
#endif
  throw Error("peer '" + name + "' is known but has no factory");
}

}  // namespace gemmtune::bench
