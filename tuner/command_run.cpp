// `gemmtune run`: one GEMM through the dispatcher, as a library user runs it; timed and checked.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <optional>

#include "core/kernel_config.hpp"
#include "core/precision.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/operand_transposition.hpp"
#include "dispatch/program_cache.hpp"
#include "gemmtune/handle.hpp"
#include "tuner/call_timing.hpp"
#include "tuner/choice_json.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/host_check.hpp"
#include "tuner/problem_fits.hpp"

namespace gemmtune::cli {
namespace {

struct RunOptions {
  Size size;
  Layout layout;
  Transpose trans_a, trans_b;
  Precision precision;
  double alpha, beta;
  std::string device;
  std::optional<std::filesystem::path> database;
  std::optional<KernelConfig> config;  // run this configuration instead of the dispatcher's choice
  std::string family;                  // of `config`
  std::optional<std::string> runs_trans;  // run `config` under these, after the transposition pre-pass
  std::optional<Layout> runs_layout;      // run `config` as C^T in this layout (ConfigChoice::runs_layout)
  bool check, json;
  int repeat;
};

int run_gemm(const RunOptions& o) {
  const DeviceEntry entry = select_device(o.device);
  const DeviceLimits limits = limits_of(entry.device);
  const GemmArguments g = dense_gemm_arguments(o.layout, o.trans_a, o.trans_b, o.size.m, o.size.n, o.size.k);
  if (o.precision == Precision::Double && !limits.fp64)
    throw UsageError("device '" + entry.fingerprint.name + "' has no double precision (cl_khr_fp64)");
  // Host copies: A, B and C; with --check also the result, and OpenBLAS's operands (|A| and |B| in
  // their place afterwards), result and |A||B| in the accumulator type, counted at its width (at
  // least the storage type's) for all.
  const Precision counted = o.check ? accumulator_precision(o.precision) : o.precision;
  check_problem_fits(g, static_cast<std::size_t>(precision_info(counted).storage_bytes), limits, Copies{1, 1},
                     o.check ? Copies{2, 4} : Copies{1, 1});
  const RequiredElements required = validate_gemm_arguments(g);

  const HostMatrix a = HostMatrix::random(o.precision, required.a, 1);
  const HostMatrix b = HostMatrix::random(o.precision, required.b, 2);
  const HostMatrix c = HostMatrix::random(o.precision, required.c, 3);

  cl::Context context(entry.device);
  cl::CommandQueue queue(context, entry.device, CL_QUEUE_PROFILING_ENABLE);
  const HostMatrix placeholder(o.precision, 1);
  const auto buffer = [&](const HostMatrix& host) {
    const HostMatrix& held = host.size() ? host : placeholder;
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, held.bytes(), const_cast<void*>(held.data()));
  };
  cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);

  Handle handle(context(), entry.device(), o.database);
  const GemmShape shape{o.precision, o.layout, o.trans_a, o.trans_b, g.m, g.n, g.k};
  const RowMajorGemm problem = to_row_major(g);
  // With --config the kernel is launched directly, the way the tuner runs its candidates; else the
  // handle chooses and runs it, as for a program.
  std::optional<ConfigChoice> given;
  // With --runs-layout of the other layout, the kernel computes C^T: a vector C only.
  const bool transposes_c = o.runs_layout && *o.runs_layout != o.layout;
  if (transposes_c && !c_is_contiguous_vector(problem))
    throw UsageError("--runs-layout: C is not one row or one column of consecutive elements, which alone can be "
                     "computed as its transpose");
  const RowMajorGemm computed = transposes_c ? with_c_transposed(problem) : problem;
  const Layout computed_layout = o.runs_layout.value_or(o.layout);
  if (o.config) {
    const KernelFamily& family = kernel_family(o.family);
    // Refused before compiling, naming the rule; the family must serve the transpositions its
    // kernel runs: the row-major form's, after any pre-pass.
    const RowMajorGemm runs_as =
        transposed_problem(computed, operands_to_transpose(computed, computed_layout, o.runs_trans));
    if (auto violation = violation_on_device(family, *o.config, limits, o.precision, transpose_code(runs_as)))
      throw ConfigError("invalid " + family.name() + " configuration: " + *violation);
    if (o.runs_trans && family.packs(family.complete(*o.config), o.precision))
      throw UsageError("--runs-trans: " + family.name() + " packs its operands itself at " + to_string(o.precision) +
                       ": it takes no transposition pre-pass");
    given = ConfigChoice{family.name(), family.complete(*o.config), ConfigSource::Default, "given with --config",
                         std::nullopt, o.runs_trans, transposes_c ? o.runs_layout : std::nullopt};
  }

  ProgramCache programs;
  // The given configuration's kernel object, made once, and what its launches keep between calls
  // (the packed operands' buffer of a family that packs), as the tuner launches a candidate.
  cl::Kernel given_kernel;
  LaunchMemo memo;
  // With --runs-trans, the problem the configuration runs once the pre-pass has transposed operands.
  if (given) memo.transposition = operands_to_transpose(computed, computed_layout, given->runs_trans);
  const RowMajorGemm runs = transposed_problem(computed, memo.transposition);
  if (given) given->config = aligned_config(kernel_family(given->family), given->config, runs);
  const auto call = [&](cl::Event* event) {
    if (!given) {
      cl_event raw = nullptr;
      handle.gemm(o.precision, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, o.alpha, a_buffer(), g.a_offset,
                  g.lda, b_buffer(), g.b_offset, g.ldb, o.beta, c_buffer(), g.c_offset, g.ldc, queue(),
                  event ? &raw : nullptr);
      if (event) *event = cl::Event(raw);  // takes over the reference the handle gave us
      return;
    }
    const KernelFamily& family = kernel_family(given->family);
    if (!given_kernel()) {
      given_kernel = gemm_kernel(programs.get(context, entry.device, family.source(),
                                              gemm_build_options(family, given->config, o.precision, runs)),
                                 family, given->config);
      if (copies_operands(computed, memo.transposition))
        memo.transpose = transposition_kernel(programs, context, entry.device, o.precision);
    }
    enqueue_gemm(queue, given_kernel, family, given->config, computed, o.precision, o.alpha, o.beta, a_buffer(),
                 b_buffer(), c_buffer(), event, nullptr, &memo);
  };
  const auto call_with_event = [&] {
    cl::Event event;
    call(&event);
    return event;
  };
  // The handle's trial calls of a predicted shape come first, untimed: the timed calls run what it
  // kept. One warm-up call builds the program (or loads it from the cache); each timed call is
  // measured on the device from just before its first command to the end of its last.
  if (!given) settle_trial_calls(handle, shape, call_with_event);
  std::vector<double> seconds = time_calls(queue, 1, o.repeat, call_with_event);
  // What ran: the configuration given, or the handle's choice asked after the calls (one whose
  // program failed to build gave way to another, which the handle now chooses for this shape).
  const ConfigChoice choice = given ? *given : handle.choose(shape);
  const KernelFamily& family = kernel_family(choice.family);
  const RowMajorGemm chosen = choice.runs_layout ? with_c_transposed(problem) : problem;
  const KernelConfig config =
      given ? given->config
            : aligned_config(family, choice.config,
                             transposed_problem(chosen, operands_to_transpose(chosen, choice.runs_layout.value_or(o.layout),
                                                                              choice.runs_trans)));
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds.empty() ? 0 : seconds[seconds.size() / 2];
  const double flops = 2.0 * g.m * g.n * g.k;
  const double gflops = median > 0 ? flops / median * 1e-9 : 0;

  CheckResult check;
  if (o.check) {
    // The timed calls accumulated into C; check one call from the original C.
    if (c.size()) queue.enqueueWriteBuffer(c_buffer, CL_TRUE, 0, c.bytes(), c.data());
    call(nullptr);
    HostMatrix result(o.precision, c.size());
    if (c.size()) queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.bytes(), result.data());
    check = check_against_openblas(g, o.alpha, o.beta, a, b, c, result);
  }

  const std::string trans = transpose_code(o.trans_a, o.trans_b);
  if (o.json) {
    boost::json::object out{{"device", entry.fingerprint.name},
                            {"device_selector", entry.selector},
                            {"m", g.m}, {"n", g.n}, {"k", g.k},
                            {"trans", trans},
                            {"layout", to_string(o.layout)},
                            {"precision", to_string(o.precision)},
                            {"alpha", o.alpha}, {"beta", o.beta}};
    for (auto& field : choice_json(choice, o.precision, trans, o.layout)) out[field.key()] = std::move(field.value());
    out["config"] = config_object(config);  // as it ran: aligned to the call's operands
    out["repeat"] = o.repeat;
    out["seconds"] = median;
    out["gflops"] = gflops;
    out["checked"] = o.check;
    out["max_abs_error"] = check.max_abs_error;
    out["ok"] = check.ok;
    if (!check.ok) out["failure"] = check.first_failure;
    std::cout << boost::json::serialize(out) << '\n';
  } else {
    std::cout << "device    " << entry.selector << "  " << entry.fingerprint.name << '\n'
              << "problem   " << format_size(o.size) << "  " << trans << "  " << to_string(o.layout)
              << "-major  " << to_string(o.precision) << "  alpha=" << o.alpha << " beta=" << o.beta << '\n'
              << "config    " << describe_config(config) << "  (" << to_string(choice.source) << ": " << choice.detail << ")\n"
              << "time      " << std::setprecision(4) << median * 1e3 << " ms (median of " << o.repeat << ")  "
              << std::fixed << std::setprecision(1) << gflops << " GFLOP/s\n";
    if (o.check)
      std::cout << "check     " << (check.ok ? "ok" : "FAILED: " + check.first_failure) << "  max |error| "
                << std::scientific << std::setprecision(2) << check.max_abs_error << " vs OpenBLAS\n";
  }
  return check.ok ? 0 : 1;
}

}  // namespace

int run_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune run --size MxNxK [options]");
  options.add_options()
      ("help,h", "show this help")
      ("size", po::value<std::string>()->required(), "M, N and K as MxNxK (or one number for all three)")
      ("trans", po::value<std::string>()->default_value("NN"), "op(A) and op(B): NN, NT, TN or TT")
      ("layout", po::value<std::string>()->default_value("row"), "row or col (major)")
      ("precision", po::value<std::string>()->default_value("fp32"),
       "fp16, bf16, tf32, fp32, 3xtf32 or fp64 (32 and 64 too)")
      ("alpha", po::value<std::string>()->default_value("1"), "alpha (finite)")
      ("beta", po::value<std::string>()->default_value("0"), "beta (finite)")
      ("device", po::value<std::string>()->default_value(""), "device index or platform:index (gemmtune devices)")
      ("db", po::value<std::string>(), "tuning database (default $GEMMTUNE_DB, else the per-user file)")
      ("config", po::value<std::string>(), "run this kernel configuration (NAME=value,...) instead of the tuned one")
      ("family", po::value<std::string>()->default_value("xgemm"), "the kernel family of --config (gemmtune kernels)")
      ("runs-trans", po::value<std::string>(),
       "run --config under these transpositions (NN, NT, TN or TT) after a pre-pass transposes the operands that differ")
      ("runs-layout", po::value<std::string>(),
       "run --config in this layout (row or col): the other one computes C^T, for a C of one row or column; "
       "--runs-trans is then in its terms")
      ("check", "compare with OpenBLAS on the host; exit 1 when it differs")
      ("repeat", po::value<std::string>()->default_value("10"), "timed calls (the median is reported)")
      ("json", "print one JSON object");
  if (asks_for_help(args)) {
    std::cout << options;
    return 0;
  }
  const auto values = parse("run", args, options);
  RunOptions o;
  o.size = parse_size(values["size"].as<std::string>());
  std::tie(o.trans_a, o.trans_b) = parse_trans(values["trans"].as<std::string>());
  o.layout = parse_layout(values["layout"].as<std::string>());
  o.precision = parse_precision(values["precision"].as<std::string>());
  o.alpha = real_number_option(values, "alpha");
  o.beta = real_number_option(values, "beta");
  o.device = values["device"].as<std::string>();
  if (values.count("config")) o.config = parse_config(values["config"].as<std::string>());
  o.family = values["family"].as<std::string>();
  if (values.count("runs-trans")) {
    if (!o.config) throw UsageError("--runs-trans needs --config");
    const auto [a, b] = parse_trans(values["runs-trans"].as<std::string>());
    o.runs_trans = transpose_code(a, b);
  }
  if (values.count("runs-layout")) {
    if (!o.config) throw UsageError("--runs-layout needs --config");
    o.runs_layout = parse_layout(values["runs-layout"].as<std::string>());
  }
  o.check = values.count("check") > 0;
  o.json = values.count("json") > 0;
  o.repeat = static_cast<int>(whole_number_option(values, "repeat", 1, most_timed_calls));
  o.database = database_to_read(values);  // after the options: a typo in one is named first
  return run_gemm(o);
}

}  // namespace gemmtune::cli
