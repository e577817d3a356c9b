// The runtime dispatcher behind gemmtune::Handle: validates a call, picks a config, launches.
#include "gemmtune/handle.hpp"

#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

#include "dispatch/binary_cache.hpp"
#include "dispatch/cl_error.hpp"
#include "dispatch/config_selector.hpp"
#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "core/precision.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/operand_transposition.hpp"
#include "dispatch/program_cache.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

std::size_t buffer_elements(cl_mem buffer, const char* name, std::size_t element_bytes) {
  std::size_t bytes = 0;
  if (buffer == nullptr || clGetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof(bytes), &bytes, nullptr) != CL_SUCCESS)
    throw InvalidArgument(std::string("buffer ") + name + " is not a valid cl_mem");
  return bytes / element_bytes;
}

void check_buffer(cl_mem buffer, const char* name, std::size_t required, std::size_t element_bytes) {
  if (required == 0) return;
  const std::size_t held = buffer_elements(buffer, name, element_bytes);
  if (held < required)
    throw InvalidArgument(std::string("buffer ") + name + " holds " + std::to_string(held) +
                          " elements but its offset and shape need " + std::to_string(required));
}

// The widest vector (up to 8 elements) that a leading dimension and an offset both allow: calls
// that differ in it may need other vector widths, so they get plans of their own.
std::size_t alignment_of(std::size_t ld, std::size_t offset) {
  return static_cast<std::size_t>(widest_aligned_width(8, ld, offset));
}

// A plan's key holds the alignments of an operand's leading dimension and of its offset apart: a
// vector read under the other transposition keeps its offset but takes another leading dimension
// (dispatch/operand_transposition.hpp), so the pair's joint alignment does not tell its widths.
std::pair<std::size_t, std::size_t> alignments_of(std::size_t ld, std::size_t offset) {
  return {alignment_of(ld, 0), alignment_of(0, offset)};
}

// The caller's queue as a cl::CommandQueue, neither retained nor released: NVIDIA's driver takes
// 1.3 us for the pair, a tenth of a small call (bench/results/2026-11-24_h200-operand-transposition/).
struct BorrowedQueue {
  cl::CommandQueue queue;
  explicit BorrowedQueue(cl_command_queue handle) : queue(handle, false) {}
  ~BorrowedQueue() { queue() = nullptr; }
  BorrowedQueue(const BorrowedQueue&) = delete;
  BorrowedQueue& operator=(const BorrowedQueue&) = delete;
};

// What one kind of call needs, prepared once: the family, the configuration and a kernel object.
// The kernel's arguments are per call, so one thread at a time uses it.
struct LaunchPlan {
  const KernelFamily* family = nullptr;
  KernelConfig config;
  Precision precision = Precision::Single;  // what the family computes in (ConfigChoice::runs_as)
  cl::Kernel kernel;
  LaunchMemo memo;  // what `kernel` holds; guarded by `mutex` with it
  std::mutex mutex;
};

}  // namespace

std::filesystem::path default_database_path() {
  if (const char* explicit_path = std::getenv("GEMMTUNE_DB"); explicit_path && *explicit_path)
    return explicit_path;
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data)
    return std::filesystem::path(data) / "gemmtune" / "tuning.db";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home && *home ? home : ".") / ".local" / "share" / "gemmtune" / "tuning.db";
}

struct Handle::Impl {
  cl::Context context;
  cl::Device device;
  DeviceLimits limits;
  ConfigSelector selector;
  ProgramCache programs;
  std::mutex choices_mutex;
  std::map<std::tuple<int, int, int, int, std::size_t, std::size_t, std::size_t>, ConfigChoice> choices;
  // Keyed by the shape and by what the leading dimensions and offsets allow of vector loads.
  using Alignments = std::pair<std::size_t, std::size_t>;
  using PlanKey = std::tuple<int, int, int, int, std::size_t, std::size_t, std::size_t, Alignments, Alignments>;
  std::mutex plans_mutex;
  std::map<PlanKey, std::shared_ptr<LaunchPlan>> plans;
  // One buffer for every plan's packed operands, grown to the largest: memory does not grow with
  // the number of shapes a program calls.
  std::shared_ptr<PackingWorkspace> packing_workspace = std::make_shared<PackingWorkspace>();

  Impl(cl_context context_handle, cl_device_id device_handle, std::filesystem::path database)
      : context(context_handle, true),
        device(device_handle, true),
        limits(limits_of(device)),
        selector(fingerprint_of(device), limits, std::move(database)),
        programs(std::make_shared<BinaryCache>(BinaryCache::default_directory())) {}

  static auto choice_key(const GemmShape& shape) {
    return std::tuple(static_cast<int>(shape.precision), static_cast<int>(shape.layout),
                      static_cast<int>(shape.trans_a), static_cast<int>(shape.trans_b), shape.m, shape.n, shape.k);
  }

  ConfigChoice choose(const GemmShape& shape) {
    const auto key = choice_key(shape);
    std::lock_guard lock(choices_mutex);
    if (auto found = choices.find(key); found != choices.end()) return found->second;
    return choices.emplace(key, selector.choose(shape)).first->second;
  }

  // What runs the shape from now on, where the choice made first did not build.
  void remember(const GemmShape& shape, const ConfigChoice& choice) {
    std::lock_guard lock(choices_mutex);
    choices.insert_or_assign(choice_key(shape), choice);
  }

  LaunchPlan& plan_for(Precision precision, const GemmArguments& g, const RowMajorGemm& problem) {
    const PlanKey key{static_cast<int>(precision), static_cast<int>(g.layout), static_cast<int>(g.trans_a),
                      static_cast<int>(g.trans_b), g.m, g.n, g.k, alignments_of(problem.lda, problem.a_offset),
                      alignments_of(problem.ldb, problem.b_offset)};
    {
      std::lock_guard lock(plans_mutex);
      if (auto found = plans.find(key); found != plans.end()) return *found->second;
    }
    // Built outside the lock: a first call of one shape does not hold up calls of others.
    const GemmShape shape{precision, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k};
    auto plan = std::make_shared<LaunchPlan>();
    plan->memo.workspace = packing_workspace;
    ConfigChoice choice = choose(shape);
    std::set<std::string> failed_families;
    bool gave_way = false;  // the first choice did not build as it was
    cl::Program program;
    for (;;) {
      plan->family = &kernel_family(choice.family);
      plan->precision = choice.runs_as.value_or(precision);
      // Where the configuration runs under other transpositions, it is built for the problem as the
      // pre-pass leaves it.
      plan->memo.transposition = plan->family->packs(choice.config, plan->precision)
                                     ? OperandTransposition{}
                                     : operands_to_transpose(problem, g.layout, choice.runs_trans);
      const RowMajorGemm runs = transposed_problem(problem, plan->memo.transposition);
      plan->config = aligned_config(*plan->family, choice.config, runs);
      try {
        program = programs.get(context, device, plan->family->source(),
                               gemm_build_options(*plan->family, plan->config, plan->precision, runs));
      } catch (const BuildError& error) {
        // A configuration this driver cannot build (a new driver, a PTX pass it defeats) must not
        // stop the program's GEMMs: the next family's defaults run, and the choice says why.
        failed_families.insert(choice.family);
        gave_way = true;
        ConfigChoice next;
        try {
          next = selector.default_without(shape, failed_families);
        } catch (const InvalidArgument&) {
          throw error;
        }
        const std::string reason = error.what();
        next.detail += "; " + choice.family + "'s " + to_string(choice.source) + " configuration failed to build (" +
                       reason.substr(0, reason.find('\n')) + ")";
        choice = std::move(next);
        continue;
      }
      if (!copies_operands(problem, plan->memo.transposition)) break;
      try {
        plan->memo.transpose = transposition_kernel(programs, context, device, plan->precision);
        break;
      } catch (const BuildError& error) {
        // The pre-pass's own program: the configuration runs as asked instead.
        const std::string reason = error.what();
        choice.runs_trans.reset();
        choice.detail += "; the transposition pre-pass failed to build (" + reason.substr(0, reason.find('\n')) +
                         "), run as asked";
        gave_way = true;
      }
    }
    // Remembered once it built, so that choose() says what runs, never one that failed.
    if (gave_way) remember(shape, choice);
    plan->kernel = gemm_kernel(program, *plan->family, plan->config);
    std::lock_guard lock(plans_mutex);
    return *plans.emplace(key, std::move(plan)).first->second;  // a concurrent first call may have won
  }

  void check_queue(cl_command_queue queue) const {
    cl_context queue_context = nullptr;
    cl_device_id queue_device = nullptr;
    if (queue == nullptr ||
        clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof(queue_context), &queue_context, nullptr) != CL_SUCCESS ||
        clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof(queue_device), &queue_device, nullptr) != CL_SUCCESS)
      throw InvalidArgument("the command queue is not a valid cl_command_queue");
    if (queue_context != context())
      throw InvalidArgument("the command queue belongs to another context than the handle's");
    if (queue_device != device())
      throw InvalidArgument("the command queue belongs to another device than the handle's");
  }

  void gemm(Precision precision, const GemmArguments& arguments, double alpha, double beta,
            cl_mem a, cl_mem b, cl_mem c, cl_command_queue queue_handle, cl_event* event) {
    const std::size_t element_bytes = static_cast<std::size_t>(precision_info(precision).storage_bytes);
    if (precision == Precision::Double && !limits.fp64)
      throw InvalidArgument("double precision needs cl_khr_fp64, which this device lacks");
    const RequiredElements required = validate_gemm_arguments(arguments);
    check_queue(queue_handle);
    if (alpha != 0) {
      check_buffer(a, "A", required.a, element_bytes);
      check_buffer(b, "B", required.b, element_bytes);
    }
    check_buffer(c, "C", required.c, element_bytes);

    const RowMajorGemm problem = to_row_major(arguments);
    LaunchPlan& plan = plan_for(precision, arguments, problem);
    const BorrowedQueue queue(queue_handle);
    cl::Event done;
    {
      std::lock_guard lock(plan.mutex);
      enqueue_gemm(queue.queue, plan.kernel, *plan.family, plan.config, problem, plan.precision, alpha, beta, a, b,
                   c, event ? &done : nullptr, nullptr, &plan.memo);
    }
    if (event) {
      *event = done();
      done() = nullptr;  // the caller owns the reference now
    }
  }
};

Handle::Handle(cl_context context, cl_device_id device, std::optional<std::filesystem::path> database) {
  try {
    const bool given = database && !database->empty();
    impl_ = std::make_unique<Impl>(context, device, given ? *database : default_database_path());
  } catch (const cl::Error& error) {
    throw device_error("creating a gemmtune handle", error);
  }
}

Handle::~Handle() = default;

void Handle::gemm(Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m,
                  std::size_t n, std::size_t k, float alpha, cl_mem a, std::size_t a_offset,
                  std::size_t lda, cl_mem b, std::size_t b_offset, std::size_t ldb, float beta,
                  cl_mem c, std::size_t c_offset, std::size_t ldc, cl_command_queue queue,
                  cl_event* event) {
  impl_->gemm(Precision::Single,
              {layout, trans_a, trans_b, m, n, k, a_offset, lda, b_offset, ldb, c_offset, ldc},
              alpha, beta, a, b, c, queue, event);
}

void Handle::gemm(Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m,
                  std::size_t n, std::size_t k, double alpha, cl_mem a, std::size_t a_offset,
                  std::size_t lda, cl_mem b, std::size_t b_offset, std::size_t ldb, double beta,
                  cl_mem c, std::size_t c_offset, std::size_t ldc, cl_command_queue queue,
                  cl_event* event) {
  impl_->gemm(Precision::Double,
              {layout, trans_a, trans_b, m, n, k, a_offset, lda, b_offset, ldb, c_offset, ldc},
              alpha, beta, a, b, c, queue, event);
}

void Handle::gemm(Precision precision, Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m,
                  std::size_t n, std::size_t k, double alpha, cl_mem a, std::size_t a_offset, std::size_t lda,
                  cl_mem b, std::size_t b_offset, std::size_t ldb, double beta, cl_mem c, std::size_t c_offset,
                  std::size_t ldc, cl_command_queue queue, cl_event* event) {
  impl_->gemm(precision, {layout, trans_a, trans_b, m, n, k, a_offset, lda, b_offset, ldb, c_offset, ldc}, alpha,
              beta, a, b, c, queue, event);
}

ConfigChoice Handle::choose(const GemmShape& shape) const { return impl_->choose(shape); }

const std::filesystem::path& Handle::database_path() const { return impl_->selector.database(); }

}  // namespace gemmtune
