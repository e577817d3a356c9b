// Enqueues the xgemm kernel for one row-major problem and one configuration.
#include "dispatch/xgemm_launch.hpp"

#include <cstring>

#include "dispatch/cl_error.hpp"
#include "dispatch/xgemm_config.hpp"

namespace gemmtune {
namespace {

std::int64_t widest_aligned_width(std::int64_t width, std::size_t ld, std::size_t offset) {
  while (width > 1 && (ld % width != 0 || offset % width != 0)) width /= 2;
  return width;
}

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// One scalar argument, unless `memo` shows the kernel already holds this value at this index.
template <typename T>
void set_scalar(cl::Kernel& kernel, cl_uint index, T value, LaunchMemo* memo) {
  static_assert(sizeof(T) <= sizeof(std::uint64_t));
  if (memo == nullptr) {
    kernel.setArg(index, value);
    return;
  }
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  if (memo->set.test(index) && memo->bits.at(index) == bits) return;
  kernel.setArg(index, value);
  memo->bits.at(index) = bits;
  memo->set.set(index);
}

// M, N, K, alpha and beta: the first five arguments of both kernels.
template <typename Real>
void set_scalars(cl::Kernel& kernel, const RowMajorGemm& p, double alpha, double beta, LaunchMemo* memo) {
  set_scalar(kernel, 0, static_cast<cl_int>(p.m), memo);
  set_scalar(kernel, 1, static_cast<cl_int>(p.n), memo);
  set_scalar(kernel, 2, static_cast<cl_int>(alpha == 0 ? 0 : p.k), memo);
  set_scalar(kernel, 3, static_cast<Real>(alpha), memo);
  set_scalar(kernel, 4, static_cast<Real>(beta), memo);
}

// a and b are the caller's A and B; a column-major call has them trade places (see RowMajorGemm).
void set_buffers(cl::Kernel& kernel, cl_uint first, const RowMajorGemm& p, cl_mem a, cl_mem b,
                 cl_mem c, LaunchMemo* memo) {
  if (p.swapped) std::swap(a, b);
  kernel.setArg(first + 0, sizeof(cl_mem), &a);
  set_scalar(kernel, first + 1, static_cast<cl_ulong>(p.a_offset), memo);
  set_scalar(kernel, first + 2, static_cast<cl_int>(p.lda), memo);
  kernel.setArg(first + 3, sizeof(cl_mem), &b);
  set_scalar(kernel, first + 4, static_cast<cl_ulong>(p.b_offset), memo);
  set_scalar(kernel, first + 5, static_cast<cl_int>(p.ldb), memo);
  kernel.setArg(first + 6, sizeof(cl_mem), &c);
  set_scalar(kernel, first + 7, static_cast<cl_ulong>(p.c_offset), memo);
  set_scalar(kernel, first + 8, static_cast<cl_int>(p.ldc), memo);
}

void set_scalars(cl::Kernel& kernel, const RowMajorGemm& p, Precision precision, double alpha,
                 double beta, LaunchMemo* memo = nullptr) {
  if (precision == Precision::Double)
    set_scalars<cl_double>(kernel, p, alpha, beta, memo);
  else
    set_scalars<cl_float>(kernel, p, alpha, beta, memo);
}

}  // namespace

KernelConfig adapt_vector_widths(KernelConfig config, const RowMajorGemm& p) {
  config = complete_xgemm_config(config);
  config["VWA"] = widest_aligned_width(config["VWA"], p.lda, p.a_offset);
  config["VWB"] = widest_aligned_width(config["VWB"], p.ldb, p.b_offset);
  return config;
}

XgemmRanges xgemm_ranges(const KernelConfig& config, const RowMajorGemm& p) {
  const auto value = [&](const char* name) { return static_cast<std::size_t>(xgemm_parameter(config, name)); };
  const std::size_t tsm = value("TSM"), tsn = value("TSN");
  const std::size_t local_m = tsm / value("WPTM"), local_n = tsn / value("WPTN");
  const std::size_t splits = value("KSPLIT");
  return {cl::NDRange(round_up(p.n, tsn) / tsn * local_n, round_up(p.m, tsm) / tsm * local_m, splits),
          cl::NDRange(local_n, local_m, 1)};
}

void enqueue_xgemm(const cl::CommandQueue& queue, const cl::Program& program,
                   const KernelConfig& config, const RowMajorGemm& p, Precision precision,
                   double alpha, double beta, cl_mem a, cl_mem b, cl_mem c, cl::Event* event,
                   cl::Event* start_event) {
  cl::Kernel kernel;
  try {
    kernel = cl::Kernel(program, "xgemm");
  } catch (const cl::Error& error) {
    throw device_error("creating the xgemm kernel (" + describe_config(config) + ")", error);
  }
  enqueue_xgemm(queue, kernel, config, p, precision, alpha, beta, a, b, c, event, start_event);
}

void enqueue_xgemm(const cl::CommandQueue& queue, cl::Kernel& kernel, const KernelConfig& config,
                   const RowMajorGemm& p, Precision precision, double alpha, double beta, cl_mem a,
                   cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event, LaunchMemo* memo) {
  try {
    if (p.m == 0 || p.n == 0) {
      queue.enqueueMarkerWithWaitList(nullptr, event);
      if (start_event && event) *start_event = *event;
      return;
    }
    // Split K: C = beta * C first, then every work-group adds its part (see kernels/xgemm.cl).
    std::vector<cl::Event> scaled;  // allocated only when there is a split
    const bool split = xgemm_parameter(config, "KSPLIT") > 1;
    if (split) {
      scaled.resize(1);
      cl::Kernel scale = memo && memo->scale() ? memo->scale : cl::Kernel(kernel.getInfo<CL_KERNEL_PROGRAM>(), "xgemm_scale");
      if (memo) memo->scale = scale;
      scale.setArg(0, static_cast<cl_int>(p.m));
      scale.setArg(1, static_cast<cl_int>(p.n));
      if (precision == Precision::Double)
        scale.setArg(2, static_cast<cl_double>(beta));
      else
        scale.setArg(2, static_cast<cl_float>(beta));
      scale.setArg(3, sizeof(cl_mem), &c);
      scale.setArg(4, static_cast<cl_ulong>(p.c_offset));
      scale.setArg(5, static_cast<cl_int>(p.ldc));
      queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(round_up(p.n, 16), round_up(p.m, 16)),
                                 cl::NDRange(16, 16), nullptr, &scaled[0]);
      if (start_event) *start_event = scaled[0];
    }
    set_scalars(kernel, p, precision, alpha, beta, memo);
    set_buffers(kernel, 5, p, a, b, c, memo);
    const XgemmRanges ranges = xgemm_ranges(config, p);
    // The wait list matters on out-of-order queues only; in order, the scale runs first anyway.
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, ranges.global, ranges.local, split ? &scaled : nullptr, event);
    if (!split && start_event && event) *start_event = *event;
  } catch (const cl::Error& error) {
    throw device_error("launching xgemm (" + describe_config(config) + ")", error);
  }
}

void enqueue_xgemm_reference(const cl::CommandQueue& queue, const cl::Program& program,
                             const RowMajorGemm& p, Precision precision, double alpha, double beta,
                             cl_mem a, cl_mem b, cl_mem c, cl::Event* event) {
  try {
    if (p.m == 0 || p.n == 0) {
      queue.enqueueMarkerWithWaitList(nullptr, event);
      return;
    }
    cl::Kernel kernel(program, "xgemm_reference");
    set_scalars(kernel, p, precision, alpha, beta);
    kernel.setArg(5, static_cast<cl_int>(p.trans_a));
    kernel.setArg(6, static_cast<cl_int>(p.trans_b));
    set_buffers(kernel, 7, p, a, b, c, nullptr);
    queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                               cl::NDRange(round_up(p.n, 16), round_up(p.m, 16)),
                               cl::NDRange(16, 16), nullptr, event);
  } catch (const cl::Error& error) {
    throw device_error("launching xgemm_reference", error);
  }
}

}  // namespace gemmtune
