// Enqueues one kernel family's GEMM for one row-major problem and one configuration.
#include "dispatch/gemm_launch.hpp"

#include <cstring>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "dispatch/cl_error.hpp"

namespace gemmtune {
namespace {

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

// Alpha and beta in the precision's accumulator type, as every kernel takes them.
void set_scalars(cl::Kernel& kernel, const RowMajorGemm& p, Precision precision, double alpha,
                 double beta, LaunchMemo* memo = nullptr) {
  if (accumulator_precision(precision) == Precision::Double)
    set_scalars<cl_double>(kernel, p, alpha, beta, memo);
  else
    set_scalars<cl_float>(kernel, p, alpha, beta, memo);
}

}  // namespace

ProblemSize problem_size(const RowMajorGemm& p, double alpha) {
  return {static_cast<std::int64_t>(p.m), static_cast<std::int64_t>(p.n), alpha == 0 ? 0 : static_cast<std::int64_t>(p.k)};
}

KernelConfig aligned_config(const KernelFamily& family, const KernelConfig& config, const RowMajorGemm& p) {
  return family.aligned(config, p.lda, p.a_offset, p.ldb, p.b_offset);
}

std::string gemm_build_options(const KernelFamily& family, const KernelConfig& config, Precision precision,
                               const RowMajorGemm& p) {
  return family.build_options(config, precision, p.trans_a, p.trans_b, problem_size(p));
}

void enqueue_gemm(const cl::CommandQueue& queue, const cl::Program& program, const KernelFamily& family,
                  const KernelConfig& config, const RowMajorGemm& p, Precision precision, double alpha, double beta,
                  cl_mem a, cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event) {
  cl::Kernel kernel;
  try {
    kernel = cl::Kernel(program, family.entry().c_str());
  } catch (const cl::Error& error) {
    throw device_error("creating the " + family.entry() + " kernel (" + describe_config(config) + ")", error);
  }
  enqueue_gemm(queue, kernel, family, config, p, precision, alpha, beta, a, b, c, event, start_event);
}

void enqueue_gemm(const cl::CommandQueue& queue, cl::Kernel& kernel, const KernelFamily& family,
                  const KernelConfig& config, const RowMajorGemm& p, Precision precision, double alpha, double beta,
                  cl_mem a, cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event, LaunchMemo* memo) {
  try {
    if (p.m == 0 || p.n == 0) {
      queue.enqueueMarkerWithWaitList(nullptr, event);
      if (start_event && event) *start_event = *event;
      return;
    }
    // The launch's shape, worked out from the description once per kernel object and problem: on
    // an idle GPU a small GEMM's time is mostly the host's.
    const bool zero_k = alpha == 0;
    LaunchGeometry computed;
    const LaunchGeometry* geometry = memo && memo->geometry && memo->geometry->zero_k == zero_k ? &*memo->geometry : nullptr;
    if (!geometry) {
      computed = {zero_k, family.scale_first(config), family.ranges(config, problem_size(p, alpha))};
      geometry = memo ? &memo->geometry.emplace(computed) : &computed;
    }
    // Split K: C = beta * C first, then every work-group adds its part (see kernels/xgemm.cl).
    std::vector<cl::Event> scaled;  // allocated only when there is a split
    const bool split = geometry->scale_first;
    if (split) {
      scaled.resize(1);
      cl::Kernel scale = memo && memo->scale() ? memo->scale
                                               : cl::Kernel(kernel.getInfo<CL_KERNEL_PROGRAM>(), family.scale_entry().c_str());
      if (memo) memo->scale = scale;
      scale.setArg(0, static_cast<cl_int>(p.m));
      scale.setArg(1, static_cast<cl_int>(p.n));
      if (accumulator_precision(precision) == Precision::Double)
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
    const KernelFamily::Ranges& ranges = geometry->ranges;
    // The wait list matters on out-of-order queues only; in order, the scale runs first anyway.
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(ranges.global[0], ranges.global[1], ranges.global[2]),
                               cl::NDRange(ranges.local[0], ranges.local[1], ranges.local[2]), split ? &scaled : nullptr,
                               event);
    if (!split && start_event && event) *start_event = *event;
  } catch (const cl::Error& error) {
    throw device_error("launching " + family.entry() + " (" + describe_config(config) + ")", error);
  }
}

std::string gemm_reference_options(Precision precision) {
  return "-DPRECISION=" + std::to_string(precision_info(precision).kernel_code);
}

void enqueue_gemm_reference(const cl::CommandQueue& queue, const cl::Program& program, const RowMajorGemm& p,
                            Precision precision, double alpha, double beta, cl_mem a, cl_mem b, cl_mem c,
                            bool absolute, cl::Event* event) {
  try {
    if (p.m == 0 || p.n == 0) {
      queue.enqueueMarkerWithWaitList(nullptr, event);
      return;
    }
    cl::Kernel kernel(program, "gemm_reference");
    set_scalars(kernel, p, precision, alpha, beta);
    kernel.setArg(5, static_cast<cl_int>(p.trans_a));
    kernel.setArg(6, static_cast<cl_int>(p.trans_b));
    set_buffers(kernel, 7, p, a, b, c, nullptr);
    kernel.setArg(16, static_cast<cl_int>(absolute));
    queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                               cl::NDRange(round_up(p.n, 16), round_up(p.m, 16)),
                               cl::NDRange(16, 16), nullptr, event);
  } catch (const cl::Error& error) {
    throw device_error("launching gemm_reference", error);
  }
}

}  // namespace gemmtune
