// Measures one kernel configuration on one problem: build, run, verify against a reference, time.
#include "tuner/evaluator.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

#include "core/precision.hpp"
#include "dispatch/binary_cache.hpp"
#include "dispatch/cl_error.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/program_cache.hpp"
#include "tuner/compile_pool.hpp"
#include "tuner/device_check.hpp"
#include "tuner/early_cut.hpp"
#include "tuner/host_check.hpp"

namespace gemmtune {
namespace {

using search::Status;

// Device time from the start of the first command of a call to the end of its last.
double span_seconds(const cl::Event& first, const cl::Event& last) {
  return static_cast<double>(last.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                             first.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
}

// Host copies of the inputs (the precision's storage type) and of the reference result and |A||B|
// (its accumulator type), for the host check.
struct HostData {
  HostMatrix a, b, c_before, expected, magnitude;
};

}  // namespace

struct Evaluator::Impl {
  const KernelFamily& family;
  DeviceEntry device;
  GemmArguments arguments;
  RowMajorGemm problem;
  Precision precision;
  EvaluatorOptions options;
  DeviceLimits limits;
  cl::Context context;
  cl::CommandQueue queue;
  cl::Buffer a, b, c;
  // On the device, for checking there: C before every call, the reference result, |A||B|.
  cl::Buffer c_before, expected, magnitude;
  std::optional<DeviceCheck> checker;  // empty where the check kernel is unavailable: host check
  HostData host;
  double best_seconds = std::numeric_limits<double>::infinity();
  // Compiled candidates are kept for later sessions, where the implementation does not keep them.
  ProgramCache::Builder build_program_of;
  CompilePool compiler;

  Impl(const KernelFamily& f, const DeviceEntry& entry, const GemmArguments& g, Precision p, EvaluatorOptions o)
      : family(f), device(entry), arguments(g), problem(to_row_major(g)), precision(p), options(o),
        limits(limits_of(entry.device)), context(entry.device),
        queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE),
        build_program_of(builder_through(binary_cache_for(entry.device))),
        compiler(compile_threads(entry, o), [this](const std::string& defines) { return build(defines); }) {
    prepare();
  }

  BuildResult build(const std::string& defines) {
    BuildResult result;
    const auto start = std::chrono::steady_clock::now();
    try {
      result.program = build_program_of(context, device.device, family.source(), defines);
    } catch (const Error& error) {
      result.error = error.what();
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  // Why this device cannot run `config` (aligned to the problem), or nothing.
  std::optional<std::string> violation(const KernelConfig& config) const {
    try {
      return violation_on_device(family, config, limits, precision, transpose_code(problem));
    } catch (const ConfigError& error) {
      return error.what();
    }
  }

  std::optional<std::string> defines_of(const KernelConfig& requested) const {
    const KernelConfig config = aligned_config(family, requested, problem);
    if (violation(config)) return std::nullopt;
    return gemm_build_options(family, config, precision, problem);
  }

  void prefetch(const std::vector<KernelConfig>& configs) {
    std::vector<std::string> hinted;
    for (const auto& config : configs)
      if (auto defines = defines_of(config)) hinted.push_back(std::move(*defines));
    compiler.prefetch(hinted);
  }

  cl::Buffer upload(const HostMatrix& values) {
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, values.bytes()),
                      const_cast<void*>(values.data()));
  }

  HostMatrix download(const cl::Buffer& buffer, Precision stored, std::size_t count) {
    HostMatrix values(stored, count);
    if (count) queue.enqueueReadBuffer(buffer, CL_TRUE, 0, values.bytes(), values.data());
    return values;
  }

  // Random inputs in the storage type, then the reference kernel's result and |A||B| (for the
  // tolerance) in the accumulator type, both once.
  void prepare() {
    const RequiredElements required = validate_gemm_arguments(arguments);
    host.a = HostMatrix::random(precision, required.a, 1);
    host.b = HostMatrix::random(precision, required.b, 2);
    host.c_before = HostMatrix::random(precision, required.c, 3);
    a = upload(host.a), b = upload(host.b), c = upload(host.c_before), c_before = upload(host.c_before);
    const cl::Program reference = build_program(context, device.device, utility_kernel("gemm_reference"),
                                                gemm_reference_options(precision));
    // Both are made on the device, over the whole buffer of C (elements outside C are never
    // compared with them), and read back once for the host fallback.
    const Precision sums = accumulator_precision(precision);
    const std::size_t sum_bytes = static_cast<std::size_t>(precision_info(sums).storage_bytes);
    expected = cl::Buffer(context, CL_MEM_READ_WRITE, std::max<std::size_t>(1, required.c) * sum_bytes);
    magnitude = cl::Buffer(context, CL_MEM_READ_WRITE, std::max<std::size_t>(1, required.c) * sum_bytes);
    enqueue_gemm_reference(queue, reference, problem, precision, 1.0, 0.0, a(), b(), expected(), false, nullptr);
    enqueue_gemm_reference(queue, reference, problem, precision, 1.0, 0.0, a(), b(), magnitude(), true, nullptr);
    host.expected = download(expected, sums, required.c);
    host.magnitude = download(magnitude, sums, required.c);
    try {
      checker.emplace(context,
                      build_program_of(context, device.device, utility_kernel("result_check"), check_build_options(precision)),
                      precision);
    } catch (const Error&) {
    } catch (const cl::Error&) {
    }
  }

  // Restores C, so that a wrong kernel cannot pass by leaving an earlier correct result in place.
  void reset_c() {
    if (host.c_before.size()) queue.enqueueCopyBuffer(c_before, c, 0, 0, host.c_before.bytes());
  }

  // On the device when it can (a large C is not read back for every candidate); on the host when
  // it cannot, or when the device finds a failure, for the message that names the element.
  CheckResult verify() {
    if (checker) {
      const double unit = tolerance_unit(precision, arguments.k);
      const auto outcome = checker->run(queue, problem, host.c_before.size(), unit, c, c_before, expected, magnitude);
      if (outcome && outcome->failures == 0) return CheckResult{};
    }
    const HostMatrix result = download(c, precision, host.c_before.size());
    return compare_with_reference(arguments, 0.0, host.c_before, result, host.expected, host.magnitude);
  }

  EvaluationOutcome evaluate(const KernelConfig& requested, const PhaseCallback& reached) {
    EvaluationOutcome outcome;
    KernelConfig config;
    try {
      config = aligned_config(family, requested, problem);
    } catch (const ConfigError& error) {
      outcome.status = Status::invalid;
      outcome.error = error.what();
      return outcome;
    }
    if (auto reason = violation(config)) {
      outcome.status = Status::invalid;
      outcome.error = *reason;
      return outcome;
    }
    BuildResult built = compiler.take(gemm_build_options(family, config, precision, problem));
    outcome.compile_seconds = built.seconds;
    if (reached) reached(EvaluationPhase::built);
    if (!built.error.empty()) {
      outcome.status = Status::compile_error;
      outcome.error = built.error;
      return outcome;
    }
    const cl::Program program = std::move(built.program);

    cl::Kernel kernel;
    LaunchMemo memo;  // the candidate's calls differ in nothing but C's contents
    // Runs one call and returns its device time.
    const auto launch = [&] {
      cl::Event first, last;
      enqueue_gemm(queue, kernel, family, config, problem, precision, 1.0, 0.0, a(), b(), c(), &last, &first, &memo);
      last.wait();
      return span_seconds(first, last);
    };
    try {
      kernel = cl::Kernel(program, family.entry().c_str());  // a driver may refuse here: a launch error
      reset_c();
      const double first_seconds = launch();
      const CheckResult check = verify();
      if (!check.ok) {
        outcome.status = Status::wrong_result;
        outcome.error = check.first_failure;
        return outcome;
      }
      if (first_seconds > options.timeout_seconds) {
        outcome.status = Status::timeout;
        outcome.error = "one run took " + std::to_string(first_seconds) + " s";
        return outcome;
      }
      if (reached) reached(EvaluationPhase::verified);
      std::vector<double> seconds;
      for (int run = 0; run < options.timed_runs; ++run) {
        seconds.push_back(launch());
        if (run == 0 && clearly_slower(first_seconds, seconds[0], best_seconds, options.cut_factor)) break;
      }
      std::sort(seconds.begin(), seconds.end());
      outcome.runs = static_cast<int>(seconds.size());
      outcome.min_seconds = seconds.front();
      outcome.median_seconds = seconds[seconds.size() / 2];
      outcome.spread = (seconds.back() - seconds.front()) / outcome.median_seconds;
      outcome.gflops = 2.0 * arguments.m * arguments.n * arguments.k / outcome.median_seconds * 1e-9;
    } catch (const Error& error) {
      outcome.status = Status::launch_error;
      outcome.error = error.what();
    } catch (const cl::Error& error) {
      outcome.status = Status::launch_error;
      outcome.error = device_error("running " + family.entry(), error).what();
    }
    return outcome;
  }
};

std::size_t compile_threads(const DeviceEntry& device, const EvaluatorOptions& options) {
  if (options.compile_threads) return *options.compile_threads;
  if (device.fingerprint.type == "cpu") return 0;
  return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
}

Evaluator::Evaluator(const KernelFamily& family, const DeviceEntry& device, const GemmArguments& problem,
                     Precision precision, EvaluatorOptions options) {
  try {
    impl_ = std::make_unique<Impl>(family, device, problem, precision, options);
  } catch (const cl::Error& error) {
    throw device_error("preparing the tuning problem", error);
  }
}

Evaluator::~Evaluator() = default;

EvaluationOutcome Evaluator::evaluate(const KernelConfig& config, const PhaseCallback& reached) {
  return impl_->evaluate(config, reached);
}

void Evaluator::prefetch(const std::vector<KernelConfig>& configs) { impl_->prefetch(configs); }

void Evaluator::note_best(double median_seconds) {
  impl_->best_seconds = std::min(impl_->best_seconds, median_seconds);
}

}  // namespace gemmtune
