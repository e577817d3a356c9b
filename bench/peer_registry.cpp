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
  Service service(Precision) const override { return Service::none(reason_); }
  std::string does_not_fit(const Problem&) const override { return reason_; }
  PeerRun run(const Problem&) override { throw Error(name_ + " is unavailable: " + reason_); }

 private:
  std::string name_, reason_;
};

}  // namespace

// Stand-ins for the peers this build lacks: listed, never run, the reason in the notes.
#ifndef GEMMTUNE_HAVE_CLBLAST
std::unique_ptr<Peer> make_clblast_peer(const Setup&) {
  return std::make_unique<UnavailablePeer>("clblast", "this build has no CLBlast (find_package(CLBlast) found none)");
}
#endif
#ifndef GEMMTUNE_HAVE_CUBLAS
std::unique_ptr<Peer> make_cublas_peer(const Setup&) {
  return std::make_unique<UnavailablePeer>(
      "cublas", "this build has no cuBLAS (no CUDA toolkit found, or GEMMTUNE_WITH_CUBLAS=OFF)");
}
#endif

const std::vector<PeerInfo>& peer_table() {
  static const std::vector<PeerInfo> table = {
      {"gemmtune", true, true, make_gemmtune_peer},
      {"cublas", true, false, make_cublas_peer},
      {"clblast", true, true, make_clblast_peer},
      {"openblas", false, true, make_openblas_peer},
  };
  return table;
}

const std::vector<std::string>& known_peers() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const auto& peer : peer_table()) list.push_back(peer.name);
    return list;
  }();
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
  for (const auto& peer : peer_table())
    if (peer.name == name) return peer.make(setup);
  throw Error("peer '" + name + "' is known but has no factory");
}

}  // namespace gemmtune::bench
