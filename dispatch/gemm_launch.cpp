// Enqueues one kernel family's GEMM for one row-major problem and one configuration.
#include "dispatch/gemm_launch.hpp"

#include <cstring>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "dispatch/buffer_address.hpp"
#include "dispatch/cl_error.hpp"
#include "dispatch/tensor_map.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

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

// A kernel of another entry of the main kernel's program (the scaling or the packing), made once
// where the caller keeps it in `kept` (a memo's), else for this call.
cl::Kernel companion_kernel(const cl::Kernel& main_kernel, const std::string& entry, cl::Kernel* kept) {
  if (kept && (*kept)()) return *kept;
  cl::Kernel kernel(main_kernel.getInfo<CL_KERNEL_PROGRAM>(), entry.c_str());
  if (kept) *kept = kernel;
  return kernel;
}

// The tensor maps of A and B (KernelFamily::tensor_map_tiles), the arguments after the ones every
// family takes, for the buffers `a` and `b` of the problem the kernel runs (`run`, packed or not);
// made again only where the memo shows other shapes. Where nothing is read (alpha or K is 0) the
// maps are zeros, never used.
void set_tensor_maps(const cl::CommandQueue& queue, cl::Kernel& kernel, const KernelFamily::TensorMapTiles& tiles,
                     const RowMajorGemm& run, Precision precision, bool reads_operands, cl_mem a, cl_mem b,
                     LaunchMemo* memo) {
  std::array<TensorMapShape, 2> shapes{};
  if (reads_operands) {
    if (run.swapped) std::swap(a, b);
    cl::Kernel address_kernel = companion_kernel(kernel, tiles.entry, memo ? &memo->address : nullptr);
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const std::size_t bytes = static_cast<std::size_t>(precision_info(precision).storage_bytes);
    shapes = operand_map_shapes(run, tiles, bytes,
                                {buffer_device_address(context, device, address_kernel, a) + run.a_offset * bytes,
                                 buffer_device_address(context, device, address_kernel, b) + run.b_offset * bytes});
  }
  if (memo && memo->mapped_shapes == shapes) return;
  const TensorMap a_map = reads_operands ? encode_tensor_map(shapes[0]) : TensorMap{};
  const TensorMap b_map = reads_operands ? encode_tensor_map(shapes[1]) : TensorMap{};
  kernel.setArg(static_cast<cl_uint>(every_family_arguments), sizeof a_map, a_map.data());
  kernel.setArg(static_cast<cl_uint>(every_family_arguments + 1), sizeof b_map, b_map.data());
  if (memo) memo->mapped_shapes = shapes;
}

// Packs op(A) and op(B)^T as `packing` says into `workspace` (grown where too small) and returns
// the problem the main kernel runs on them, with `a` and `b` the packed buffer, which `held` keeps
// until the main kernel is enqueued; `packed`, where given, gets the packing kernels' events. An operand the
// packing leaves in place keeps its buffer, offset and leading dimension, and K stays the call's.
// The caller holds the workspace's mutex.
RowMajorGemm enqueue_packing(const cl::CommandQueue& queue, const cl::Kernel& main_kernel,
                             const KernelFamily::Packing& packing, const RowMajorGemm& p, Precision precision,
                             cl_mem& a, cl_mem& b, PackingWorkspace& workspace, cl::Buffer& held,
                             std::vector<cl::Event>* packed, LaunchMemo* memo) {
  const std::size_t rows_a = static_cast<std::size_t>(packing.rows_a), rows_b = static_cast<std::size_t>(packing.rows_b);
  const std::size_t depth = static_cast<std::size_t>(packing.depth);
  const std::size_t packed_rows_a = packing.pack_a ? rows_a : 0, packed_rows_b = packing.pack_b ? rows_b : 0;
  const std::size_t bytes =
      (packed_rows_a + packed_rows_b) * depth * static_cast<std::size_t>(precision_info(precision).storage_bytes);
  const std::vector<cl::Event> reads = workspace.reserve(queue, bytes, "the packed operands of this problem");
  held = workspace.buffer;
  cl::Kernel pack = companion_kernel(main_kernel, packing.entry, memo ? &memo->pack : nullptr);
  if (p.swapped) std::swap(a, b);
  // op(A) is M x K, contiguous along K unless transposed; op(B)^T is N x K, contiguous along K if B is transposed.
  const struct {
    bool packs;
    std::size_t rows;
    bool k_contiguous;
    cl_mem source;
    std::size_t offset, ld, packed_rows, packed_offset;
    std::int64_t tile_rows;
  } operands[] = {{packing.pack_a, p.m, !p.trans_a, a, p.a_offset, p.lda, rows_a, 0, packing.tile_rows_a},
                  {packing.pack_b, p.n, p.trans_b, b, p.b_offset, p.ldb, rows_b, packed_rows_a * depth,
                   packing.tile_rows_b}};
  for (int i = 0; i < 2; ++i) {
    const auto& operand = operands[i];
    if (!operand.packs) continue;
    cl::Event event;
    enqueue_pack_operand(
        queue, pack,
        {operand.rows, p.k, operand.k_contiguous, i, operand.source, operand.offset, operand.ld, held(),
         operand.packed_offset, operand.packed_rows, static_cast<std::size_t>(packing.segment_depth), depth,
         static_cast<std::size_t>(operand.tile_rows), static_cast<std::size_t>(packing.tile_depth)},
        reads, packed ? &event : nullptr);
    if (packed) packed->push_back(std::move(event));
  }
  RowMajorGemm run = p;
  run.swapped = false;
  if (packing.pack_a && packing.pack_b) run.k = depth;  // else one product term (KernelFamily::packing)
  if (packing.pack_a) {
    a = held();
    run.trans_a = false;
    run.a_offset = 0;
    run.lda = depth;
  }
  if (packing.pack_b) {
    b = held();
    run.trans_b = true;
    run.b_offset = packed_rows_a * depth;
    run.ldb = depth;
  }
  return run;
}

}  // namespace

void enqueue_pack_operand(const cl::CommandQueue& queue, cl::Kernel& kernel, const PackOperandLaunch& launch,
                          const std::vector<cl::Event>& wait_for, cl::Event* event) {
  const auto as_int = [](std::size_t value) { return static_cast<cl_int>(value); };
  kernel.setArg(0, as_int(launch.rows));
  kernel.setArg(1, as_int(launch.depth));
  kernel.setArg(2, static_cast<cl_int>(launch.k_contiguous));
  kernel.setArg(3, static_cast<cl_int>(launch.operand));
  kernel.setArg(4, sizeof(cl_mem), &launch.source);
  kernel.setArg(5, static_cast<cl_ulong>(launch.offset));
  kernel.setArg(6, as_int(launch.ld));
  kernel.setArg(7, sizeof(cl_mem), &launch.packed);
  kernel.setArg(8, static_cast<cl_ulong>(launch.packed_offset));
  kernel.setArg(9, as_int(launch.packed_rows));
  kernel.setArg(10, as_int(launch.segment_depth));
  kernel.setArg(11, as_int(launch.packed_depth));
  kernel.setArg(12, as_int(launch.tile_rows));
  kernel.setArg(13, as_int(launch.tile_depth));
  // 32 x 8 work-items move a 32 x 32 block: the range covers the depth, and the rows four at a time.
  queue.enqueueNDRangeKernel(kernel, cl::NullRange,
                             cl::NDRange(round_up(launch.segment_depth, 32), round_up(launch.packed_rows, 32) / 4),
                             cl::NDRange(32, 8), wait_for.empty() ? nullptr : &wait_for, event);
}

bool runs_in_order(const cl::CommandQueue& queue) {
  return (queue.getInfo<CL_QUEUE_PROPERTIES>() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
}

std::vector<cl::Event> PackingWorkspace::reserve(const cl::CommandQueue& queue, std::size_t needed,
                                                 const std::string& what) {
  std::vector<cl::Event> reads;
  if (bytes >= needed) {
    // The last kernel that read the buffer: on the same in-order queue it runs before anything
    // enqueued after it. Else its event, or, the first time another queue comes where an in-order
    // queue kept none (enqueue_gemm keeps them from then on), a marker enqueued there; another
    // queue's is waited for once that queue has submitted it.
    if (last_queue() && (last_queue() != queue() || !runs_in_order(queue))) {
      if (last_queue() != queue()) shared_across_queues = true;
      cl::Event read = last_read;
      if (!read()) last_queue.enqueueMarkerWithWaitList(nullptr, &read);
      if (last_queue() != queue()) last_queue.flush();
      reads.push_back(read);
    }
    return reads;
  }
  const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
  if (const auto largest = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>(); needed > largest)
    throw InvalidArgument(what + " take " + std::to_string(needed) + " bytes, more than the device's largest buffer (" +
                          std::to_string(largest) + ")");
  // The smaller buffer is released once the kernels that use it are done.
  buffer = cl::Buffer(queue.getInfo<CL_QUEUE_CONTEXT>(), CL_MEM_READ_WRITE, needed);
  bytes = needed;
  return reads;
}

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

cl::Kernel gemm_kernel(const cl::Program& program, const KernelFamily& family, const KernelConfig& config) {
  try {
    return cl::Kernel(program, family.entry().c_str());
  } catch (const cl::Error& error) {
    throw device_error("creating the " + family.entry() + " kernel (" + describe_config(config) + ")", error);
  }
}

void enqueue_gemm(const cl::CommandQueue& queue, const cl::Program& program, const KernelFamily& family,
                  const KernelConfig& config, const RowMajorGemm& p, Precision precision, double alpha, double beta,
                  cl_mem a, cl_mem b, cl_mem c, cl::Event* event, cl::Event* start_event) {
  cl::Kernel kernel = gemm_kernel(program, family, config);
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
      computed = {zero_k, family.scale_first(config),
                  family.packing(config, precision, problem_size(p, alpha), p.trans_a, p.trans_b),
                  family.ranges(config, problem_size(p, alpha)), family.tensor_map_tiles(config)};
      geometry = memo ? &memo->geometry.emplace(computed) : &computed;
    }
    // Kernels that run before the main one: the packing of the operands, or the scaling of C by
    // beta before a split K adds into it. Their events are asked of the driver only where someone
    // reads them: the main kernel waits for them on an out-of-order queue (in order they run
    // first anyway), and `start_event` is the first one's. Events cost the host time that a small
    // call notices, more than a launch on some drivers.
    std::vector<cl::Event> before;  // allocated only where there is one
    RowMajorGemm run = p;
    cl::Buffer packed;  // released once the main kernel holds it
    std::shared_ptr<PackingWorkspace> workspace;
    std::unique_lock<std::mutex> packing_lock;  // from the packing until the main kernel is enqueued
    // Operands read under other transpositions (the memo's): copied by a pre-pass, or, vectors,
    // read where they lie. Nothing of it where A and B are not read.
    if (memo && memo->transposition && geometry->packing)
      throw InvalidArgument(family.name() + " packs its operands itself: it takes no transposition pre-pass");
    const bool transposes = memo && memo->transposition && !zero_k && p.k > 0;
    const bool copies = transposes && copies_operands(p, memo->transposition);
    if (transposes && !copies) run = transposed_problem(p, memo->transposition);
    const bool in_order = !(geometry->packing || copies || geometry->scale_first) || runs_in_order(queue);
    std::vector<cl::Event>* const tracked = in_order && !start_event ? nullptr : &before;
    if (geometry->packing || copies) {
      workspace = memo ? memo->workspace : nullptr;
      if (!workspace) workspace = std::make_shared<PackingWorkspace>();
      if (memo) memo->workspace = workspace;
      packing_lock = std::unique_lock(workspace->mutex);
    }
    if (copies)
      run = enqueue_transposition(queue, memo->transpose, p, memo->transposition, precision, a, b, *workspace, packed,
                                  tracked);
    else if (geometry->packing)
      run = enqueue_packing(queue, kernel, *geometry->packing, p, precision, a, b, *workspace, packed, tracked, memo);
    cl::Event done;  // the main kernel's, below
    try {
      // Split K: C = beta * C first, then every work-group adds its part (see kernels/xgemm.cl).
      const bool split = geometry->scale_first;
      if (split) {
        cl::Kernel scale = companion_kernel(kernel, family.scale_entry(), memo ? &memo->scale : nullptr);
        scale.setArg(0, static_cast<cl_int>(p.m));
        scale.setArg(1, static_cast<cl_int>(p.n));
        if (accumulator_precision(precision) == Precision::Double)
          scale.setArg(2, static_cast<cl_double>(beta));
        else
          scale.setArg(2, static_cast<cl_float>(beta));
        scale.setArg(3, sizeof(cl_mem), &c);
        scale.setArg(4, static_cast<cl_ulong>(p.c_offset));
        scale.setArg(5, static_cast<cl_int>(p.ldc));
        cl::Event scaled;
        queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(round_up(p.n, 16), round_up(p.m, 16)),
                                   cl::NDRange(16, 16), nullptr, tracked ? &scaled : nullptr);
        if (tracked) tracked->push_back(std::move(scaled));
      }
      set_scalars(kernel, run, precision, alpha, beta, memo);
      set_buffers(kernel, 5, run, a, b, c, memo);
      if (geometry->tensor_maps)
        set_tensor_maps(queue, kernel, *geometry->tensor_maps, run, precision, !zero_k && run.k > 0, a, b, memo);
      const KernelFamily::Ranges& ranges = geometry->ranges;
      // Asked of the driver only where someone reads it: the workspace's next writer waits for it
      // where this queue runs out of order or another queue shares the workspace (reserve).
      const bool keep_done = event || start_event || (workspace && (!in_order || workspace->shared_across_queues));
      queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(ranges.global[0], ranges.global[1], ranges.global[2]),
                                 cl::NDRange(ranges.local[0], ranges.local[1], ranges.local[2]),
                                 in_order || before.empty() ? nullptr : &before, keep_done ? &done : nullptr);
      if (workspace) {
        workspace->last_read = done;
        workspace->last_queue = queue;
      }
    } catch (...) {
      // The packing was enqueued but not the kernel that reads it: the workspace's next writer
      // waits for the packing instead.
      if (workspace) {
        cl::Event written;
        if (!in_order && !before.empty()) queue.enqueueMarkerWithWaitList(&before, &written);
        workspace->last_read = written;
        workspace->last_queue = queue;
      }
      throw;
    }
    if (start_event) *start_event = before.empty() ? done : before.front();
    if (event) *event = std::move(done);  // no retain and release of it, which a small call would notice
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
