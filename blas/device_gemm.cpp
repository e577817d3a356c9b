// Opens the device once per process and runs column-major GEMMs on it through gemmtune::Handle.
#include "blas/device_gemm.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>

#include "dispatch/cl_error.hpp"
#include "dispatch/device.hpp"
#include "dispatch/opencl.hpp"
#include "gemmtune/error.hpp"
#include "gemmtune/handle.hpp"
#include "blas/settings.hpp"

namespace gemmtune::blas {
namespace {

struct Device {
  cl::Device device;
  std::string name;
  cl::Context context;
  cl::CommandQueue queue;  // in order, shared by every thread (OpenCL calls are thread-safe)
  std::unique_ptr<Handle> handle;
};

std::atomic<std::uint64_t> calls_on_device{0};
std::atomic<bool> failure_told{false};

// One line, whatever the reason's length (select_device's lists every device on lines of their own).
void tell_failure(const std::string& why) {
  if (!failure_told.exchange(true))
    std::fprintf(stderr, "gemmtune blas: the device path failed (%s); such calls run on the host BLAS\n",
                 why.substr(0, why.find('\n')).c_str());
}

// Never destroyed: at exit the OpenCL driver may already be torn down, and a process that loaded
// this library only for its host path never opens a device at all.
Device* open_device() {
  static std::once_flag opened;
  static Device* device = nullptr;
  std::call_once(opened, [] {
    try {
      const char* selector = std::getenv("GEMMTUNE_DEVICE");
      const DeviceEntry entry = select_device(selector ? selector : "");
      auto opening = std::make_unique<Device>();
      opening->device = entry.device;
      opening->name = entry.fingerprint.name;
      opening->context = cl::Context(entry.device);
      opening->queue = cl::CommandQueue(opening->context, entry.device);
      opening->handle = std::make_unique<Handle>(opening->context(), entry.device());
      device = opening.release();
    } catch (const cl::Error& error) {
      tell_failure(device_error("opening the device", error).what());
    } catch (const std::exception& error) {
      tell_failure(error.what());
    }
  });
  return device;
}

// The leading dimension of a matrix of `rows` rows on the device: a multiple of 8 elements, so that
// every call allows the kernels' widest vector loads, and calls of any shape share their programs
// (the vector width is part of a compiled program).
std::size_t device_ld(std::size_t rows) { return (rows + 7) / 8 * 8; }

// A column-major rows x cols matrix with leading dimension `ld` on the host, device_ld(rows) on the
// device: only the elements BLAS reads are copied, so the host's padding rows are neither read nor
// written.
template <typename Real>
void write_matrix(const Device& d, const cl::Buffer& buffer, const Real* host, std::size_t rows,
                  std::size_t cols, std::size_t ld) {
  d.queue.enqueueWriteBufferRect(buffer, CL_FALSE, {0, 0, 0}, {0, 0, 0}, {rows * sizeof(Real), cols, 1},
                                 device_ld(rows) * sizeof(Real), 0, ld * sizeof(Real), 0, host);
}

template <typename Real>
void read_matrix(const Device& d, const cl::Buffer& buffer, Real* host, std::size_t rows, std::size_t cols,
                 std::size_t ld) {
  d.queue.enqueueReadBufferRect(buffer, CL_TRUE, {0, 0, 0}, {0, 0, 0}, {rows * sizeof(Real), cols, 1},
                                device_ld(rows) * sizeof(Real), 0, ld * sizeof(Real), 0, host);
}

template <typename Real>
void gemm_on(const Device& d, const ColumnMajorGemm<Real>& call) {
  const bool ta = transposed(call.trans_a), tb = transposed(call.trans_b);
  const std::size_t m = call.m, n = call.n, k = call.k;
  const std::size_t rows_a = ta ? k : m, cols_a = ta ? m : k;
  const std::size_t rows_b = tb ? n : k, cols_b = tb ? k : n;
  const cl::Buffer a(d.context, CL_MEM_READ_ONLY, device_ld(rows_a) * cols_a * sizeof(Real));
  const cl::Buffer b(d.context, CL_MEM_READ_ONLY, device_ld(rows_b) * cols_b * sizeof(Real));
  const cl::Buffer c(d.context, CL_MEM_READ_WRITE, device_ld(m) * n * sizeof(Real));
  write_matrix(d, a, call.a, rows_a, cols_a, call.lda);
  write_matrix(d, b, call.b, rows_b, cols_b, call.ldb);
  if (call.beta != Real(0)) write_matrix<Real>(d, c, call.c, m, n, call.ldc);  // with beta = 0, C is not read
  d.handle->gemm(Layout::ColMajor, ta ? Transpose::Yes : Transpose::No, tb ? Transpose::Yes : Transpose::No, m, n, k,
                 call.alpha, a(), 0, device_ld(rows_a), b(), 0, device_ld(rows_b), call.beta, c(), 0, device_ld(m),
                 d.queue());
  read_matrix(d, c, call.c, m, n, call.ldc);
}

// After a failure, copies from the caller's memory may still be queued: they must be done before
// the caller gets its memory back.
void drain(const Device& d) {
  try {
    d.queue.finish();
  } catch (const cl::Error&) {
  }
}

template <typename Real>
bool run(const ColumnMajorGemm<Real>& call, const char* routine) {
  Device* device = open_device();
  if (device == nullptr) return false;
  try {
    gemm_on(*device, call);
  } catch (const cl::Error& error) {
    drain(*device);
    tell_failure(device_error(std::string("running ") + routine, error).what());
    return false;
  } catch (const std::exception& error) {
    drain(*device);
    tell_failure(error.what());
    return false;
  }
  ++calls_on_device;
  if (settings().verbose)
    std::fprintf(stderr, "gemmtune blas: %s %c%c %dx%dx%d on %s\n", routine, call.trans_a, call.trans_b, call.m, call.n,
                 call.k, device->name.c_str());
  return true;
}

}  // namespace

bool run_on_device(const ColumnMajorGemm<float>& call) { return run(call, "sgemm"); }
bool run_on_device(const ColumnMajorGemm<double>& call) { return run(call, "dgemm"); }

std::uint64_t device_call_count() { return calls_on_device.load(); }

}  // namespace gemmtune::blas
