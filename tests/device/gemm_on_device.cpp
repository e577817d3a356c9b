// Test support: runs one GEMM on the default OpenCL device (PoCL in CI) and checks it with OpenBLAS.
#include "tests/device/gemm_on_device.hpp"

#include <limits>

#include "core/kernel_family.hpp"
#include "dispatch/family_limits.hpp"
#include "gemmtune/error.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/gemm_launch.hpp"
#include "tuner/random_data.hpp"

namespace gemmtune::testing {

template <typename Real>
CheckResult run_and_check(DeviceContext& device, const GemmCase& test, const std::optional<KernelConfig>& config,
                          const std::string& family) {
  const GemmArguments& g = test.arguments;
  const RequiredElements required = validate_gemm_arguments(g);
  // Slack after each matrix so that a write past the end shows up as a changed element.
  const std::size_t slack = 7;
  const auto a = random_values<Real>(required.a + slack, 11);
  const auto b = random_values<Real>(required.b + slack, 12);
  auto c = random_values<Real>(required.c + slack, 13);
  if (test.nan_in_c) c.assign(c.size(), std::numeric_limits<Real>::quiet_NaN());

  const auto buffer = [&](const std::vector<Real>& host) {
    return cl::Buffer(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(Real),
                      const_cast<Real*>(host.data()));
  };
  cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b), c_buffer = buffer(c);
  const Precision precision = sizeof(Real) == 8 ? Precision::Double : Precision::Single;
  if (config) {
    const RowMajorGemm problem = to_row_major(g);
    const KernelFamily& kernels = kernel_family(family);
    const KernelConfig adapted = aligned_config(kernels, *config, problem);
    if (auto violation = violation_on_device(kernels, adapted, device.limits, precision,
                                             transpose_code(g.trans_a, g.trans_b)))
      throw ConfigError(*violation);
    const cl::Program program = device.programs.get(device.context, device.entry.device, kernels.source(),
                                                    gemm_build_options(kernels, adapted, precision, problem));
    enqueue_gemm(device.queue, program, kernels, adapted, problem, precision, test.alpha, test.beta, a_buffer(),
                 b_buffer(), c_buffer(), nullptr);
  } else {
    Handle handle(device.context(), device.entry.device(), "/nonexistent/gemmtune-test.db");
    handle.gemm(g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, static_cast<Real>(test.alpha), a_buffer(),
                g.a_offset, g.lda, b_buffer(), g.b_offset, g.ldb, static_cast<Real>(test.beta), c_buffer(),
                g.c_offset, g.ldc, device.queue());
  }
  std::vector<Real> result(c.size());
  device.queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, result.size() * sizeof(Real), result.data());
  return check_against_openblas<Real>(g, static_cast<Real>(test.alpha), static_cast<Real>(test.beta), a, b,
                                      c, result);
}

template CheckResult run_and_check<float>(DeviceContext&, const GemmCase&, const std::optional<KernelConfig>&,
                                            const std::string&);
template CheckResult run_and_check<double>(DeviceContext&, const GemmCase&, const std::optional<KernelConfig>&,
                                            const std::string&);

}  // namespace gemmtune::testing
