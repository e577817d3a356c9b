// The runtime dispatcher behind gemmtune::Handle: validates a call, picks a config, launches.
#include "gemmtune/handle.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

#include "dispatch/binary_cache.hpp"
#include "dispatch/candidate_trials.hpp"
#include "dispatch/cl_error.hpp"
#include "dispatch/config_selector.hpp"
#include "dispatch/device.hpp"
#include "dispatch/gemm_problem.hpp"
#include "core/performance_model.hpp"
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

// The widest vector (up to the widest any family reads) that a leading dimension and an offset
// both allow: calls that differ in it may need other vector widths, so they get plans of their own.
std::size_t alignment_of(std::size_t ld, std::size_t offset) {
  return static_cast<std::size_t>(widest_aligned_width(widest_operand_vector(), ld, offset));
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
  bool transposes_c = false;                 // computes C^T (ConfigChoice::runs_layout)
  cl::Kernel kernel;
  LaunchMemo memo;  // what `kernel` holds; guarded by `mutex` with it
  std::mutex mutex;

  // The problem the kernel computes for a call of this kind.
  RowMajorGemm runs(const RowMajorGemm& call) const { return transposes_c ? with_c_transposed(call) : call; }
};

// The first calls of a shape whose choice is a prediction: the model's best candidates, each run
// by a plan built on first use and timed in turn (dispatch/candidate_trials.hpp). Guarded by
// `mutex`, which a call holds while it enqueues.
struct ShapeTrials {
  std::mutex mutex;
  std::vector<ConfigChoice> candidates;
  std::vector<std::shared_ptr<LaunchPlan>> plans;  // by candidate; the first built with the slot
  CandidateTrials timing;
  struct Call {
    std::size_t candidate;
    cl::Event first, last;  // the call's first and last commands
  };
  std::vector<Call> pending;  // issued, not yet timed: at most candidates x runs_each
  // Calls that gave no time: made on a queue that does not time its commands, or whose time never
  // came. Past a few rounds' worth, the fastest so far is kept: a shape whose calls cannot be timed
  // does not try for ever. (Calls made while every candidate is issued and its times are still to
  // come run the fastest so far and do not count: those times come.)
  std::size_t untimed_calls = 0;

  ShapeTrials(std::vector<ConfigChoice> choices, std::shared_ptr<LaunchPlan> first)
      : candidates(std::move(choices)), plans(candidates.size()), timing(candidates.size(), static_cast<int>(runs_each)) {
    plans.front() = std::move(first);
  }

  // Records the times of the calls that have finished.
  void harvest() {
    const auto untimed = [&](std::size_t candidate) {
      timing.forget(candidate);
      ++untimed_calls;
    };
    std::erase_if(pending, [&](const Call& call) {
      cl_int status = CL_QUEUED;
      if (clGetEventInfo(call.last(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr) != CL_SUCCESS ||
          status < 0) {
        // A call that failed: its candidate is never kept (the first, which runs without trials, is
        // only timed again).
        if (call.candidate != 0) timing.drop(call.candidate);
        else untimed(call.candidate);
        return true;
      }
      if (status != CL_COMPLETE) return false;
      cl_ulong start = 0, end = 0;
      if (clGetEventProfilingInfo(call.first(), CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr) ==
              CL_SUCCESS &&
          clGetEventProfilingInfo(call.last(), CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr) == CL_SUCCESS &&
          end >= start)
        timing.record(call.candidate, static_cast<double>(end - start) * 1e-9);
      else
        untimed(call.candidate);
      return true;
    });
  }

  // Whether to stop timing and keep the fastest so far.
  bool done() const { return timing.settled() || untimed_calls > 8 * candidates.size() * runs_each; }

  // Each candidate's calls timed before one is kept: the least of two, as a busy device's first
  // call of a program may run slow.
  static constexpr std::size_t runs_each = 2;
};

// What runs one kind of call: a plan, or, while the shape's first calls time candidates, those.
struct PlanSlot {
  std::shared_ptr<LaunchPlan> plan;
  std::shared_ptr<ShapeTrials> trials;
};

bool times_commands(cl_command_queue queue) {
  cl_command_queue_properties properties = 0;
  return clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof(properties), &properties, nullptr) == CL_SUCCESS &&
         (properties & CL_QUEUE_PROFILING_ENABLE) != 0;
}

// How many candidates the first calls of a predicted shape time: $GEMMTUNE_TRIALS, else the
// default (core/performance_model.hpp says why it is that).
std::size_t trial_candidates_from_environment() {
  const char* text = std::getenv("GEMMTUNE_TRIALS");
  if (!text || !*text) return default_trial_candidates;  // empty: unset, as GEMMTUNE_DB
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  // Digits only: strtol would also take leading blanks and a sign.
  if (!std::isdigit(static_cast<unsigned char>(*text)) || *end != '\0' || value > 16)
    throw InvalidArgument(std::string("GEMMTUNE_TRIALS must be a whole number from 0 to 16 (0 or 1: no trial calls), not '") +
                          text + "'");
  return static_cast<std::size_t>(value);
}

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
  // Keyed by the shape and whether C's elements lie one after another (ConfigSelector::choose).
  using ChoiceKey = std::tuple<int, int, int, int, std::size_t, std::size_t, std::size_t, bool>;
  std::map<ChoiceKey, ConfigChoice> choices;
  // Keyed by the choice's key and by what the leading dimensions and offsets allow of vector loads.
  using Alignments = std::pair<std::size_t, std::size_t>;
  using PlanKey = std::tuple<ChoiceKey, Alignments, Alignments>;
  std::mutex plans_mutex;
  std::map<PlanKey, PlanSlot> plans;
  // Candidates the first calls of a predicted shape time (GEMMTUNE_TRIALS); 1: none.
  std::size_t trial_candidates = trial_candidates_from_environment();
  // One buffer for every plan's packed operands, grown to the largest: memory does not grow with
  // the number of shapes a program calls.
  std::shared_ptr<PackingWorkspace> packing_workspace = std::make_shared<PackingWorkspace>();

  Impl(cl_context context_handle, cl_device_id device_handle, std::filesystem::path database)
      : context(context_handle, true),
        device(device_handle, true),
        limits(limits_of(device)),
        selector(fingerprint_of(device), limits, std::move(database)),
        programs(binary_cache_for(device)) {}

  // The flag counts only where the selector reads it, so that choose(), which assumes dense
  // operands, and gemm() share their keys for every other shape.
  static ChoiceKey choice_key(const GemmShape& shape, bool c_contiguous) {
    return {static_cast<int>(shape.precision), static_cast<int>(shape.layout), static_cast<int>(shape.trans_a),
            static_cast<int>(shape.trans_b), shape.m, shape.n, shape.k,
            ConfigSelector::ranks_transposed_c(shape, c_contiguous)};
  }

  ConfigChoice choose(const GemmShape& shape, bool c_contiguous) {
    const auto key = choice_key(shape, c_contiguous);
    std::lock_guard lock(choices_mutex);
    if (auto found = choices.find(key); found != choices.end()) return found->second;
    return choices.emplace(key, selector.choose(shape, c_contiguous)).first->second;
  }

  // What runs the shape from now on, where the choice made first did not build.
  void remember(const GemmShape& shape, bool c_contiguous, const ConfigChoice& choice) {
    std::lock_guard lock(choices_mutex);
    choices.insert_or_assign(choice_key(shape, c_contiguous), choice);
  }

  static PlanKey plan_key(const GemmShape& shape, const RowMajorGemm& problem) {
    return {choice_key(shape, c_is_contiguous_vector(problem)), alignments_of(problem.lda, problem.a_offset),
            alignments_of(problem.ldb, problem.b_offset)};
  }

  // The plan that runs `choice` for the problem. The first choice of a shape (`first`) gives way to
  // the next family's defaults where its program does not build, and the shape's choice says so;
  // another candidate's BuildError is the caller's.
  std::shared_ptr<LaunchPlan> build_plan(const GemmShape& shape, const RowMajorGemm& problem, ConfigChoice choice,
                                         bool first) {
    auto plan = std::make_shared<LaunchPlan>();
    plan->memo.workspace = packing_workspace;
    std::set<std::string> failed_families;
    bool gave_way = false;  // the first choice did not build as it was
    cl::Program program;
    for (;;) {
      plan->family = &kernel_family(choice.family);
      plan->precision = choice.runs_as.value_or(shape.precision);
      plan->transposes_c = choice.runs_layout.has_value();
      const RowMajorGemm call = plan->runs(problem);
      // Where the configuration runs under other transpositions, it is built for the problem as the
      // pre-pass leaves it.
      plan->memo.transposition = plan->family->packs(choice.config, plan->precision)
                                     ? OperandTransposition{}
                                     : operands_to_transpose(call, choice.runs_layout.value_or(shape.layout),
                                                             choice.runs_trans);
      const RowMajorGemm runs = transposed_problem(call, plan->memo.transposition);
      plan->config = aligned_config(*plan->family, choice.config, runs);
      try {
        program = programs.get(context, device, plan->family->source(),
                               gemm_build_options(*plan->family, plan->config, plan->precision, runs));
      } catch (const BuildError& error) {
        if (!first) throw;
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
      if (!copies_operands(call, plan->memo.transposition)) break;
      try {
        plan->memo.transpose = transposition_kernel(programs, context, device, plan->precision);
        break;
      } catch (const BuildError& error) {
        if (!first) throw;
        // The pre-pass's own program: the configuration runs as asked instead.
        const std::string reason = error.what();
        choice.runs_trans.reset();
        choice.detail += "; the transposition pre-pass failed to build (" + reason.substr(0, reason.find('\n')) +
                         "), run as asked";
        gave_way = true;
      }
    }
    // Remembered once it built, so that choose() says what runs, never one that failed.
    if (gave_way) remember(shape, c_is_contiguous_vector(problem), choice);
    plan->kernel = gemm_kernel(program, *plan->family, plan->config);
    return plan;
  }

  // What runs calls of this kind: made on the first, with the model's next best candidates to time
  // where the choice is a prediction and `queue` times its commands.
  PlanSlot slot_for(const GemmShape& shape, const RowMajorGemm& problem, cl_command_queue queue) {
    const PlanKey key = plan_key(shape, problem);
    {
      std::lock_guard lock(plans_mutex);
      if (auto found = plans.find(key); found != plans.end()) return found->second;
    }
    // Built outside the lock: a first call of one shape does not hold up calls of others.
    const bool c_contiguous = c_is_contiguous_vector(problem);
    ConfigChoice first = choose(shape, c_contiguous);
    first.trying = false;  // another kind of call of the shape may be trying
    PlanSlot slot{build_plan(shape, problem, first, true), nullptr};
    // Not where the first choice gave way to another family's defaults: those were not ranked.
    const ConfigChoice built = choose(shape, c_contiguous);
    if (trial_candidates > 1 && times_commands(queue) && built.family == first.family && built.config == first.config) {
      std::vector<ConfigChoice> ranked = selector.candidates(shape, trial_candidates, c_contiguous);
      const std::size_t wanted = ranked.size();
      std::vector<ConfigChoice> candidates{first};
      for (ConfigChoice& other : ranked) {
        if (candidates.size() == wanted) break;
        if (!runs_alike(other, first)) candidates.push_back(std::move(other));
      }
      if (candidates.size() > 1) slot.trials = std::make_shared<ShapeTrials>(std::move(candidates), slot.plan);
    }
    bool inserted = false;
    {
      std::lock_guard lock(plans_mutex);
      auto [entry, fresh] = plans.emplace(key, slot);  // a concurrent first call may have won
      if (!fresh) return entry->second;
      inserted = fresh;
    }
    if (inserted && slot.trials) {
      first.trying = true;
      remember(shape, c_contiguous, first);
    }
    return slot;
  }

  // The plan of trial `candidate`, built on its first call; nothing where it cannot run here (its
  // program does not build, its work-group is larger than the kernel allows on this device) or
  // where, adapted to the call's alignment, it is the program of another candidate.
  std::shared_ptr<LaunchPlan> trial_plan(ShapeTrials& trials, const GemmShape& shape, const RowMajorGemm& problem,
                                         std::size_t candidate) {
    if (!trials.plans[candidate]) {
      std::shared_ptr<LaunchPlan> plan;
      try {
        plan = build_plan(shape, problem, trials.candidates[candidate], false);
      } catch (const std::bad_alloc&) {
        throw;
      } catch (const std::exception&) {
        // A configuration for the trial only: no call of the program's fails for it.
        trials.timing.drop(candidate);
        return nullptr;
      }
      const RowMajorGemm runs = plan->runs(problem);
      const auto local = plan->family->ranges(plan->config, {static_cast<std::int64_t>(runs.m),
                                                             static_cast<std::int64_t>(runs.n),
                                                             static_cast<std::int64_t>(runs.k)}).local;
      const bool fits = local[0] * local[1] * local[2] <= plan->kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
      const bool repeats = std::any_of(trials.plans.begin(), trials.plans.end(), [&](const auto& other) {
        return other && other->family == plan->family && other->config == plan->config &&
               other->precision == plan->precision && other->transposes_c == plan->transposes_c &&
               other->memo.transposition.a == plan->memo.transposition.a &&
               other->memo.transposition.b == plan->memo.transposition.b;
      });
      if (!fits || repeats) {
        trials.timing.drop(candidate);
        return nullptr;
      }
      trials.plans[candidate] = std::move(plan);
    }
    return trials.plans[candidate];
  }

  // Keeps the fastest candidate for every later call of this kind, and says so in the shape's choice.
  std::shared_ptr<LaunchPlan> settle(ShapeTrials& trials, const GemmShape& shape, const RowMajorGemm& problem) {
    const PlanKey key = plan_key(shape, problem);
    const std::size_t winner = trials.timing.fastest();
    {
      std::lock_guard lock(plans_mutex);
      PlanSlot& slot = plans.at(key);
      // A call that read the slot before another thread settled it: that one's choice stands.
      if (slot.trials.get() != &trials) return slot.plan;
      slot.plan = trials.plans[winner];
      slot.trials.reset();
    }
    ConfigChoice kept = trials.candidates[winner];
    kept.trying = false;
    const double seconds = trials.timing.best_seconds(winner);
    if (std::isfinite(seconds)) {
      kept.detail += "; the fastest of the model's " + std::to_string(trials.candidates.size()) +
                     " candidates, timed on the first " + std::to_string(trials.timing.timed_calls()) +
                     " calls: " + format_seconds(seconds);
      if (winner != 0 && std::isfinite(trials.timing.best_seconds(0)))
        kept.detail += " against " + format_seconds(trials.timing.best_seconds(0)) + " for its first choice";
    }
    remember(shape, c_is_contiguous_vector(problem), kept);
    return trials.plans[winner];
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
    const GemmShape shape{precision, arguments.layout, arguments.trans_a, arguments.trans_b,
                          arguments.m, arguments.n, arguments.k};
    PlanSlot slot = slot_for(shape, problem, queue_handle);
    const BorrowedQueue queue(queue_handle);
    cl::Event done;
    if (!slot.trials) {
      std::lock_guard lock(slot.plan->mutex);
      enqueue_gemm(queue.queue, slot.plan->kernel, *slot.plan->family, slot.plan->config, slot.plan->runs(problem),
                   slot.plan->precision, alpha, beta, a, b, c, event ? &done : nullptr, nullptr, &slot.plan->memo);
    } else {
      ShapeTrials& trials = *slot.trials;
      std::lock_guard trial_lock(trials.mutex);
      trials.harvest();
      std::shared_ptr<LaunchPlan> plan;
      std::size_t candidate = 0;
      const bool timing_queue = times_commands(queue_handle);
      const bool timed = !trials.done() && trials.timing.issuing() && timing_queue;
      if (trials.done()) {
        plan = settle(trials, shape, problem);
      } else if (!timed) {
        // Every candidate issued and their times still to come, or a queue that gives none.
        plan = trials.plans[trials.timing.fastest()];
        if (!timing_queue) ++trials.untimed_calls;
      } else {
        while (!(plan = trial_plan(trials, shape, problem, candidate = trials.timing.next()))) {
        }
      }
      cl::Event first;
      std::lock_guard lock(plan->mutex);
      try {
        enqueue_gemm(queue.queue, plan->kernel, *plan->family, plan->config, plan->runs(problem), plan->precision, alpha,
                     beta, a, b, c, &done, timed ? &first : nullptr, &plan->memo);
      } catch (const DeviceError&) {
        // A candidate this device cannot launch: the first choice runs the call instead, unless the
        // candidate already scaled C by beta for its split of K (the call then fails, C changed).
        if (!timed || candidate == 0) throw;
        trials.timing.drop(candidate);
        if (plan->family->scale_first(plan->config)) throw;
        const std::shared_ptr<LaunchPlan>& fallback = trials.plans.front();
        std::lock_guard fallback_lock(fallback->mutex);
        enqueue_gemm(queue.queue, fallback->kernel, *fallback->family, fallback->config, fallback->runs(problem),
                     fallback->precision, alpha, beta, a, b, c, &done, nullptr, &fallback->memo);
        first = cl::Event();
      }
      if (first()) trials.pending.push_back({candidate, first, done});
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

ConfigChoice Handle::choose(const GemmShape& shape) const { return impl_->choose(shape, true); }

const std::filesystem::path& Handle::database_path() const { return impl_->selector.database(); }

}  // namespace gemmtune
