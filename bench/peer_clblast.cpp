// The CLBlast peer: clblast::Gemm as shipped (its own tuning database), on the same device: SGEMM, DGEMM, HGEMM.
#include <clblast.h>

#include <memory>
#include <sstream>

#include "bench/opencl_timing.hpp"
#include "core/half_conversion.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::bench {
namespace {

clblast::Transpose to_clblast(Transpose t) { return t == Transpose::Yes ? clblast::Transpose::kYes : clblast::Transpose::kNo; }

bool has_extension(const cl::Device& device, const std::string& name) {
  std::istringstream extensions(device.getInfo<CL_DEVICE_EXTENSIONS>());
  for (std::string extension; extensions >> extension;)
    if (extension == name) return true;
  return false;
}

class ClblastPeer : public Peer {
 public:
  explicit ClblastPeer(const Setup& setup)
      : setup_(setup), context_(setup.device.device), queue_(context_, setup.device.device, CL_QUEUE_PROFILING_ENABLE) {}

  std::string name() const override { return "clblast"; }
  std::string does_not_fit(const Problem& problem) const override { return opencl_does_not_fit(setup_.device, problem); }

  Service service(Precision precision) const override {
    switch (precision) {
      case Precision::Single: return Service::by("clblast::Gemm<float> (SGEMM)", Precision::Single);
      case Precision::Single3xTF32:
        return Service::by("clblast::Gemm<float> (SGEMM: the FP32 GEMM that 3xtf32 stands beside)", Precision::Single);
      case Precision::Double:
        if (!has_extension(setup_.device.device, "cl_khr_fp64"))
          return Service::none("the device lacks cl_khr_fp64, which CLBlast's DGEMM needs");
        return Service::by("clblast::Gemm<double> (DGEMM)", Precision::Double);
      case Precision::Half:
        if (!has_extension(setup_.device.device, "cl_khr_fp16"))
          return Service::none("the device lacks cl_khr_fp16, which CLBlast's HGEMM needs");
        return Service::by("clblast::Gemm<half> (HGEMM: FP16 accumulation)", Precision::Half);
      case Precision::BFloat16: return Service::none("CLBlast has no BF16 GEMM");
      case Precision::TF32: return Service::none("CLBlast has no TF32 GEMM");
    }
    return Service::none("unknown precision");
  }

  PeerRun run(const Problem& p) override {
    switch (service(p.precision).computes) {
      case Precision::Double: return run_as<double>(p, 1.0, 0.0);
      case Precision::Half: return run_as<cl_half>(p, float_to_half(1.0f), float_to_half(0.0f));
      default: return run_as<float>(p, 1.0f, 0.0f);
    }
  }

 private:
  template <typename T>
  PeerRun run_as(const Problem& p, T alpha, T beta) {
    DeviceBuffers buffers = upload(context_, p);
    PeerRun result;
    result.seconds = time_opencl_calls(queue_, setup_, [&](bool with_event) {
      cl_event raw = nullptr;
      cl_command_queue queue = queue_();
      const clblast::StatusCode status =
          clblast::Gemm<T>(clblast::Layout::kRowMajor, to_clblast(p.trans_a), to_clblast(p.trans_b), p.m, p.n, p.k,
                           alpha, buffers.a(), 0, p.lda, buffers.b(), 0, p.ldb, beta, buffers.c(), 0, p.ldc, &queue,
                           with_event ? &raw : nullptr);
      if (status != clblast::StatusCode::kSuccess)
        throw Error("clblast::Gemm failed with status " + std::to_string(static_cast<int>(status)));
      return cl::Event(raw);
    });
    result.c = download_c(queue_, buffers.c, p);
    return result;
  }

  Setup setup_;
  cl::Context context_;
  cl::CommandQueue queue_;
};

}  // namespace

std::unique_ptr<Peer> make_clblast_peer(const Setup& setup) { return std::make_unique<ClblastPeer>(setup); }

}  // namespace gemmtune::bench
