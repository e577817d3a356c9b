// The OpenBLAS peer: cblas_sgemm, cblas_dgemm (and cblas_sbgemm where built in) on the host, timed with steady_clock.
#include <cblas.h>

#include <functional>
#include <memory>

#include "bench/peer.hpp"
#include "core/half_conversion.hpp"

namespace gemmtune::bench {
namespace {

CBLAS_TRANSPOSE to_cblas(Transpose t) { return t == Transpose::Yes ? CblasTrans : CblasNoTrans; }

class OpenblasPeer : public Peer {
 public:
  explicit OpenblasPeer(const Setup& setup) : setup_(setup) {}

  std::string name() const override { return "openblas"; }
  std::string does_not_fit(const Problem&) const override { return {}; }  // host memory already holds A, B, C

  Service service(Precision precision) const override {
    switch (precision) {
      case Precision::Single: return Service::by("cblas_sgemm", Precision::Single);
      case Precision::Single3xTF32:
        return Service::by("cblas_sgemm (the FP32 GEMM that 3xtf32 stands beside)", Precision::Single);
      case Precision::Double: return Service::by("cblas_dgemm", Precision::Double);
      case Precision::BFloat16:
#ifdef GEMMTUNE_OPENBLAS_HAS_SBGEMM
        return Service::by("cblas_sbgemm (FP32 C, rounded to BF16 after the timed calls)", Precision::BFloat16);
#else
        return Service::none("this OpenBLAS was built without cblas_sbgemm (BUILD_BFLOAT16)");
#endif
      case Precision::Half: return Service::none("OpenBLAS has no FP16 GEMM");
      case Precision::TF32: return Service::none("OpenBLAS has no TF32 GEMM");
    }
    return Service::none("unknown precision");
  }

  PeerRun run(const Problem& p) override {
    PeerRun result;
    result.c = *p.c;
    switch (p.precision) {
      case Precision::Double:
        result.seconds = time_host_calls(setup_.timing, setup_.warm_up, setup_.repeat, [&] {
          cblas_dgemm(CblasRowMajor, to_cblas(p.trans_a), to_cblas(p.trans_b), p.m, p.n, p.k, 1.0, p.a->doubles().data(),
                      p.lda, p.b->doubles().data(), p.ldb, 0.0, result.c.doubles().data(), p.ldc);
        });
        break;
#ifdef GEMMTUNE_OPENBLAS_HAS_SBGEMM
      case Precision::BFloat16: {
        std::vector<float> c(p.c->size());
        result.seconds = time_host_calls(setup_.timing, setup_.warm_up, setup_.repeat, [&] {
          cblas_sbgemm(CblasRowMajor, to_cblas(p.trans_a), to_cblas(p.trans_b), p.m, p.n, p.k, 1.0f,
                       p.a->bits16().data(), p.lda, p.b->bits16().data(), p.ldb, 0.0f, c.data(), p.ldc);
        });
        for (std::size_t i = 0; i < c.size(); ++i) result.c.bits16()[i] = float_to_bfloat16(c[i]);
        break;
      }
#endif
      default:  // fp32, and 3xtf32 standing beside it
        result.seconds = time_host_calls(setup_.timing, setup_.warm_up, setup_.repeat, [&] {
          cblas_sgemm(CblasRowMajor, to_cblas(p.trans_a), to_cblas(p.trans_b), p.m, p.n, p.k, 1.0f, p.a->floats().data(),
                      p.lda, p.b->floats().data(), p.ldb, 0.0f, result.c.floats().data(), p.ldc);
        });
    }
    return result;
  }

 private:
  Setup setup_;
};

}  // namespace

std::unique_ptr<Peer> make_openblas_peer(const Setup& setup) { return std::make_unique<OpenblasPeer>(setup); }

}  // namespace gemmtune::bench
