// Test support: runs one GEMM on the default OpenCL device (PoCL in CI) and checks it with OpenBLAS.
#include "tests/device/gemm_on_device.hpp"

#include <limits>

#include "core/kernel_family.hpp"
#include "dispatch/family_limits.hpp"
#include "gemmtune/error.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/operand_transposition.hpp"

namespace gemmtune::testing {
namespace {

// `elements` NaNs of the precision's storage type.
HostMatrix not_a_number(Precision precision, std::size_t elements) {
  switch (precision) {
    case Precision::Half: return {precision, std::vector<std::uint16_t>(elements, 0x7e00)};
    case Precision::BFloat16: return {precision, std::vector<std::uint16_t>(elements, 0x7fc0)};
    case Precision::Double: return {precision, std::vector<double>(elements, std::numeric_limits<double>::quiet_NaN())};
    default: return {precision, std::vector<float>(elements, std::numeric_limits<float>::quiet_NaN())};
  }
}

}  // namespace

DeviceContext& shared_device() {
  static DeviceContext shared;
  return shared;
}

CheckResult run_and_check(DeviceContext& device, Precision precision, const GemmCase& test,
                          const std::optional<KernelConfig>& config, const std::string& family,
                          const std::filesystem::path& database) {
  const GemmArguments& g = test.arguments;
  const RequiredElements required = validate_gemm_arguments(g);
  // Slack after each matrix so that a write past the end shows up as a changed element.
  const std::size_t slack = 7;
  const HostMatrix a = HostMatrix::random(precision, required.a + slack, 11);
  const HostMatrix b = HostMatrix::random(precision, required.b + slack, 12);
  const HostMatrix c = test.nan_in_c ? not_a_number(precision, required.c + slack)
                                     : HostMatrix::random(precision, required.c + slack, 13);

  const auto buffer = [&](const HostMatrix& host) {
    return cl::Buffer(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.bytes(),
                      const_cast<void*>(host.data()));
  };
  cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);
  if (config) {
    const RowMajorGemm problem = to_row_major(g);
    LaunchMemo memo;
    memo.transposition = operands_to_transpose(problem, g.layout, test.runs_trans);
    const RowMajorGemm runs = transposed_problem(problem, memo.transposition);
    const KernelFamily& kernels = kernel_family(family);
    const KernelConfig adapted = aligned_config(kernels, *config, runs);
    if (auto violation = violation_on_device(kernels, adapted, device.limits, precision, transpose_code(runs)))
      throw ConfigError(*violation);
    const cl::Program program = device.programs.get(device.context, device.entry.device, kernels.source(),
                                                    gemm_build_options(kernels, adapted, precision, runs));
    if (copies_operands(problem, memo.transposition))
      memo.transpose = transposition_kernel(device.programs, device.context, device.entry.device, precision);
    cl::Kernel kernel = gemm_kernel(program, kernels, adapted);
    enqueue_gemm(device.queue, kernel, kernels, adapted, problem, precision, test.alpha, test.beta, a_buffer(),
                 b_buffer(), c_buffer(), nullptr, nullptr, &memo);
  } else {
    Handle handle(device.context(), device.entry.device(), database);
    handle.gemm(precision, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, test.alpha, a_buffer(), g.a_offset, g.lda,
                b_buffer(), g.b_offset, g.ldb, test.beta, c_buffer(), g.c_offset, g.ldc, device.queue());
  }
  HostMatrix result(precision, c.size());
  device.queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.bytes(), result.data());
  return check_against_openblas(g, test.alpha, test.beta, a, b, c, result);
}

}  // namespace gemmtune::testing
