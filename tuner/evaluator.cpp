// Measures one kernel configuration on one problem: build, run, verify against a reference, time.
#include "tuner/evaluator.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>
#include <variant>

#include "core/precision.hpp"
#include "dispatch/binary_cache.hpp"
#include "dispatch/cl_error.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/program_cache.hpp"
#include "tuner/compile_pool.hpp"
#include "tuner/device_check.hpp"
#include "tuner/host_check.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune {
namespace {

using search::Status;

// Device time from the start of the first command of a call to the end of its last.
double span_seconds(const cl::Event& first, const cl::Event& last) {
  return static_cast<double>(last.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                             first.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
}

// Host copies of the inputs and of the expected result, in the problem's precision.
template <typename Real>
struct HostData {
  std::vector<Real> a, b, c_before, expected, magnitude;
};

template <typename Real>
std::vector<Real> absolute(std::vector<Real> values) {
  for (auto& value : values) value = std::abs(value);
  return values;
}

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
  std::variant<HostData<float>, HostData<double>> host;
  double best_seconds = std::numeric_limits<double>::infinity();
  BinaryCache binaries{BinaryCache::default_directory()};  // compiled candidates are kept for later sessions
  CompilePool compiler;

  Impl(const KernelFamily& f, const DeviceEntry& entry, const GemmArguments& g, Precision p, EvaluatorOptions o)
      : family(f), device(entry), arguments(g), problem(to_row_major(g)), precision(p), options(o),
        limits(limits_of(entry.device)), context(entry.device),
        queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE),
        compiler(compile_threads(entry, o), [this](const std::string& defines) { return build(defines); }) {
    if (precision == Precision::Double)
      prepare<double>();
    else
      prepare<float>();
  }

  BuildResult build(const std::string& defines) {
    BuildResult result;
    const auto start = std::chrono::steady_clock::now();
    try {
      result.program = binaries.get(context, device.device, family.source(), defines);
    } catch (const Error& error) {
      result.error = error.what();
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  // Why this device cannot run `config` (aligned to the problem), or nothing.
  std::optional<std::string> violation(const KernelConfig& config) const {
    try {
      return violation_on_device(family, config, limits, precision, transpose_code(arguments.trans_a, arguments.trans_b));
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

  template <typename Real>
  cl::Buffer upload(const std::vector<Real>& values) {
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, values.size()) * sizeof(Real),
                      const_cast<Real*>(values.data()));
  }

  template <typename Real>
  std::vector<Real> download(const cl::Buffer& buffer, std::size_t count) {
    std::vector<Real> values(count);
    if (count) queue.enqueueReadBuffer(buffer, CL_TRUE, 0, count * sizeof(Real), values.data());
    return values;
  }

  // Random inputs, then the reference kernel's result and |A||B| (for the tolerance), both once.
  template <typename Real>
  void prepare() {
    const RequiredElements required = validate_gemm_arguments(arguments);
    HostData<Real> data;
    data.a = random_values<Real>(required.a, 1);
    data.b = random_values<Real>(required.b, 2);
    data.c_before = random_values<Real>(required.c, 3);
    a = upload(data.a), b = upload(data.b), c = upload(data.c_before), c_before = upload(data.c_before);
    const cl::Program reference = build_program(context, device.device, utility_kernel("gemm_reference"),
                                                gemm_reference_options(precision));
    // Both are made on the device, in copies of C (whose elements outside the matrix they keep),
    // and read back once for the host fallback.
    const auto copy_of_c = [&] {
      cl::Buffer copy(context, CL_MEM_READ_WRITE, std::max<std::size_t>(1, required.c) * sizeof(Real));
      if (required.c) queue.enqueueCopyBuffer(c_before, copy, 0, 0, required.c * sizeof(Real));
      return copy;
    };
    expected = copy_of_c();
    enqueue_gemm_reference(queue, reference, problem, precision, 1.0, 0.0, a(), b(), expected(), nullptr);
    data.expected = download<Real>(expected, required.c);
    cl::Buffer abs_a = upload(absolute(data.a)), abs_b = upload(absolute(data.b));
    magnitude = copy_of_c();
    enqueue_gemm_reference(queue, reference, problem, precision, 1.0, 0.0, abs_a(), abs_b(), magnitude(), nullptr);
    data.magnitude = download<Real>(magnitude, required.c);
    host = std::move(data);
    try {
      const cl::Program program = binaries.get(context, device.device, utility_kernel("result_check"),
                                               check_build_options(precision));
      checker.emplace(context, program, precision);
    } catch (const Error&) {
    } catch (const cl::Error&) {
    }
  }

  // Restores C, so that a wrong kernel cannot pass by leaving an earlier correct result in place.
  void reset_c() {
    std::visit([&](const auto& data) {
      using Real = typename std::decay_t<decltype(data.a)>::value_type;
      if (!data.c_before.empty()) queue.enqueueCopyBuffer(c_before, c, 0, 0, data.c_before.size() * sizeof(Real));
    }, host);
  }

  // On the device when it can (a large C is not read back for every candidate); on the host when
  // it cannot, or when the device finds a failure, for the message that names the element.
  CheckResult verify() {
    return std::visit([&](const auto& data) {
      using Real = typename std::decay_t<decltype(data.a)>::value_type;
      if (checker) {
        const double unit = tolerance_unit(precision, arguments.k);
        const auto outcome = checker->run(queue, problem, data.c_before.size(), unit, c, c_before, expected, magnitude);
        if (outcome && outcome->failures == 0) return CheckResult{};
      }
      const auto result = download<Real>(c, data.c_before.size());
      return compare_with_reference<Real>(arguments, Real(0), data.c_before, result, data.expected, data.magnitude);
    }, host);
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
        // Clearly slower than the best so far: one timed run is enough to know it.
        if (run == 0 && seconds[0] > options.cut_factor * best_seconds) break;
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
