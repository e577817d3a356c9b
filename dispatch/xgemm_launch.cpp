// Enqueues the xgemm kernel for one row-major problem and one configuration.
#include "dispatch/xgemm_launch.hpp"

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

// M, N, K, alpha and beta: the first five arguments of both kernels.
template <typename Real>
void set_scalars(cl::Kernel& kernel, const RowMajorGemm& p, double alpha, double beta) {
  kernel.setArg(0, static_cast<cl_int>(p.m));
  kernel.setArg(1, static_cast<cl_int>(p.n));
  kernel.setArg(2, static_cast<cl_int>(alpha == 0 ? 0 : p.k));
  kernel.setArg(3, static_cast<Real>(alpha));
  kernel.setArg(4, static_cast<Real>(beta));
}

// a and b are the caller's A and B; a column-major call has them trade places (see RowMajorGemm).
void set_buffers(cl::Kernel& kernel, cl_uint first, const RowMajorGemm& p, cl_mem a, cl_mem b,
                 cl_mem c) {
  if (p.swapped) std::swap(a, b);
  kernel.setArg(first + 0, sizeof(cl_mem), &a);
  kernel.setArg(first + 1, static_cast<cl_ulong>(p.a_offset));
  kernel.setArg(first + 2, static_cast<cl_int>(p.lda));
  kernel.setArg(first + 3, sizeof(cl_mem), &b);
  kernel.setArg(first + 4, static_cast<cl_ulong>(p.b_offset));
  kernel.setArg(first + 5, static_cast<cl_int>(p.ldb));
  kernel.setArg(first + 6, sizeof(cl_mem), &c);
  kernel.setArg(first + 7, static_cast<cl_ulong>(p.c_offset));
  kernel.setArg(first + 8, static_cast<cl_int>(p.ldc));
}

void set_scalars(cl::Kernel& kernel, const RowMajorGemm& p, Precision precision, double alpha,
                 double beta) {
  if (precision == Precision::Double)
    set_scalars<cl_double>(kernel, p, alpha, beta);
  else
    set_scalars<cl_float>(kernel, p, alpha, beta);
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
                   cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event) {
  try {
    if (p.m == 0 || p.n == 0) {
      queue.enqueueMarkerWithWaitList(nullptr, event);
      if (start_event && event) *start_event = *event;
      return;
    }
    // Split K: C = beta * C first, then every work-group adds its part (see kernels/xgemm.cl).
    std::vector<cl::Event> scaled(1);
    const bool split = xgemm_parameter(config, "KSPLIT") > 1;
    if (split) {
      cl::Kernel scale(kernel.getInfo<CL_KERNEL_PROGRAM>(), "xgemm_scale");
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
    set_scalars(kernel, p, precision, alpha, beta);
    set_buffers(kernel, 5, p, a, b, c);
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
    set_buffers(kernel, 7, p, a, b, c);
    queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                               cl::NDRange(round_up(p.n, 16), round_up(p.m, 16)),
                               cl::NDRange(16, 16), nullptr, event);
  } catch (const cl::Error& error) {
    throw device_error("launching xgemm_reference", error);
  }
}

}  // namespace gemmtune
