// The cuBLAS peer on CUDA device 0, timed between cudaEvent pairs: strict-FP32 cublasSgemm, cublasDgemm, cublasGemmEx.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <memory>

#include "bench/peer.hpp"
#include "core/precision.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune::bench {
namespace {

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw Error(std::string(what) + " failed: " + cudaGetErrorString(status));
}
void check_cublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS) throw Error(std::string(what) + " failed: " + cublasGetStatusString(status));
}

cublasOperation_t to_cublas(Transpose t) { return t == Transpose::Yes ? CUBLAS_OP_T : CUBLAS_OP_N; }

// Device memory holding a copy of one host matrix, released on every path out of run().
struct DeviceArray {
  void* data = nullptr;
  explicit DeviceArray(const HostMatrix& host) {
    check_cuda(cudaMalloc(&data, std::max<std::size_t>(1, host.bytes())), "cudaMalloc");
    check_cuda(cudaMemcpy(data, host.data(), host.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~DeviceArray() { cudaFree(data); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  float* floats() const { return static_cast<float*>(data); }
  double* doubles() const { return static_cast<double*>(data); }
};

// cublasGemmEx's element type of A, B and C at each precision it serves.
cudaDataType gemm_ex_type(Precision precision) {
  return precision == Precision::Half ? CUDA_R_16F : precision == Precision::BFloat16 ? CUDA_R_16BF : CUDA_R_32F;
}

struct EventPair {
  cudaEvent_t start = nullptr, stop = nullptr;
  EventPair() {
    check_cuda(cudaEventCreate(&start), "cudaEventCreate");
    check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  }
  ~EventPair() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;
};

class CublasPeer : public Peer {
 public:
  explicit CublasPeer(const Setup& setup) : setup_(setup) {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
      unavailable_ = std::string("no CUDA device (") + (status != cudaSuccess ? cudaGetErrorString(status) : "none found") + ")";
      return;
    }
    check_cuda(cudaDeviceGetAttribute(&compute_capability_, cudaDevAttrComputeCapabilityMajor, 0),
               "cudaDeviceGetAttribute");
    check_cublas(cublasCreate(&handle_), "cublasCreate");
    // FP32 against FP32: TF32 tensor cores would trade precision for a speed no OpenCL peer is
    // allowed. The default mode still lets cublasGemmEx use them where its compute type says so.
    check_cublas(cublasSetMathMode(handle_, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
  }
  ~CublasPeer() override {
    if (handle_) cublasDestroy(handle_);
  }

  std::string name() const override { return "cublas"; }
  std::string unavailable_reason() const override { return unavailable_; }

  Service service(Precision precision) const override {
    if (!unavailable_.empty()) return Service::none(unavailable_);
    // BF16 and TF32 matrix units came with Ampere (compute capability 8.0).
    const bool ampere = compute_capability_ >= 8;
    switch (precision) {
      case Precision::Single: return Service::by("cublasSgemm (strict FP32, no TF32)", Precision::Single);
      case Precision::Single3xTF32:
        return Service::by("cublasSgemm (strict FP32, no TF32: the SGEMM that FP32-accurate 3xtf32 is to beat)",
                           Precision::Single);
      case Precision::Double: return Service::by("cublasDgemm", Precision::Double);
      case Precision::Half:
        return Service::by("cublasGemmEx (CUDA_R_16F operands and C, CUBLAS_COMPUTE_32F)", Precision::Half);
      case Precision::BFloat16:
        if (!ampere) return Service::none("BF16 needs compute capability 8.0 or later");
        return Service::by("cublasGemmEx (CUDA_R_16BF operands and C, CUBLAS_COMPUTE_32F)", Precision::BFloat16);
      case Precision::TF32:
        if (!ampere) return Service::none("TF32 needs compute capability 8.0 or later");
        return Service::by("cublasGemmEx (CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32)", Precision::TF32);
    }
    return Service::none("unknown precision");
  }

  std::string does_not_fit(const Problem& p) const override {
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) return {};
    const std::size_t bytes = (p.a_elements() + p.b_elements() + p.c_elements()) *
                              static_cast<std::size_t>(precision_info(p.precision).storage_bytes);
    if (bytes > free) return "needs " + std::to_string(bytes >> 20) + " MiB, more than the free CUDA memory (" + std::to_string(free >> 20) + " MiB)";
    return {};
  }

  PeerRun run(const Problem& p) override {
    const DeviceArray a(*p.a), b(*p.b), c(*p.c);
    const Precision computes = service(p.precision).computes;
    // cuBLAS is column-major: row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T,
    // i.e. the same buffers with A and B swapped and M and N swapped.
    const cublasOperation_t op_b = to_cublas(p.trans_b), op_a = to_cublas(p.trans_a);
    const int m = static_cast<int>(p.n), n = static_cast<int>(p.m), k = static_cast<int>(p.k);
    const int ldb = static_cast<int>(p.ldb), lda = static_cast<int>(p.lda), ldc = static_cast<int>(p.ldc);
    // With CUBLAS_COMPUTE_32F and its TF32 variant, alpha and beta are floats whatever A, B and C hold.
    const float alpha = 1, beta = 0;
    const double alpha64 = 1, beta64 = 0;
    const auto call = [&] {
      if (computes == Precision::Single)
        check_cublas(cublasSgemm(handle_, op_b, op_a, m, n, k, &alpha, b.floats(), ldb, a.floats(), lda, &beta,
                                 c.floats(), ldc),
                     "cublasSgemm");
      else if (computes == Precision::Double)
        check_cublas(cublasDgemm(handle_, op_b, op_a, m, n, k, &alpha64, b.doubles(), ldb, a.doubles(), lda, &beta64,
                                 c.doubles(), ldc),
                     "cublasDgemm");
      else
        check_cublas(cublasGemmEx(handle_, op_b, op_a, m, n, k, &alpha, b.data, gemm_ex_type(computes), ldb, a.data,
                                  gemm_ex_type(computes), lda, &beta, c.data, gemm_ex_type(computes), ldc,
                                  computes == Precision::TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT),
                     "cublasGemmEx");
    };
    for (int i = 0; i < setup_.warm_up; ++i) call();
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    PeerRun result;
    EventPair events;
    // `calls` calls between one pair of events, their time per call (bench/call_timing_mode.hpp).
    const auto round = [&](int calls) {
      check_cuda(cudaEventRecord(events.start), "cudaEventRecord");
      for (int i = 0; i < calls; ++i) call();
      check_cuda(cudaEventRecord(events.stop), "cudaEventRecord");
      check_cuda(cudaEventSynchronize(events.stop), "cudaEventSynchronize");
      float milliseconds = 0;
      check_cuda(cudaEventElapsedTime(&milliseconds, events.start, events.stop), "cudaEventElapsedTime");
      return milliseconds * 1e-3 / calls;
    };
    result.seconds = time_rounds(setup_.timing, setup_.repeat, round);
    result.c = HostMatrix(p.c->precision(), p.c->size());
    check_cuda(cudaMemcpy(result.c.data(), c.data, result.c.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return result;
  }

 private:
  Setup setup_;
  std::string unavailable_;
  cublasHandle_t handle_ = nullptr;
  int compute_capability_ = 0;  // the major version
};

}  // namespace

std::unique_ptr<Peer> make_cublas_peer(const Setup& setup) { return std::make_unique<CublasPeer>(setup); }

}  // namespace gemmtune::bench
