// A vector C computed as its transpose on the default device: chosen where a crafted database
// makes it the best, and correct for every transposition, layout, offset and leading dimension.
#include <gtest/gtest.h>

#include <array>

#include "dispatch/kernel_registry.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tests/dispatch/selector_test_support.hpp"

namespace gemmtune::testing {
namespace {

// Everything this device measured ran row-major with C one row or one column: NN products of 37 and
// 29 elements, the C^T of the TT calls of those sizes, and TT products of 23 and 19, the C^T of the
// NN calls of those, which therefore run as C^T, exactly; the other calls run as measured or as
// predicted.
class TransposedC : public ::testing::Test {
 protected:
  void SetUp() override {
    db::Database database(path, db::Database::Mode::ReadWrite);
    const KernelFamily& skinny = kernel_family("xgemm_skinny");
    const KernelConfig config =
        skinny.complete({{"WPTM", 2}, {"WPTN", 4}, {"LK", 1}, {"KWI", 4}, {"VWA", 4}, {"VWB", 4}});
    const auto record = [&](std::int64_t length, const char* trans) {
      for (const char* precision : {"fp32", "fp64"})
        for (const auto& [m, n] : {std::pair<std::int64_t, std::int64_t>{1, length}, {length, 1}})
          add_result(database, device.entry.fingerprint, problem(m, n, 41, precision, trans), config, 1e-3,
                     skinny.source().hash, skinny.name());
    };
    record(37, "NN"), record(29, "NN"), record(23, "TT"), record(19, "TT");
  }

  DeviceContext& device = shared_device();
  db::testing::TemporaryDirectory directory;
  std::filesystem::path path = directory / "tuning.db";
};

TEST_F(TransposedC, AVectorCallRunsAsItsTransposeInTheOtherLayout) {
  const struct {
    std::size_t m, n;
    Transpose trans;
    const char* runs;
  } calls[] = {{37, 1, Transpose::Yes, "NN"}, {1, 29, Transpose::Yes, "NN"},
               {23, 1, Transpose::No, "TT"},  {1, 19, Transpose::No, "TT"}};
  for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
    for (const auto& [m, n, trans, runs] : calls) {
      const ConfigChoice choice = Handle(device.context(), device.entry.device(), path)
                                      .choose({Precision::Single, layout, trans, trans, m, n, 41});
      EXPECT_EQ(choice.source, ConfigSource::Exact) << choice.detail;
      EXPECT_EQ(choice.runs_layout, layout == Layout::RowMajor ? Layout::ColMajor : Layout::RowMajor) << choice.detail;
      EXPECT_EQ(choice.runs_trans, runs) << choice.detail;
    }
}

// Every transposition and layout of a vector C, in both precisions, with offsets and leading
// dimensions beyond the minimum: a column of C whose leading dimension is over 1 does not lie in
// one run and must be computed as laid out, which a wrong choice would show as wrong elements.
TEST_F(TransposedC, EveryVectorCallIsComputedRight) {
  const std::array<std::size_t, 3> shapes[] = {{37, 1, 41}, {1, 29, 41}, {23, 1, 41}, {1, 19, 41}, {1, 1, 7}, {1, 33, 1}};
  for (const Precision precision : {Precision::Single, Precision::Double})
    for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
      for (const auto& [m, n, k] : shapes)
        for (const char* trans : {"NN", "NT", "TN", "TT"})
          for (const std::size_t padding : {0, 3}) {
            SCOPED_TRACE(to_string(precision) + " " + to_string(layout) + " " + std::to_string(m) + "x" +
                         std::to_string(n) + "x" + std::to_string(k) + " " + trans + " padding " +
                         std::to_string(padding));
            const Transpose trans_a = trans[0] == 'T' ? Transpose::Yes : Transpose::No;
            const Transpose trans_b = trans[1] == 'T' ? Transpose::Yes : Transpose::No;
            GemmCase test{dense_gemm_arguments(layout, trans_a, trans_b, m, n, k), 1.5, 0.5};
            test.arguments.a_offset = padding, test.arguments.lda += padding;
            test.arguments.b_offset = 2 * padding, test.arguments.ldb += padding;
            test.arguments.c_offset = padding, test.arguments.ldc += padding;
            const CheckResult check = run_and_check(device, precision, test, std::nullopt, "xgemm", path);
            EXPECT_TRUE(check.ok) << check.first_failure;
          }
}

// A vector TT call chosen by prediction on a queue that times its commands: its first calls time
// candidates of both forms (the model predicts them alike here), and every call is right.
TEST_F(TransposedC, TrialCallsOfBothFormsAreEachRight) {
  const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, Transpose::Yes, 35, 1, 40);
  const GemmShape shape{Precision::Single, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k};
  const RequiredElements required = validate_gemm_arguments(g);
  const HostMatrix a = HostMatrix::random(Precision::Single, required.a, 1);
  const HostMatrix b = HostMatrix::random(Precision::Single, required.b, 2);
  const HostMatrix c = HostMatrix::random(Precision::Single, required.c, 3);
  const auto buffer = [&](const HostMatrix& host) {
    return cl::Buffer(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.bytes(), const_cast<void*>(host.data()));
  };
  const cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b);
  const cl::CommandQueue timing_queue{device.context, device.entry.device, CL_QUEUE_PROFILING_ENABLE};
  Handle handle(device.context(), device.entry.device(), path);
  bool tried = false;
  for (int call = 0; call < 16; ++call) {
    const cl::Buffer result_buffer = buffer(c);
    handle.gemm(Precision::Single, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, 1.5, a_buffer(), 0, g.lda,
                b_buffer(), 0, g.ldb, 0.5, result_buffer(), 0, g.ldc, timing_queue());
    HostMatrix result(Precision::Single, c.size());
    timing_queue.enqueueReadBuffer(result_buffer, CL_TRUE, 0, result.bytes(), result.data());
    const CheckResult check = check_against_openblas(g, 1.5, 0.5, a, b, c, result);
    EXPECT_TRUE(check.ok) << "call " << call << ": " << check.first_failure;
    tried = tried || handle.choose(shape).trying;
  }
  EXPECT_TRUE(tried);
  EXPECT_FALSE(handle.choose(shape).trying) << handle.choose(shape).detail;
}

}  // namespace
}  // namespace gemmtune::testing
