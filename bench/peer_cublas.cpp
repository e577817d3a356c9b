// The cuBLAS peer: cublasSgemm in strict FP32 (no TF32) on CUDA device 0, timed with cudaEvent pairs.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <memory>

#include "bench/peer.hpp"
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

// Device memory released on every path out of run().
struct DeviceArray {
  float* data = nullptr;
  explicit DeviceArray(std::size_t elements) { check_cuda(cudaMalloc(&data, std::max<std::size_t>(1, elements) * sizeof(float)), "cudaMalloc"); }
  ~DeviceArray() { cudaFree(data); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
};

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
    check_cublas(cublasCreate(&handle_), "cublasCreate");
    // FP32 against FP32: TF32 tensor cores would trade precision for a speed no OpenCL peer is allowed.
    check_cublas(cublasSetMathMode(handle_, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
  }
  ~CublasPeer() override {
    if (handle_) cublasDestroy(handle_);
  }

  std::string name() const override { return "cublas"; }
  std::string unavailable_reason() const override { return unavailable_; }

  std::string does_not_fit(const Problem& p) const override {
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) return {};
    const std::size_t bytes = (p.a_elements() + p.b_elements() + p.c_elements()) * sizeof(float);
    if (bytes > free) return "needs " + std::to_string(bytes >> 20) + " MiB, more than the free CUDA memory (" + std::to_string(free >> 20) + " MiB)";
    return {};
  }

  PeerRun run(const Problem& p) override {
    DeviceArray a(p.a->size()), b(p.b->size()), c(p.c->size());
    check_cuda(cudaMemcpy(a.data, p.a->data(), p.a->size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    check_cuda(cudaMemcpy(b.data, p.b->data(), p.b->size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    check_cuda(cudaMemcpy(c.data, p.c->data(), p.c->size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    const float alpha = 1, beta = 0;
    // cuBLAS is column-major: row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T,
    // i.e. the same buffers with A and B swapped and M and N swapped.
    const auto call = [&] {
      check_cublas(cublasSgemm(handle_, to_cublas(p.trans_b), to_cublas(p.trans_a), static_cast<int>(p.n), static_cast<int>(p.m),
                               static_cast<int>(p.k), &alpha, b.data, static_cast<int>(p.ldb), a.data, static_cast<int>(p.lda), &beta,
                               c.data, static_cast<int>(p.ldc)),
                   "cublasSgemm");
    };
    for (int i = 0; i < setup_.warm_up; ++i) call();
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    PeerRun result;
    EventPair events;
    for (int i = 0; i < setup_.repeat; ++i) {
      check_cuda(cudaEventRecord(events.start), "cudaEventRecord");
      call();
      check_cuda(cudaEventRecord(events.stop), "cudaEventRecord");
      check_cuda(cudaEventSynchronize(events.stop), "cudaEventSynchronize");
      float milliseconds = 0;
      check_cuda(cudaEventElapsedTime(&milliseconds, events.start, events.stop), "cudaEventElapsedTime");
      result.seconds.push_back(milliseconds * 1e-3);
    }
    result.c.resize(p.c->size());
    check_cuda(cudaMemcpy(result.c.data(), c.data, result.c.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return result;
  }

 private:
  Setup setup_;
  std::string unavailable_;
  cublasHandle_t handle_ = nullptr;
};

}  // namespace

std::unique_ptr<Peer> make_cublas_peer(const Setup& setup) { return std::make_unique<CublasPeer>(setup); }

}  // namespace gemmtune::bench
