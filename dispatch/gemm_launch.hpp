// Enqueues one kernel family's GEMM for one row-major problem and one configuration.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/kernel_family.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/opencl.hpp"
#include "dispatch/operand_transposition.hpp"
#include "dispatch/tensor_map.hpp"
#include "gemmtune/types.hpp"

namespace gemmtune {

// `value` rounded up to a multiple of `multiple`.
inline std::size_t round_up(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

// The arguments every family's kernel takes: M, N, K, alpha, beta, then A, B and C with their
// offsets and leading dimensions.
inline constexpr std::size_t every_family_arguments = 14;

// One launch of operand_pack.cl's pack_operand, its arguments in the kernel's order (the file
// says what each means).
struct PackOperandLaunch {
  std::size_t rows, depth;
  bool k_contiguous;
  int operand;
  cl_mem source;
  std::size_t offset, ld;
  cl_mem packed;
  std::size_t packed_offset, packed_rows, segment_depth, packed_depth, tile_rows, tile_depth;
};

// Enqueues it with `kernel` after `wait_for`; `event`, where given, gets its event.
void enqueue_pack_operand(const cl::CommandQueue& queue, cl::Kernel& kernel, const PackOperandLaunch& launch,
                          const std::vector<cl::Event>& wait_for, cl::Event* event = nullptr);

// The problem as the family's expressions see it (K is 0 where alpha is, so A and B are not read).
ProblemSize problem_size(const RowMajorGemm& problem, double alpha = 1);

// `config` completed, with its vector widths lowered to what A's and B's alignment allows.
KernelConfig aligned_config(const KernelFamily& family, const KernelConfig& config, const RowMajorGemm& problem);

// The build options of `config` for this problem (alpha = 1; the kernels' defines do not depend on it).
std::string gemm_build_options(const KernelFamily& family, const KernelConfig& config, Precision precision,
                               const RowMajorGemm& problem);

// The ranges and steps of one launch, from the family's description.
struct LaunchGeometry {
  bool zero_k = false;  // computed for alpha == 0 (K = 0)
  bool scale_first = false;
  std::optional<KernelFamily::Packing> packing;
  KernelFamily::Ranges ranges;
  std::optional<KernelFamily::TensorMapTiles> tensor_maps;
};

// Whether `queue` runs its commands in the order enqueued (no CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE).
bool runs_in_order(const cl::CommandQueue& queue);

// The buffer that packed operands (KernelFamily::packing) go to, shared by every launch that
// holds it (a Handle's plans share one, as a BLAS handle's calls share its workspace): grown to
// the largest packing asked of it, with the queue of the last kernel that read it and, where that
// queue runs out of order, its event, which the next packing waits for where it is not of the same
// in-order queue (flushing that queue first where it is another). Its mutex is held from a packing
// until the kernel that reads it is enqueued.
struct PackingWorkspace {
  std::mutex mutex;
  cl::Buffer buffer;
  std::size_t bytes = 0;
  cl::Event last_read;  // may be none where last_queue runs in order
  cl::CommandQueue last_queue;
  bool shared_across_queues = false;  // once so, the kernels that read it keep their events

  // Makes the buffer hold at least `needed` bytes (a new one where it is smaller; one larger than
  // the device's largest buffer is an InvalidArgument naming `what`) and returns what a kernel
  // writing it on `queue` waits for: the last kernel that read it, unless that one is of `queue`
  // and `queue` runs in order. The caller holds `mutex`.
  std::vector<cl::Event> reserve(const cl::CommandQueue& queue, std::size_t needed, const std::string& what);
};

// What a caller launching one kernel object for one problem again and again keeps between calls,
// so that a call does less work on the host and makes fewer driver calls (on an idle GPU a small
// GEMM's time is mostly the host's): the launch's geometry, the scalar arguments last set on the
// kernel, the scaling and packing kernels once created, and the workspace packed operands go to
// (made on first use where the caller gave none). Buffers are always set: a released buffer's
// handle may come back as another buffer's.
struct LaunchMemo {
  std::optional<LaunchGeometry> geometry;
  std::array<std::uint64_t, every_family_arguments> bits{};
  std::bitset<every_family_arguments> set;
  cl::Kernel scale, pack, address;
  // What the tensor maps last set on the kernel map (families with "tensor_maps").
  std::optional<std::array<TensorMapShape, 2>> mapped_shapes;
  std::shared_ptr<PackingWorkspace> workspace;
  // Operands a pre-pass transposes into the workspace before every call, with `transpose`, the
  // kernel that does it (dispatch/operand_transposition.hpp): the configuration runs under other
  // transpositions than the call's, and the kernel object was built for those.
  OperandTransposition transposition;
  cl::Kernel transpose;
};

// The kernel object of the family's entry in a program built with gemm_build_options(family,
// config, ...); a driver's refusal is a DeviceError naming the entry and the configuration.
cl::Kernel gemm_kernel(const cl::Program& program, const KernelFamily& family, const KernelConfig& config);

// Enqueues C = alpha*op(A)*op(B) + beta*C with a kernel object of the family's entry, created from
// a program built with gemm_build_options(family, config, ...). a, b and c are the caller's
// buffers in the caller's order, whatever the layout. alpha == 0 runs with K = 0, so A and B are
// never read; an empty C enqueues a marker only. Where the family scales C first (split K) or packs
// its operands first (KernelFamily::packing, into the memo's workspace, else one of this call),
// several kernels run: `event` is the last one's, and `start_event`, when given, the first one's,
// so that their span is the call's device time. Sets the kernel's arguments (those `memo` shows unchanged
// are skipped): the caller keeps other threads off the kernel and its memo.
void enqueue_gemm(const cl::CommandQueue& queue, cl::Kernel& kernel, const KernelFamily& family,
                  const KernelConfig& config, const RowMajorGemm& problem, Precision precision, double alpha,
                  double beta, cl_mem a, cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event = nullptr,
                  LaunchMemo* memo = nullptr);

// The same, creating the kernel object from the program.
void enqueue_gemm(const cl::CommandQueue& queue, const cl::Program& program, const KernelFamily& family,
                  const KernelConfig& config, const RowMajorGemm& problem, Precision precision, double alpha,
                  double beta, cl_mem a, cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event = nullptr);

// Build options of the plain reference kernel (kernels/gemm_reference.cl) for a precision.
std::string gemm_reference_options(Precision precision);

// Enqueues the reference kernel (one work-item per element of C) from a program built from
// utility_kernel("gemm_reference") with gemm_reference_options. a and b hold the precision's storage
// type, c its accumulator type (core/precision.hpp); `absolute`: |alpha| (|op(A)| |op(B)|) into c
// instead, the magnitude that scales a check's tolerance.
void enqueue_gemm_reference(const cl::CommandQueue& queue, const cl::Program& program, const RowMajorGemm& problem,
                            Precision precision, double alpha, double beta, cl_mem a, cl_mem b, cl_mem c,
                            bool absolute, cl::Event* event);

}  // namespace gemmtune
