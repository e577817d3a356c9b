// One OpenCL device as the drop-in BLAS runs GEMMs on it: copies through CLHPP, the dispatcher's GEMM.
#include "blas/device_path.hpp"

#include <type_traits>

namespace gemmtune::blas {
namespace {

// The leading dimension of a matrix of `rows` rows on the device: a multiple of 8 elements, so that
// every call allows the kernels' widest vector loads, and calls of any shape share their programs
// (the vector width is part of a compiled program).
std::size_t device_ld(std::size_t rows) { return (rows + 7) / 8 * 8; }

// The shape the handle sees for a call: its choice and its trial calls are keyed by it.
template <typename Real>
GemmShape shape_of(const ColumnMajorGemm<Real>& call) {
  return {std::is_same_v<Real, double> ? Precision::Double : Precision::Single, Layout::ColMajor,
          transposed(call.trans_a) ? Transpose::Yes : Transpose::No, transposed(call.trans_b) ? Transpose::Yes : Transpose::No,
          static_cast<std::size_t>(call.m), static_cast<std::size_t>(call.n), static_cast<std::size_t>(call.k)};
}

}  // namespace

DevicePath::DevicePath(const DeviceEntry& entry, std::optional<std::filesystem::path> database)
    : name_(entry.fingerprint.name),
      context_(entry.device),
      // Timing its commands lets the handle's first calls of a shape it predicts time the model's
      // best candidates and keep the fastest (Handle, trial calls).
      queue_(context_, entry.device, CL_QUEUE_PROFILING_ENABLE),
      handle_(std::make_unique<Handle>(context_(), entry.device(), std::move(database))) {}

// A column-major rows x cols matrix with leading dimension `ld` on the host, device_ld(rows) on the
// device: only the elements BLAS reads are copied, so the host's padding rows are neither read nor
// written.
template <typename Real>
void DevicePath::write_matrix(const cl::Buffer& buffer, const Real* host, std::size_t rows, std::size_t cols,
                              std::size_t ld) const {
  queue_.enqueueWriteBufferRect(buffer, CL_FALSE, {0, 0, 0}, {0, 0, 0}, {rows * sizeof(Real), cols, 1},
                                device_ld(rows) * sizeof(Real), 0, ld * sizeof(Real), 0, host);
}

template <typename Real>
void DevicePath::read_matrix(const cl::Buffer& buffer, Real* host, std::size_t rows, std::size_t cols,
                             std::size_t ld) const {
  queue_.enqueueReadBufferRect(buffer, CL_TRUE, {0, 0, 0}, {0, 0, 0}, {rows * sizeof(Real), cols, 1},
                               device_ld(rows) * sizeof(Real), 0, ld * sizeof(Real), 0, host);
}

// After a failure, copies from the caller's memory may still be queued: they must be done before
// the caller gets its memory back.
void DevicePath::drain() const {
  try {
    queue_.finish();
  } catch (const cl::Error&) {
  }
}

template <typename Real>
void DevicePath::run(const ColumnMajorGemm<Real>& call) const {
  const bool ta = transposed(call.trans_a), tb = transposed(call.trans_b);
  const std::size_t m = call.m, n = call.n, k = call.k;
  const std::size_t rows_a = ta ? k : m, cols_a = ta ? m : k;
  const std::size_t rows_b = tb ? n : k, cols_b = tb ? k : n;
  try {
    const cl::Buffer a(context_, CL_MEM_READ_ONLY, device_ld(rows_a) * cols_a * sizeof(Real));
    const cl::Buffer b(context_, CL_MEM_READ_ONLY, device_ld(rows_b) * cols_b * sizeof(Real));
    const cl::Buffer c(context_, CL_MEM_READ_WRITE, device_ld(m) * n * sizeof(Real));
    write_matrix(a, call.a, rows_a, cols_a, call.lda);
    write_matrix(b, call.b, rows_b, cols_b, call.ldb);
    if (call.beta != Real(0)) write_matrix<Real>(c, call.c, m, n, call.ldc);  // with beta = 0, C is not read
    const GemmShape shape = shape_of(call);
    handle_->gemm(shape.layout, shape.trans_a, shape.trans_b, m, n, k, call.alpha, a(), 0, device_ld(rows_a), b(), 0,
                  device_ld(rows_b), call.beta, c(), 0, device_ld(m), queue_());
    read_matrix(c, call.c, m, n, call.ldc);
  } catch (...) {
    drain();
    throw;
  }
}

void DevicePath::gemm(const ColumnMajorGemm<float>& call) const { run(call); }
void DevicePath::gemm(const ColumnMajorGemm<double>& call) const { run(call); }

template <typename Real>
bool DevicePath::trying(const ColumnMajorGemm<Real>& call) const {
  return handle_->choose(shape_of(call)).trying;
}
template bool DevicePath::trying(const ColumnMajorGemm<float>&) const;
template bool DevicePath::trying(const ColumnMajorGemm<double>&) const;

}  // namespace gemmtune::blas
