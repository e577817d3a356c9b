// The CUDA side of the call floor: an empty kernel and cuBLAS's tiny GEMMs, timed as `gemmtune bench`
// times cuBLAS (events around the call), by the host (the call alone, the call and a synchronize),
// and as a burst of calls followed by one synchronize. Usage: cuda_floor [size [repeat]]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

using Clock = std::chrono::steady_clock;
__global__ void empty(float* c) { if (threadIdx.x + blockIdx.x * blockDim.x == (1u << 30)) c[0] = 0; }

static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static double us_since(Clock::time_point t) { return std::chrono::duration<double, std::micro>(Clock::now() - t).count(); }

static void measure(const char* name, int repeat, const std::function<void()>& call, bool last) {
  for (int i = 0; i < 20; ++i) call();
  cudaDeviceSynchronize();
  cudaEvent_t start, stop;
  cudaEventCreate(&start); cudaEventCreate(&stop);
  std::vector<double> events, host, wall;
  for (int i = 0; i < repeat; ++i) {
    cudaEventRecord(start);
    call();
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0; cudaEventElapsedTime(&ms, start, stop);
    events.push_back(ms * 1e3);
  }
  for (int i = 0; i < repeat; ++i) {
    const auto t = Clock::now();
    call();
    host.push_back(us_since(t));
    cudaDeviceSynchronize();
    wall.push_back(us_since(t));
  }
  const int burst = 200;
  const auto t = Clock::now();
  for (int i = 0; i < burst; ++i) call();
  cudaDeviceSynchronize();
  const double burst_us = us_since(t) / burst;
  std::printf("\"%s\": {\"events_us\": %.2f, \"host_us\": %.2f, \"wall_us\": %.2f, \"burst_us\": %.2f}%s", name,
              median(events), median(host), median(wall), burst_us, last ? "" : ", ");
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8, repeat = argc > 2 ? std::atoi(argv[2]) : 300;
  float *a, *b, *c; double *da, *db, *dc;
  cudaMalloc(&a, n * n * 4); cudaMalloc(&b, n * n * 4); cudaMalloc(&c, n * n * 4);
  cudaMalloc(&da, n * n * 8); cudaMalloc(&db, n * n * 8); cudaMalloc(&dc, n * n * 8);
  cudaMemset(a, 0, n * n * 4); cudaMemset(b, 0, n * n * 4);
  cudaMemset(da, 0, n * n * 8); cudaMemset(db, 0, n * n * 8);
  cublasHandle_t handle; cublasCreate(&handle);
  const float alpha = 1, beta = 0; const double alpha64 = 1, beta64 = 0;
  std::printf("{\"size\": %d, ", n);
  measure("empty_kernel", repeat, [&] { empty<<<1, 64>>>(c); }, false);
  measure("sgemm", repeat, [&] { cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, b, n, a, n, &beta, c, n); }, false);
  measure("dgemm", repeat, [&] { cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha64, db, n, da, n, &beta64, dc, n); }, true);
  std::printf("}\n");
  return 0;
}
