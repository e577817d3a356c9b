// The CLBlast peer: clblast::Gemm<float> as shipped (its own tuning database), on the same device.
#include <clblast.h>

#include <memory>

#include "bench/opencl_timing.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::bench {
namespace {

clblast::Transpose to_clblast(Transpose t) { return t == Transpose::Yes ? clblast::Transpose::kYes : clblast::Transpose::kNo; }

class ClblastPeer : public Peer {
 public:
  explicit ClblastPeer(const Setup& setup)
      : setup_(setup), context_(setup.device.device), queue_(context_, setup.device.device, CL_QUEUE_PROFILING_ENABLE) {}

  std::string name() const override { return "clblast"; }
  std::string does_not_fit(const Problem& problem) const override { return opencl_does_not_fit(setup_.device, problem); }

  PeerRun run(const Problem& p) override {
    DeviceBuffers buffers = upload(context_, p);
    PeerRun result;
    result.seconds = time_calls(queue_, setup_.warm_up, setup_.repeat, [&] {
      cl_event raw = nullptr;
      cl_command_queue queue = queue_();
      const clblast::StatusCode status = clblast::Gemm<float>(
          clblast::Layout::kRowMajor, to_clblast(p.trans_a), to_clblast(p.trans_b), p.m, p.n, p.k, 1.0f, buffers.a(), 0,
          p.lda, buffers.b(), 0, p.ldb, 0.0f, buffers.c(), 0, p.ldc, &queue, &raw);
      if (status != clblast::StatusCode::kSuccess)
        throw Error("clblast::Gemm failed with status " + std::to_string(static_cast<int>(status)));
      return cl::Event(raw);
    });
    result.c = download_c(queue_, buffers.c, p);
    return result;
  }

 private:
  Setup setup_;
  cl::Context context_;
  cl::CommandQueue queue_;
};

}  // namespace

std::unique_ptr<Peer> make_clblast_peer(const Setup& setup) { return std::make_unique<ClblastPeer>(setup); }

}  // namespace gemmtune::bench
