// The gemmtune peer: the GEMM through the dispatcher (gemmtune::Handle), as a library user calls it.
#include <memory>

#include "bench/opencl_timing.hpp"
#include "gemmtune/handle.hpp"
#include "tuner/call_timing.hpp"
#include "tuner/choice_json.hpp"

namespace gemmtune::bench {
namespace {

class GemmtunePeer : public Peer {
 public:
  explicit GemmtunePeer(const Setup& setup)
      : setup_(setup),
        context_(setup.device.device),
        queue_(context_, setup.device.device, CL_QUEUE_PROFILING_ENABLE),
        handle_(context_(), setup.device.device(),
                setup.database ? std::optional<std::filesystem::path>(*setup.database) : std::nullopt) {}

  std::string name() const override { return "gemmtune"; }
  std::string does_not_fit(const Problem& problem) const override { return opencl_does_not_fit(setup_.device, problem); }

  // Served where the dispatcher has a kernel family for at least one transposition; run() says
  // which problems it then leaves out.
  Service service(Precision precision) const override {
    if (precision == Precision::Double && !limits_of(setup_.device.device).fp64)
      return Service::none("the device lacks cl_khr_fp64");
    std::string reason;
    for (const Transpose a : {Transpose::No, Transpose::Yes})
      for (const Transpose b : {Transpose::No, Transpose::Yes}) {
        try {
          handle_.choose(GemmShape{precision, Layout::RowMajor, a, b, 64, 64, 64});
          return Service::by("gemmtune::Handle::gemm(" + to_string(precision) + ", ...)", precision);
        } catch (const InvalidArgument& error) {
          if (reason.empty()) reason = error.what();
        }
      }
    return Service::none(reason);
  }

  PeerRun run(const Problem& p) override {
    const GemmShape shape{p.precision, Layout::RowMajor, p.trans_a, p.trans_b, p.m, p.n, p.k};
    try {
      handle_.choose(shape);
    } catch (const InvalidArgument& error) {
      throw NotServed(error.what());  // no kernel family for this problem here: nothing ran
    }
    DeviceBuffers buffers = upload(context_, p);
    PeerRun result;
    const auto call = [&](bool with_event) {
      cl_event raw = nullptr;
      handle_.gemm(p.precision, Layout::RowMajor, p.trans_a, p.trans_b, p.m, p.n, p.k, 1.0, buffers.a(), 0, p.lda,
                   buffers.b(), 0, p.ldb, 0.0, buffers.c(), 0, p.ldc, queue_(), with_event ? &raw : nullptr);
      return cl::Event(raw);  // takes over the reference the handle gave us
    };
    // A shape chosen by prediction first times the model's best candidates (Handle): the timed
    // calls are those after the fastest was kept, as in a program that calls the shape again.
    settle_trial_calls(handle_, shape, [&] { return call(true); });
    result.seconds = time_opencl_calls(queue_, setup_, call);
    result.c = download_c(queue_, buffers.c, p);
    // Chosen after the calls: a configuration whose program failed to build gave way to another.
    const ConfigChoice choice = handle_.choose(shape);
    result.extra = cli::choice_json(choice, p.precision, transpose_code(p.trans_a, p.trans_b), Layout::RowMajor);
    return result;
  }

 private:
  Setup setup_;
  cl::Context context_;
  cl::CommandQueue queue_;
  Handle handle_;
};

}  // namespace

std::unique_ptr<Peer> make_gemmtune_peer(const Setup& setup) { return std::make_unique<GemmtunePeer>(setup); }

}  // namespace gemmtune::bench
