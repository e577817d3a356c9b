// Enqueues the xgemm kernel for one row-major problem and one configuration.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>

#include "dispatch/gemm_problem.hpp"
#include "dispatch/opencl.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

// `config` with VWA and VWB lowered to the widest power of two that the leading dimension and
// offset of A and B allow, since the kernel's vector loads need aligned addresses. Lowering a
// width never breaks another rule of the kernel.
KernelConfig adapt_vector_widths(KernelConfig config, const RowMajorGemm& problem);

// Global and local ranges of the kernel for this configuration and problem.
struct XgemmRanges {
  cl::NDRange global;
  cl::NDRange local;
};
XgemmRanges xgemm_ranges(const KernelConfig& config, const RowMajorGemm& problem);

// Enqueues C = alpha*op(A)*op(B) + beta*C with a program built from xgemm_defines(config, ...).
// a, b and c are the caller's buffers in the caller's order, whatever the layout.
// alpha == 0 runs with K = 0, so A and B are never read; an empty C enqueues a marker only.
// With KSPLIT > 1 two kernels run (xgemm_scale, then xgemm): `event` is the last one's, and
// `start_event`, when given, the first one's, so that their span is the call's device time.
void enqueue_xgemm(const cl::CommandQueue& queue, const cl::Program& program,
                   const KernelConfig& config, const RowMajorGemm& problem, Precision precision,
                   double alpha, double beta, cl_mem a, cl_mem b, cl_mem c, cl::Event* event,
                   cl::Event* start_event = nullptr);

// What a caller launching one kernel object again and again keeps between calls, so that a call
// makes fewer driver calls (on an idle GPU a small GEMM's time is mostly the host's): the scalar
// arguments last set on the kernel, and the split-K scaling kernel once created. Buffers are
// always set: a released buffer's handle may come back as another buffer's.
struct LaunchMemo {
  std::array<std::uint64_t, 14> bits{};
  std::bitset<14> set;
  cl::Kernel scale;
};

// The same with a kernel object already created from such a program ("xgemm"), which saves
// creating one per call. Sets the kernel's arguments (those `memo` shows unchanged are skipped):
// the caller keeps other threads off the kernel and its memo.
void enqueue_xgemm(const cl::CommandQueue& queue, cl::Kernel& kernel, const KernelConfig& config,
                   const RowMajorGemm& problem, Precision precision, double alpha, double beta, cl_mem a,
                   cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event = nullptr,
                   LaunchMemo* memo = nullptr);

// Enqueues the plain reference kernel of the same program (one work-item per element of C).
void enqueue_xgemm_reference(const cl::CommandQueue& queue, const cl::Program& program,
                             const RowMajorGemm& problem, Precision precision, double alpha,
                             double beta, cl_mem a, cl_mem b, cl_mem c, cl::Event* event);

}  // namespace gemmtune
