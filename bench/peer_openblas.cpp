// The OpenBLAS peer: cblas_sgemm on the host, timed with steady_clock (the yardstick for CPU devices).
#include <cblas.h>

#include <chrono>
#include <memory>

#include "bench/peer.hpp"

namespace gemmtune::bench {
namespace {

CBLAS_TRANSPOSE to_cblas(Transpose t) { return t == Transpose::Yes ? CblasTrans : CblasNoTrans; }

class OpenblasPeer : public Peer {
 public:
  explicit OpenblasPeer(const Setup& setup) : setup_(setup) {}

  std::string name() const override { return "openblas"; }
  std::string does_not_fit(const Problem&) const override { return {}; }  // host memory already holds A, B, C

  PeerRun run(const Problem& p) override {
    PeerRun result;
    result.c = *p.c;
    const auto call = [&] {
      cblas_sgemm(CblasRowMajor, to_cblas(p.trans_a), to_cblas(p.trans_b), p.m, p.n, p.k, 1.0f, p.a->data(), p.lda,
                  p.b->data(), p.ldb, 0.0f, result.c.data(), p.ldc);
    };
    for (int i = 0; i < setup_.warm_up; ++i) call();
    for (int i = 0; i < setup_.repeat; ++i) {
      const auto start = std::chrono::steady_clock::now();
      call();
      result.seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return result;
  }

 private:
  Setup setup_;
};

}  // namespace

std::unique_ptr<Peer> make_openblas_peer(const Setup& setup) { return std::make_unique<OpenblasPeer>(setup); }

}  // namespace gemmtune::bench
