// The transposition pre-pass on the default device: chosen through a Handle where a crafted
// database makes it the prediction's best, and correct for every transposition and layout.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "dispatch/kernel_registry.hpp"
#include "dispatch/operand_transposition.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tests/dispatch/selector_test_support.hpp"

namespace gemmtune::testing {
namespace {

// Everything this device measured ran row-major NT, slowly enough that copying an operand costs far less
// than running as asked would be mistrusted: the 8192x1x8192 call streamed its operands at a rate
// that makes the copies cheap (and ran slowly enough that nothing carried from it competes, however
// little its distance is mistrusted), and the 256^3 call's 2MNK rate bounds every prediction from below.
class TranspositionPrePass : public ::testing::Test {
 protected:
  void SetUp() override {
    db::Database database(path, db::Database::Mode::ReadWrite);
    const KernelFamily& family = kernel_family("xgemm");
    const KernelConfig config = family.complete({{"TSM", 32}, {"TSN", 32}, {"WPTM", 4}, {"WPTN", 4}, {"TSK", 16}});
    add_result(database, device.entry.fingerprint, problem(256, 256, 256, "fp32", "NT"), config, 10e-3);
    add_result(database, device.entry.fingerprint, problem(8192, 1, 8192, "fp32", "NT"), config, 2.0);
  }

  DeviceContext& device = shared_device();
  db::testing::TemporaryDirectory directory;
  std::filesystem::path path = directory / "tuning.db";
};

TEST_F(TranspositionPrePass, RunsEveryTranspositionAndLayoutAsMeasuredAndCorrectly) {
  for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
    for (const Transpose trans_a : {Transpose::No, Transpose::Yes})
      for (const Transpose trans_b : {Transpose::No, Transpose::Yes}) {
        const std::string trans = transpose_code(trans_a, trans_b);
        SCOPED_TRACE(trans + " " + to_string(layout));
        // Odd sizes, offsets and leading dimensions beyond the minimum: the pre-pass reads them as given.
        GemmCase test{dense_gemm_arguments(layout, trans_a, trans_b, 251, 239, 263), 1.5, 0.5};
        test.arguments.a_offset = 3, test.arguments.lda += 5;
        test.arguments.b_offset = 1, test.arguments.ldb += 2;
        test.arguments.c_offset = 2, test.arguments.ldc += 3;
        const ConfigChoice choice = Handle(device.context(), device.entry.device(), path)
                                        .choose({Precision::Single, layout, trans_a, trans_b, 251, 239, 263});
        // Row-major NT is column-major TN, A and B traded: the measured transpositions in the call's terms.
        const std::string measured = layout == Layout::RowMajor ? "NT" : "TN";
        EXPECT_EQ(choice.runs_trans, trans == measured ? std::nullopt : std::optional(measured)) << choice.detail;
        const CheckResult check = run_and_check(shared_device(), Precision::Single, test, std::nullopt, "xgemm", path);
        EXPECT_TRUE(check.ok) << check.first_failure;
      }
}

// Every pair of transpositions, asked and run, both layouts, both families that take a pre-pass,
// in double precision too (xgemm's: the copies and their offsets in 8-byte elements; the other
// family's launch is the same code in either precision, and each precision of it would double
// its programs): matrices copied, vectors of consecutive elements read where they lie (a column
// of leading dimension above 1 is copied), edges, offsets and leading dimensions.
TEST(TranspositionPrePassLaunch, RunsAnyConfigurationUnderAnyTranspositions) {
  const struct {
    const char* family;
    KernelConfig config;
    std::vector<Precision> precisions;
  } configurations[] = {{"xgemm", {{"TSM", 32}, {"TSN", 32}, {"WPTM", 4}, {"WPTN", 4}, {"TSK", 16}}, {Precision::Single, Precision::Double}},
                        {"xgemm_skinny", {{"WPTM", 2}, {"WPTN", 4}, {"LK", 1}, {"KWI", 4}, {"VWA", 4}, {"VWB", 4}}, {Precision::Single}}};
  const std::array<std::size_t, 3> shapes[] = {{37, 29, 41}, {1, 29, 41}, {37, 1, 41}, {37, 29, 1}};
  for (const auto& [family, config, precisions] : configurations)
    for (const Precision precision : precisions)
      for (const Layout layout : {Layout::RowMajor, Layout::ColMajor})
        for (const auto& [m, n, k] : shapes)
          for (const char* asked : {"NN", "NT", "TN", "TT"})
            for (const char* runs : {"NN", "NT", "TN", "TT"})
              for (const std::size_t padding : {0, 3}) {
                const std::string trans = asked;
                SCOPED_TRACE(std::string(family) + " " + to_string(precision) + " " + to_string(layout) + " " +
                             std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k) + " " + trans +
                             " as " + runs + " padding " + std::to_string(padding));
                const Transpose trans_a = trans[0] == 'T' ? Transpose::Yes : Transpose::No;
                const Transpose trans_b = trans[1] == 'T' ? Transpose::Yes : Transpose::No;
                GemmCase test{dense_gemm_arguments(layout, trans_a, trans_b, m, n, k), 1.5, 0.5};
                test.arguments.a_offset = padding, test.arguments.lda += padding;
                test.arguments.b_offset = padding, test.arguments.ldb += padding;
                test.runs_trans = runs;
                const CheckResult check = run_and_check(shared_device(), precision, test, config, family);
                EXPECT_TRUE(check.ok) << check.first_failure;
              }
}

// K = 0 and alpha = 0 read neither operand: nothing is copied (a copy of an empty operand would be
// an empty launch, which OpenCL refuses), and C becomes beta C.
TEST(TranspositionPrePassLaunch, NothingToReadMeansNothingCopied) {
  const KernelConfig config = {{"TSM", 32}, {"TSN", 32}, {"WPTM", 4}, {"WPTN", 4}, {"TSK", 16}};
  GemmCase empty_k{dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, Transpose::No, 61, 45, 0), 1.5, 0.5};
  empty_k.runs_trans = "NT";
  EXPECT_TRUE(run_and_check(shared_device(), Precision::Single, empty_k, config).ok);
  GemmCase zero_alpha{dense_gemm_arguments(Layout::RowMajor, Transpose::Yes, Transpose::No, 61, 45, 93), 0, 0.5};
  zero_alpha.runs_trans = "NT";
  EXPECT_TRUE(run_and_check(shared_device(), Precision::Single, zero_alpha, config).ok);
}

// What the pre-pass copies and what it reads where it lies, on the host.
TEST(TranspositionPrePassLaunch, CopiesMatricesAndReadsVectorsWhereTheyLie) {
  // Row-major TN, 37 x 1 x 41, run as NT: A (41 x 37) is copied into the workspace with rows of
  // 48 elements; B, one column of leading dimension 1, is read as a row of 41 where it lies.
  RowMajorGemm tn{true, false, 37, 1, 41, 5, 37, 3, 1, 0, 1, false};
  const OperandTransposition both = operands_to_transpose(tn, Layout::RowMajor, "NT");
  ASSERT_TRUE(both.a && both.b);
  RowMajorGemm runs = transposed_problem(tn, both);
  EXPECT_FALSE(runs.trans_a);
  EXPECT_TRUE(runs.trans_b);
  EXPECT_EQ(runs.a_offset, 0u);
  EXPECT_EQ(runs.lda, 48u);
  EXPECT_EQ(runs.b_offset, 3u);  // B stays in the caller's buffer
  EXPECT_EQ(runs.ldb, 41u);
  EXPECT_EQ(transposition_elements(tn, both), 37u * 48u);
  // The same column with a leading dimension of 2 does not lie in one run: it is copied after A.
  tn.ldb = 2;
  runs = transposed_problem(tn, both);
  EXPECT_EQ(runs.b_offset, 37u * 48u);
  EXPECT_EQ(runs.ldb, 48u);
  EXPECT_EQ(transposition_elements(tn, both), 37u * 48u + 48u);  // B: one row of 48
  // Only vectors differing: nothing is copied, and the buffers keep their caller's order.
  RowMajorGemm column_major{false, false, 1, 7, 41, 0, 41, 0, 7, 0, 1, true};
  const OperandTransposition a_only = operands_to_transpose(column_major, Layout::ColMajor, "NT");
  EXPECT_TRUE(a_only.a && !a_only.b);  // the caller's B is the kernel's A
  EXPECT_FALSE(copies_operands(column_major, a_only));
  EXPECT_TRUE(transposed_problem(column_major, a_only).swapped);
}

}  // namespace
}  // namespace gemmtune::testing
