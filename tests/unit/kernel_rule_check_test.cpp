// Imported evaluations against the kernel's rules, with the limits their device record carries.
#include <gtest/gtest.h>

#include "tuner/kernel_rule_check.hpp"

namespace gemmtune::cli {
namespace {

db::StoredEvaluation measured(const db::KernelConfig& config, std::uint64_t local_mem_bytes,
                              const std::string& status = "ok") {
  db::StoredEvaluation s;
  s.device.type = "gpu";
  s.device.compute_units = 16;
  s.device.local_mem_bytes = local_mem_bytes;
  s.device.max_work_group_size = 1024;
  s.kernel_name = "xgemm";
  s.kernel_hash = "0123456789abcdef";
  s.problem = {"fp32", "row", "NN", 512, 512, 512};
  s.evaluation.config = config;
  s.evaluation.status = status;
  return s;
}

TEST(KernelRuleCheck, RulesUseTheRecordedLocalMemory) {
  // 4 * 16 * (128 + 300 + 128 + 4) * 2 = 71680 bytes of local memory.
  const db::KernelConfig padded = {{"PADA", 300}};
  const auto violation = kernel_rule_violation(measured(padded, 64 << 10));
  ASSERT_TRUE(violation.has_value());
  EXPECT_NE(violation->find("config: rule 'element_bytes * TSK"), std::string::npos) << *violation;
  EXPECT_EQ(kernel_rule_violation(measured(padded, 128 << 10)), std::nullopt);
}

TEST(KernelRuleCheck, RulesUseTheRecordedWorkGroupSize) {
  // 64 x 32 work-items in a group.
  const db::KernelConfig wide = {{"TSM", 64}, {"TSN", 64}, {"TSK", 32}, {"WPTM", 1}, {"WPTN", 2},
                                 {"VWA", 1},  {"VWB", 1},  {"PADA", 0}, {"PADB", 0}};
  db::StoredEvaluation s = measured(wide, 1 << 20);
  const auto violation = kernel_rule_violation(s);
  ASSERT_TRUE(violation.has_value());
  EXPECT_NE(violation->find("<= max_work_group_size"), std::string::npos) << *violation;
  s.device.max_work_group_size = 4096;
  EXPECT_EQ(kernel_rule_violation(s), std::nullopt);
}

TEST(KernelRuleCheck, FailedEvaluationsMayBreakRulesButNotNameUnknownParameters) {
  EXPECT_EQ(kernel_rule_violation(measured({{"TSM", 65}}, 64 << 10, "invalid")), std::nullopt);
  EXPECT_EQ(kernel_rule_violation(measured({{"FOO", 1}}, 64 << 10, "compile_error")),
            "config: unknown xgemm parameter 'FOO'");
}

// A family serves the transpositions its kernel runs: xgemm_outer's column-major NT rows run as TN
// and are imported, a column-major TN row would run as NT and is refused.
TEST(KernelRuleCheck, TranspositionsAreThoseTheKernelRuns) {
  db::StoredEvaluation s = measured({}, 64 << 10);
  s.kernel_name = "xgemm_outer";
  s.problem = {"fp32", "col", "NT", 3, 17, 300};
  EXPECT_EQ(kernel_rule_violation(s), std::nullopt);
  s.problem.trans = "TN";
  const auto violation = kernel_rule_violation(s);
  ASSERT_TRUE(violation.has_value());
  EXPECT_NE(violation->find("does not serve fp32 NT problems"), std::string::npos) << *violation;
  s.problem.layout = "diagonal";
  EXPECT_EQ(kernel_rule_violation(s).value_or("").rfind("layout: ", 0), 0u);
}

TEST(KernelRuleCheck, UnknownKernel) {
  db::StoredEvaluation s = measured({}, 64 << 10);
  EXPECT_EQ(kernel_rule_violation(s), std::nullopt);
  s.kernel_name = "sgemv";
  const auto violation = kernel_rule_violation(s);
  ASSERT_TRUE(violation.has_value());
  EXPECT_EQ(violation->rfind("kernel: unknown kernel family 'sgemv'", 0), 0u) << *violation;
}

}  // namespace
}  // namespace gemmtune::cli
