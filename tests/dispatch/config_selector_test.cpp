// The configuration chain (exact, nearest, fallback, default) over crafted databases; no device.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/precision.hpp"
#include "dispatch/config_selector.hpp"
#include "dispatch/family_limits.hpp"
#include "dispatch/kernel_registry.hpp"
#include "gemmtune/error.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/db/version1_database.hpp"
#include "tests/dispatch/selector_test_support.hpp"

namespace gemmtune::testing {
namespace {

using ::testing::HasSubstr;

DeviceFingerprint made_up_device(const std::string& name = "Test GPU", const std::string& driver = "1.0",
                                 const std::string& vendor = "Acme", const std::string& architecture = "arch_9") {
  DeviceFingerprint f;
  f.architecture = architecture;
  f.platform = "Test Platform";
  f.vendor = vendor;
  f.name = name;
  f.driver_version = driver;
  f.opencl_c_version = "OpenCL C 3.0";
  f.type = "gpu";
  f.compute_units = 16;
  f.clock_mhz = 1500;
  f.global_mem_bytes = 8ull << 30;
  f.local_mem_bytes = 64 << 10;
  f.max_work_group_size = 1024;
  return f;
}

DeviceLimits made_up_limits() {
  DeviceLimits limits;
  limits.max_work_group_size = 1024;
  limits.max_work_item_sizes = {1024, 1024, 64};
  limits.local_mem_bytes = 64 << 10;
  limits.max_alloc_bytes = 2ull << 30;
  limits.global_mem_bytes = 8ull << 30;
  limits.fp64 = true;
  return limits;
}

// Valid on the made-up device; `tile` marks which entry was chosen.
KernelConfig valid_config(std::int64_t tile) {
  return {{"TSM", tile}, {"TSN", tile}, {"WPTM", tile / 8}, {"WPTN", tile / 8}};
}

// Breaks only the device's local memory: 4 * 32 * 512 * 2 bytes = 128 KiB > 64 KiB.
const KernelConfig too_big_for_local_memory = {{"TSM", 256}, {"TSN", 256}, {"TSK", 32}, {"WPTM", 16}, {"WPTN", 16}};

class ConfigSelectorTest : public ::testing::Test {
 protected:
  db::testing::TemporaryDirectory directory;
  std::filesystem::path path = directory / "tuning.db";
  DeviceFingerprint me = made_up_device();
  DeviceLimits limits = made_up_limits();

  db::Database writable() { return db::Database(path, db::Database::Mode::ReadWrite); }

  ConfigChoice choose(std::size_t m, std::size_t n, std::size_t k, Precision precision = Precision::Single) const {
    return ConfigSelector(me, limits, path).choose({precision, Layout::RowMajor, Transpose::No, Transpose::No, m, n, k});
  }
};

TEST_F(ConfigSelectorTest, MissingDatabaseMeansDefaultsWithoutError) {
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Default);
  EXPECT_EQ(choice.config, default_on_device(kernel_family("xgemm"), limits, Precision::Single));
  EXPECT_THAT(choice.detail, HasSubstr("no tuning database at"));
}

TEST_F(ConfigSelectorTest, CorruptDatabaseMeansDefaultsWithTheReason) {
  db::testing::write_bytes(path, std::string(4096, 'x'));
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Default);
  EXPECT_THAT(choice.detail, HasSubstr("tuning database unusable"));
  EXPECT_EQ(db::testing::read_bytes(path), std::string(4096, 'x'));  // read-only: untouched
}

// A measurement of the problem itself wins over predictions from other shapes, however fast they
// promise to be (carried up from a small problem, a time promises too much).
TEST_F(ConfigSelectorTest, ExactBeatsPredictionsFromOtherShapes) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), valid_config(32), 1e-3);
  add_result(database, me, problem(500, 500, 500), valid_config(64), 0.1e-3);
  add_result(database, made_up_device("Test GPU", "2.0"), problem(512, 512, 512), valid_config(128), 1e-3);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Exact);
  EXPECT_EQ(choice.config, kernel_family("xgemm").complete(valid_config(32)));
  EXPECT_EQ(choice.detail, "tuned 512x512x512 on this device, 268 GFLOP/s");
}

TEST_F(ConfigSelectorTest, ExactFromADatabaseOfSchemaVersion1) {
  {
    db::testing::Version1Database old(path);
    const auto kernel = old.add_kernel("xgemm", kernel_family("xgemm").source().hash);
    old.add_evaluation(old.add_device(device_record(me)), kernel, old.add_problem(problem(512, 512, 512)), 0,
                       valid_config(32), 2e-3);
  }
  const std::string before = db::testing::read_bytes(path);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Exact) << choice.detail;
  EXPECT_EQ(choice.config, kernel_family("xgemm").complete(valid_config(32)));
  EXPECT_EQ(db::testing::read_bytes(path), before);
}

// PoCL reports free memory as the device's global memory: tuned results must survive its changes.
TEST_F(ConfigSelectorTest, ExactWhateverGlobalMemoryTheDeviceReportsNow) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), valid_config(32));
  const std::string key = me.key();
  me.global_mem_bytes = 4'300'000'000;
  EXPECT_EQ(me.key(), key);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Exact) << choice.detail;
  EXPECT_EQ(choice.config, kernel_family("xgemm").complete(valid_config(32)));
}

// Both configurations measured on 2048^3 only: big tiles are faster there, but leave most of the
// 16 compute units idle at 256^3, where the small tiles' many work-groups fill them. The model
// carries each measurement to the asked shape (waves of work-groups, tile work) and picks by it.
TEST_F(ConfigSelectorTest, NearestIsTheConfigurationPredictedFastest) {
  auto database = writable();
  add_result(database, me, problem(2048, 2048, 2048), valid_config(128), 1.0e-3);
  add_result(database, me, problem(2048, 2048, 2048), valid_config(32), 1.3e-3);
  // Another precision at the exact shape does not count.
  add_result(database, me, problem(256, 256, 256, "fp64"), valid_config(64));

  const ConfigChoice small = choose(256, 256, 256);
  EXPECT_EQ(small.source, ConfigSource::Nearest);
  EXPECT_EQ(small.config.at("TSM"), 32) << small.detail;
  EXPECT_THAT(small.detail, HasSubstr("from 2048x2048x2048 NN (xgemm) on this device, measured 1.30 ms"));
  EXPECT_EQ(choose(4096, 4096, 4096).config.at("TSM"), 128);
}

// What trial calls time: for a prediction, the model's best few in its order, the first the choice
// itself, each a distinct configuration with its own detail; a measurement of the problem itself
// and the defaults come alone.
TEST_F(ConfigSelectorTest, CandidatesAreTheModelsBestInItsOrder) {
  {
    auto database = writable();
    for (const std::int64_t tile : {16, 32, 64, 128})
      add_result(database, me, problem(2048, 2048, 2048), valid_config(tile), 1e-3 + 1e-4 * static_cast<double>(tile));
  }
  const ConfigSelector selector(me, limits, path);
  const GemmShape asked{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 256, 256, 256};
  const std::vector<ConfigChoice> three = selector.candidates(asked, 3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three.front().config, selector.choose(asked).config);
  EXPECT_EQ(three.front().detail, selector.choose(asked).detail);
  std::set<KernelConfig> distinct;
  for (const ConfigChoice& candidate : three) {
    EXPECT_EQ(candidate.source, ConfigSource::Nearest);
    EXPECT_THAT(candidate.detail, HasSubstr("from 2048x2048x2048 NN (xgemm) on this device"));
    distinct.insert(candidate.config);
  }
  EXPECT_EQ(distinct.size(), 3u);
  // As many as asked where there are: the four measured and variants of them (split K, say).
  EXPECT_EQ(selector.candidates(asked, 6).size(), 6u);

  const GemmShape measured{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 2048, 2048, 2048};
  const std::vector<ConfigChoice> exact = selector.candidates(measured, 3);
  ASSERT_EQ(exact.size(), 1u);
  EXPECT_EQ(exact.front().source, ConfigSource::Exact);
  EXPECT_EQ(ConfigSelector(me, limits, directory / "none.db").candidates(asked, 3).size(), 1u);
}

// Where the model's best few are all of one family, trial calls also time the best of another
// after them: one family's measurements, carried to a shape, can mislead alike. A single
// candidate (no trial calls) comes alone.
TEST_F(ConfigSelectorTest, CandidatesOfOneFamilyAreFollowedByTheBestOfAnother) {
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  {
    auto database = writable();
    for (const std::int64_t tile : {16, 32, 64, 128})
      add_result(database, me, problem(2048, 2048, 2048), valid_config(tile), 1e-3 + 1e-4 * static_cast<double>(tile));
    add_result(database, me, problem(2048, 2048, 2048), skinny.defaults(), 40e-3, skinny.source().hash, skinny.name());
  }
  const ConfigSelector selector(me, limits, path);
  const GemmShape asked{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 256, 256, 256};
  const std::vector<ConfigChoice> candidates = selector.candidates(asked, 3);
  ASSERT_EQ(candidates.size(), 4u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(candidates[i].family, "xgemm") << candidates[i].detail;
  EXPECT_EQ(candidates[3].family, "xgemm_skinny");
  EXPECT_EQ(candidates[3].config, skinny.defaults());
  EXPECT_THAT(candidates[3].detail, HasSubstr("from 2048x2048x2048 NN (xgemm_skinny) on this device"));
  EXPECT_EQ(selector.candidates(asked, 1).size(), 1u);
}

// A configuration recorded before one of its parameters existed (its key without it) and measured
// again since (the key with the parameter at its default) is one configuration: the candidates name
// it once, and as many distinct ones as asked.
TEST_F(ConfigSelectorTest, CandidatesNameAConfigurationOnceWhateverKeysItWasRecordedUnder) {
  const KernelFamily& xgemm = kernel_family("xgemm");
  KernelConfig older = valid_config(64);
  ASSERT_TRUE(xgemm.complete(older).contains("SWIZZLE"));
  {
    auto database = writable();
    add_result(database, me, problem(2048, 2048, 2048), older, 1.0e-3);
    add_result(database, me, problem(1024, 2048, 2048), xgemm.complete(older), 0.5e-3);
    for (const std::int64_t tile : {16, 32, 128})
      add_result(database, me, problem(2048, 2048, 2048), valid_config(tile), 1.2e-3 + 1e-5 * static_cast<double>(tile));
  }
  const ConfigSelector selector(me, limits, path);
  const GemmShape asked{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 256, 256, 256};
  const std::vector<ConfigChoice> four = selector.candidates(asked, 4);
  ASSERT_EQ(four.size(), 4u);
  std::set<KernelConfig> distinct;
  for (const ConfigChoice& candidate : four) distinct.insert(candidate.config);
  EXPECT_EQ(distinct.size(), 4u);
}

// Tuned only at a depth whose one wave of 16 work-groups fills the 16 units, a configuration is run
// split among more work-groups for a problem 16 times as deep, where it would otherwise leave the
// device to walk K one work-group per unit; the detail says which split ran and which is asked. The
// tuned problem itself keeps what was measured there. (A shallow problem's fast call sets the
// rate at which the device streams operands, which bounds every prediction.)
TEST_F(ConfigSelectorTest, NearestSplitsKWhereTheTunedSplitLeavesTheDeviceIdle) {
  auto database = writable();
  add_result(database, me, problem(256, 256, 4096), valid_config(64), 40e-6);
  add_result(database, me, problem(4096, 4096, 16), valid_config(32), 10e-6);
  const ConfigChoice deep = choose(256, 256, 65536);
  EXPECT_EQ(deep.source, ConfigSource::Nearest);
  EXPECT_EQ(deep.config.at("TSM"), 64);
  EXPECT_GT(deep.config.at("KSPLIT"), 1) << deep.detail;
  EXPECT_THAT(deep.detail, HasSubstr("from 256x256x4096 NN (xgemm) on this device with KSPLIT=" +
                                     std::to_string(deep.config.at("KSPLIT")) + " where KSPLIT=1 ran, measured 40.0 us"));
  const ConfigChoice tuned = choose(256, 256, 4096);
  EXPECT_EQ(tuned.source, ConfigSource::Exact);
  EXPECT_EQ(tuned.config.at("KSPLIT"), 1);
}

// A measurement on the asked shape is trusted more than one far away, and the prediction says what
// it was carried from.
TEST_F(ConfigSelectorTest, NearestPrefersAMeasurementOfASimilarShape) {
  auto database = writable();
  add_result(database, me, problem(256, 256, 256), valid_config(32), 40e-6);
  add_result(database, me, problem(2048, 2048, 2048), valid_config(64), 8e-3);
  add_result(database, me, problem(64, 4096, 64), valid_config(128), 30e-6);
  const ConfigChoice choice = choose(300, 300, 300);
  EXPECT_EQ(choice.source, ConfigSource::Nearest);
  EXPECT_EQ(choice.config.at("TSM"), 32) << choice.detail;
  EXPECT_THAT(choice.detail, HasSubstr("predicted "));
  EXPECT_THAT(choice.detail, HasSubstr("from 256x256x256 NN"));
}

// Configurations tuned under other transpositions are candidates too (the kernel takes every one).
TEST_F(ConfigSelectorTest, NearestTakesConfigurationsOfOtherTranspositions) {
  auto database = writable();
  add_result(database, me, problem(1024, 1024, 1024, "fp32", "NT"), valid_config(64));
  const ConfigChoice choice = choose(1000, 1000, 1000);
  EXPECT_EQ(choice.source, ConfigSource::Nearest);
  EXPECT_EQ(choice.config.at("TSM"), 64);
  EXPECT_THAT(choice.detail, HasSubstr("1024x1024x1024 NT"));
}

// Where running a configuration of other transpositions as measured, after transposing the
// operands that differ, is predicted faster than running it as asked, the choice says so in the
// call's own terms, for either layout.
TEST_F(ConfigSelectorTest, AConfigurationOfOtherTranspositionsRunsAsMeasuredAfterAPrePass) {
  auto database = writable();
  for (const char* layout : {"row", "col"}) {
    add_result(database, me, problem(512, 16, 200000, "fp32", "NT", layout), valid_config(64), 2e-3);
    // A streaming call fast enough that copying an operand costs little beside the mistrust.
    add_result(database, me, problem(8192, 1, 8192, "fp32", "NT", layout), valid_config(64), 30e-6);
  }
  for (const Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
    const ConfigSelector selector(me, limits, path);
    const ConfigChoice tn = selector.choose({Precision::Single, layout, Transpose::Yes, Transpose::No, 500, 16, 190000});
    EXPECT_EQ(tn.source, ConfigSource::Nearest);
    EXPECT_EQ(tn.runs_trans, "NT") << tn.detail;
    EXPECT_THAT(tn.detail, HasSubstr("run as NT after transposing A and B"));
    const ConfigChoice nn = selector.choose({Precision::Single, layout, Transpose::No, Transpose::No, 500, 16, 190000});
    EXPECT_EQ(nn.runs_trans, "NT") << nn.detail;
    EXPECT_THAT(nn.detail, HasSubstr("after transposing B"));
    // Its own transpositions need no pre-pass.
    const ConfigChoice nt = selector.choose({Precision::Single, layout, Transpose::No, Transpose::Yes, 500, 16, 190000});
    EXPECT_EQ(nt.runs_trans, std::nullopt) << nt.detail;
  }
}

// A column-major call runs the row-major problem with A and B traded: what row-major tuning
// measured serves it, and the other way round.
TEST_F(ConfigSelectorTest, EitherLayoutsTuningServesTheOther) {
  auto database = writable();
  add_result(database, me, problem(1024, 512, 256, "fp32", "NT"), valid_config(64));
  add_result(database, me, problem(300, 200, 100, "fp32", "TN", "col"), valid_config(32), 20e-6);
  const ConfigSelector selector(me, limits, path);
  // Column-major 512 x 1024 TN is row-major 1024 x 512 NT.
  const ConfigChoice col = selector.choose({Precision::Single, Layout::ColMajor, Transpose::Yes, Transpose::No, 512, 1024, 256});
  EXPECT_EQ(col.source, ConfigSource::Exact) << col.detail;
  EXPECT_EQ(col.config.at("TSM"), 64);
  // Row-major 200 x 300 NT is column-major 300 x 200 TN.
  const ConfigChoice row = selector.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::Yes, 200, 300, 100});
  EXPECT_EQ(row.source, ConfigSource::Exact) << row.detail;
  EXPECT_EQ(row.config.at("TSM"), 32);
  EXPECT_EQ(row.runs_trans, std::nullopt);
}

// A vector C is the same memory as its transpose: a TT call whose C is one column runs as the NN
// product of C^T that was measured, exactly, with no copy. Not an NT call, nor a column whose
// elements do not lie one after another (a leading dimension over 1).
TEST_F(ConfigSelectorTest, AVectorCallRunsAsTheMeasuredProductOfItsTranspose) {
  auto database = writable();
  add_result(database, me, problem(1, 300, 5000, "fp32", "NN"), valid_config(64), 20e-6);
  add_result(database, me, problem(1, 300, 5000, "fp32", "NT"), valid_config(32), 20e-6);
  const ConfigSelector selector(me, limits, path);
  // Row-major TT 300 x 1 is column-major NN 300 x 1, which the kernels run as row-major NN 1 x 300.
  const GemmShape tt{Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes, 300, 1, 5000};
  const ConfigChoice column = selector.choose(tt);
  EXPECT_EQ(column.source, ConfigSource::Exact) << column.detail;
  EXPECT_EQ(column.config.at("TSM"), 64);
  EXPECT_EQ(column.runs_layout, Layout::ColMajor);
  EXPECT_EQ(column.runs_trans, "NN");
  EXPECT_THAT(column.detail, HasSubstr("C computed as its transpose"));
  // Column-major TT 1 x 300 (C one row) is row-major NN 1 x 300 itself.
  const ConfigChoice row = selector.choose({Precision::Single, Layout::ColMajor, Transpose::Yes, Transpose::Yes, 1, 300, 5000});
  EXPECT_EQ(row.source, ConfigSource::Exact) << row.detail;
  EXPECT_EQ(row.runs_layout, Layout::RowMajor);
  EXPECT_EQ(row.runs_trans, "NN");
  // NT would keep its transpositions, traded with the layout (row-major NT 300 x 1 is column-major
  // TN, the NT product 1 x 300 measured): it runs as the call lays it out.
  const ConfigChoice nt = selector.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::Yes, 300, 1, 5000});
  EXPECT_EQ(nt.source, ConfigSource::Nearest) << nt.detail;
  EXPECT_EQ(nt.runs_layout, std::nullopt);
  // The measured problem itself runs as it lies.
  const ConfigChoice nn = selector.choose({Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 1, 300, 5000});
  EXPECT_EQ(nn.source, ConfigSource::Exact) << nn.detail;
  EXPECT_EQ(nn.runs_layout, std::nullopt);
  EXPECT_EQ(nn.runs_trans, std::nullopt);
  // A strided column: only the call's own form, predicted.
  const ConfigChoice strided = selector.choose(tt, false);
  EXPECT_EQ(strided.source, ConfigSource::Nearest) << strided.detail;
  EXPECT_EQ(strided.runs_layout, std::nullopt);
  // A matrix C is no vector: never transposed.
  const ConfigChoice matrix = selector.choose({Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes, 300, 2, 5000});
  EXPECT_EQ(matrix.runs_layout, std::nullopt) << matrix.detail;
}

// Where both forms of a vector call were measured, the faster measurement runs it, the call's own
// among equals.
TEST_F(ConfigSelectorTest, AVectorCallMeasuredInBothFormsRunsTheFaster) {
  auto database = writable();
  add_result(database, me, problem(1, 300, 5000, "fp32", "NN"), valid_config(64), 20e-6);
  add_result(database, me, problem(300, 1, 5000, "fp32", "TT"), valid_config(32), 40e-6);
  add_result(database, me, problem(1, 200, 5000, "fp32", "NN"), valid_config(64), 30e-6);
  add_result(database, me, problem(200, 1, 5000, "fp32", "TT"), valid_config(32), 30e-6);
  const ConfigSelector selector(me, limits, path);
  const ConfigChoice slower_own = selector.choose({Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes, 300, 1, 5000});
  EXPECT_EQ(slower_own.source, ConfigSource::Exact);
  EXPECT_EQ(slower_own.runs_layout, Layout::ColMajor) << slower_own.detail;
  EXPECT_EQ(slower_own.config.at("TSM"), 64);
  // The NN call of the first: its own measurement is the faster.
  const ConfigChoice faster_own = selector.choose({Precision::Single, Layout::ColMajor, Transpose::No, Transpose::No, 300, 1, 5000});
  EXPECT_EQ(faster_own.source, ConfigSource::Exact);
  EXPECT_EQ(faster_own.runs_layout, std::nullopt) << faster_own.detail;
  const ConfigChoice equal = selector.choose({Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes, 200, 1, 5000});
  EXPECT_EQ(equal.runs_layout, std::nullopt) << equal.detail;
  EXPECT_EQ(equal.config.at("TSM"), 32);
}

// Where neither form of a vector call was measured, both forms' predictions are ranked together,
// and the candidates a handle times hold both (a model fitted to so few measurements predicts them
// alike: the call's own form comes first among equals).
TEST_F(ConfigSelectorTest, AVectorCallsCandidatesRankBothForms) {
  auto database = writable();
  add_result(database, me, problem(1, 256, 4096, "fp32", "NN"), valid_config(64), 20e-6);
  add_result(database, me, problem(2048, 2048, 2048, "fp32", "NN"), valid_config(32), 2e-3);
  const ConfigSelector selector(me, limits, path);
  const auto candidates =
      selector.candidates({Precision::Single, Layout::RowMajor, Transpose::Yes, Transpose::Yes, 250, 1, 4000}, 4);
  ASSERT_EQ(candidates.size(), 4u);
  EXPECT_EQ(candidates[0].runs_layout, std::nullopt) << candidates[0].detail;
  EXPECT_EQ(candidates[1].runs_layout, Layout::ColMajor) << candidates[1].detail;
  EXPECT_EQ(candidates[1].runs_trans, "NN");
  EXPECT_EQ(candidates[1].config, candidates[0].config);
  EXPECT_THAT(candidates[1].detail, HasSubstr("C computed as its transpose, the same memory: the call as col-major NN"));
}

TEST_F(ConfigSelectorTest, SameModelUnderAnotherDriverBeforeVendorDefault) {
  auto database = writable();
  add_result(database, made_up_device("Test GPU", "2.0"), problem(1024, 1024, 1024), valid_config(32));
  add_result(database, made_up_device("Bigger GPU", "1.0", "Acme", "arch_8"), problem(512, 512, 512), valid_config(64), 1e-4);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Fallback);
  EXPECT_EQ(choice.config.at("TSM"), 32);
  EXPECT_THAT(choice.detail, HasSubstr("this device model under driver 2.0"));
}

// A sibling (another model of the same architecture, compute units and local memory) gives its
// configuration for the very shape asked, and the detail names it.
TEST_F(ConfigSelectorTest, SiblingGivesItsConfigurationForThatShape) {
  auto database = writable();
  const DeviceFingerprint sibling = made_up_device("Sibling GPU", "3.0");
  add_result(database, sibling, problem(512, 512, 512), valid_config(32), 50e-6);
  add_result(database, sibling, problem(4096, 4096, 4096), valid_config(128), 10e-3);
  const ConfigChoice small = choose(512, 512, 512);
  EXPECT_EQ(small.source, ConfigSource::Fallback);
  EXPECT_EQ(small.config.at("TSM"), 32) << small.detail;
  EXPECT_THAT(small.detail, HasSubstr("from 512x512x512 NN (xgemm) on sibling Sibling GPU (arch_9, driver 3.0)"));
  EXPECT_EQ(choose(4096, 4096, 4096).config.at("TSM"), 128);
}

// A sibling's measurement of the very problem is not overruled by a time carried up from another
// shape: on the H100 given the H200's tuning, 256^3's winner, carried to 1024^3 in double, promised
// 43 us and ran 215 us, where the H200's own 1024^3 entry ran 85 us.
TEST_F(ConfigSelectorTest, ASiblingsMeasurementOfTheProblemBeatsATimeCarriedFromAnotherShape) {
  auto database = writable();
  const DeviceFingerprint sibling = made_up_device("Sibling GPU", "3.0");
  add_result(database, sibling, problem(256, 256, 256), valid_config(32), 1e-6);  // would promise a fast 1024^3
  add_result(database, sibling, problem(1024, 1024, 1024), valid_config(64), 500e-6);
  const ConfigChoice choice = choose(1024, 1024, 1024);
  EXPECT_EQ(choice.source, ConfigSource::Fallback);
  EXPECT_EQ(choice.config.at("TSM"), 64) << choice.detail;
  EXPECT_THAT(choice.detail, HasSubstr("from 1024x1024x1024 NN (xgemm) on sibling Sibling GPU"));
  // Where nobody measured the problem, the carried time still decides.
  EXPECT_EQ(choose(1000, 1000, 1000).config.at("TSM"), 32) << choose(1000, 1000, 1000).detail;
}

// Another architecture, or the same one with other compute units, is no sibling: its entries are
// only the vendor's best, whatever the shape.
TEST_F(ConfigSelectorTest, AnotherArchitectureIsNoSibling) {
  auto database = writable();
  add_result(database, made_up_device("Old GPU", "1.0", "Acme", "arch_8"), problem(512, 512, 512), valid_config(32), 50e-6);
  DeviceFingerprint smaller = made_up_device("Small GPU");
  smaller.compute_units = 8;
  add_result(database, smaller, problem(4096, 4096, 4096), valid_config(128), 10e-3);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Fallback);
  EXPECT_THAT(choice.detail, HasSubstr("best known for Acme gpu devices"));
  // The vendor level ranks by rate, not by shape: the 4096^3 entry's 13.7 TFLOP/s wins.
  EXPECT_EQ(choice.config.at("TSM"), 128);
}

// With entries at every level, each level wins over the ones after it: this device's exact entry,
// then this device's and its siblings' measurements, then the vendor's best, then the defaults.
// A sibling's measurement of the problem counts for more than a stranger's, and for more than
// this device's own only where that one is slower by more than the mistrust of a sibling.
TEST_F(ConfigSelectorTest, ASiblingsClearlyFasterMeasurementReplacesABriefTuning) {
  auto database = writable();
  add_result(database, made_up_device("Sibling GPU"), problem(256, 256, 256), valid_config(32), 40e-6);
  add_result(database, me, problem(256, 256, 256), valid_config(64), 100e-6);
  const ConfigChoice choice = choose(256, 256, 256);
  EXPECT_EQ(choice.source, ConfigSource::Fallback);
  EXPECT_EQ(choice.config.at("TSM"), 32);
}

TEST_F(ConfigSelectorTest, TheChainKeepsItsOrder) {
  auto database = writable();
  add_result(database, made_up_device("Other GPU", "1.0", "Acme", "arch_8"), problem(256, 256, 256), valid_config(16), 1e-6);
  EXPECT_EQ(choose(256, 256, 256).config.at("TSM"), 16);
  add_result(database, made_up_device("Sibling GPU"), problem(256, 256, 256), valid_config(32), 40e-6);
  EXPECT_EQ(choose(256, 256, 256).config.at("TSM"), 32);
  EXPECT_EQ(choose(256, 256, 256).source, ConfigSource::Fallback);
  // This device's own measurement, slower than the sibling's by less than the mistrust of a
  // sibling (40 us x 1.35 = 54 us).
  add_result(database, me, problem(256, 256, 256), valid_config(64), 50e-6);
  EXPECT_EQ(choose(256, 256, 256).source, ConfigSource::Exact);
  EXPECT_EQ(choose(256, 256, 256).config.at("TSM"), 64);
  EXPECT_EQ(choose(256, 256, 256, Precision::Double).source, ConfigSource::Default);
}

TEST_F(ConfigSelectorTest, VendorAndTypeDefault) {
  auto database = writable();
  add_result(database, made_up_device("Bigger GPU", "1.0", "Acme", "arch_8"), problem(512, 512, 512), valid_config(64));
  add_result(database, made_up_device("Other GPU", "1.0", "Other Vendor"), problem(512, 512, 512), valid_config(32));
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Fallback);
  EXPECT_EQ(choice.config.at("TSM"), 64);
  EXPECT_THAT(choice.detail, HasSubstr("best known for Acme gpu devices"));
}

TEST_F(ConfigSelectorTest, NothingForThisVendorMeansDefaults) {
  auto database = writable();
  add_result(database, made_up_device("Other GPU", "1.0", "Other Vendor"), problem(512, 512, 512), valid_config(32));
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Default);
  EXPECT_THAT(choice.detail, HasSubstr("nothing usable tuned"));
}

TEST_F(ConfigSelectorTest, EntryInvalidForTheDeviceIsSkipped) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), too_big_for_local_memory);
  add_result(database, me, problem(256, 256, 256), valid_config(32));
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Nearest);
  EXPECT_EQ(choice.config.at("TSM"), 32);
  EXPECT_THAT(choice.detail, HasSubstr("skipped 1 entry invalid for this device"));
}

// A row whose times are not positive (written past the import checks, by hand) never becomes the
// choice, however fast it claims to be, and the detail says it was passed over.
TEST_F(ConfigSelectorTest, EntryWithImpossibleTimesIsSkipped) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), valid_config(64), -1.0);
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Default);
  EXPECT_THAT(choice.detail, HasSubstr("skipped 1 entry"));
}

// Exact entries of two families: the faster one's family and configuration are chosen.
TEST_F(ConfigSelectorTest, ExactChoosesTheFasterFamily) {
  auto database = writable();
  add_result(database, me, problem(512, 16, 4096), valid_config(32), 2e-3);
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  add_result(database, me, problem(512, 16, 4096), skinny.defaults(), 1e-3, skinny.source().hash, skinny.name());
  const ConfigChoice choice = choose(512, 16, 4096);
  EXPECT_EQ(choice.source, ConfigSource::Exact);
  EXPECT_EQ(choice.family, "xgemm_skinny");
  EXPECT_EQ(choice.config, skinny.defaults());
}

TEST_F(ConfigSelectorTest, EntryWithUnknownParameterIsSkipped) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), {{"MWG", 64}});
  EXPECT_EQ(choose(512, 512, 512).source, ConfigSource::Default);
}

TEST_F(ConfigSelectorTest, StaleEntryOfAnotherKernelSourceIsSkipped) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512), valid_config(32), 1e-3, "0123456789abcdef");
  add_result(database, made_up_device("Test GPU", "2.0"), problem(512, 512, 512), valid_config(32), 1e-3,
             "0123456789abcdef");
  const ConfigChoice choice = choose(512, 512, 512);
  EXPECT_EQ(choice.source, ConfigSource::Default);
}

TEST_F(ConfigSelectorTest, DoublePrecisionOnlyFromDoubleResults) {
  auto database = writable();
  add_result(database, me, problem(512, 512, 512, "fp32"), valid_config(32));
  add_result(database, me, problem(512, 512, 512, "fp64"), valid_config(64));
  EXPECT_EQ(choose(512, 512, 512, Precision::Double).config.at("TSM"), 64);
}

// Every precision of the table has a family by default, one that serves it.
TEST_F(ConfigSelectorTest, EveryPrecisionGetsAFamilyThatServesIt) {
  for (const auto& row : precision_table()) {
    const ConfigChoice choice = choose(67, 45, 37, row.precision);
    EXPECT_TRUE(kernel_family(choice.family).serves(choice.runs_as.value_or(row.precision), "NN"))
        << row.code << ": " << choice.family;
    if (choice.runs_as) {
      EXPECT_EQ(choice.runs_as, stronger_precision(row.precision)) << row.code;
    }
  }
}

// Untuned, a device runs the defaults of its matrix units where it has them: Hopper's warpgroup
// units for fp16, bf16, tf32 and 3xtf32, mma.sync for these on 8.0 and later, the FP64 units for
// fp64; elsewhere the portable families, tf32 and 3xtf32 computed as fp32 by xgemm, which ranks
// above xgemm_lowp.
TEST_F(ConfigSelectorTest, UntunedProblemsRunOnTheMatrixUnitsWhereTheDeviceHasThem) {
  limits.nv_compiler_options = true;
  const struct {
    int capability;
    Precision precision;
    const char* family;
  } expected[] = {{90, Precision::Half, "xgemm_wgmma"},    {90, Precision::BFloat16, "xgemm_wgmma"},
                  {90, Precision::TF32, "xgemm_wgmma"},    {90, Precision::Single3xTF32, "xgemm_wgmma"},
                  {90, Precision::Double, "xgemm_mma64"},  {90, Precision::Single, "xgemm"},
                  {80, Precision::Half, "xgemm_mma"},      {80, Precision::TF32, "xgemm_mma"},
                  {80, Precision::Double, "xgemm_mma64"},
                  {0, Precision::Half, "xgemm_lowp"},      {0, Precision::Double, "xgemm"},
                  {0, Precision::TF32, "xgemm"},           {0, Precision::Single3xTF32, "xgemm"}};
  for (const auto& [capability, precision, family] : expected) {
    limits.nv_compute_capability = capability;
    const ConfigChoice choice = choose(1000, 1000, 1000, precision);
    EXPECT_EQ(choice.family, family) << capability << " " << to_string(precision);
    EXPECT_EQ(choice.source, ConfigSource::Default);
    const Precision computed = kernel_family(family).serves(precision, "NN") ? precision : *stronger_precision(precision);
    EXPECT_EQ(choice.runs_as, computed == precision ? std::nullopt : std::optional(computed)) << to_string(precision);
    EXPECT_EQ(choice.config, default_on_device(kernel_family(family), limits, computed));
  }
}

// A tf32 problem runs as fp32 where fp32's measurement (or prediction) is faster, saying so, and
// stays tf32 where tf32's is: a stronger precision of the same storage may serve a call, never a
// weaker one (an fp32 problem is never computed as tf32, however fast its entries).
TEST_F(ConfigSelectorTest, AStrongerPrecisionRunsTheCallWhereItIsFaster) {
  const KernelFamily& lowp = kernel_family("xgemm_lowp");
  const KernelConfig lowp_config = default_on_device(lowp, limits, Precision::TF32);
  {
    db::Database database = writable();
    add_result(database, me, problem(512, 16, 512, "tf32"), lowp_config, 1e-3, lowp.source().hash, "xgemm_lowp");
    add_result(database, me, problem(512, 16, 512), valid_config(64), 1e-4);
    add_result(database, me, problem(1024, 1024, 1024, "tf32"), lowp_config, 1e-4, lowp.source().hash, "xgemm_lowp");
    add_result(database, me, problem(1024, 1024, 1024), valid_config(32), 1e-3);
  }
  const ConfigChoice skinny = choose(512, 16, 512, Precision::TF32);
  EXPECT_EQ(skinny.family, "xgemm");
  EXPECT_EQ(skinny.runs_as, Precision::Single);
  EXPECT_EQ(skinny.config, kernel_family("xgemm").complete(valid_config(64)));
  EXPECT_EQ(skinny.source, ConfigSource::Exact);
  EXPECT_THAT(skinny.detail, HasSubstr("computed as fp32 (100.0 us against 1.00 ms in tf32)"));

  const ConfigChoice square = choose(1024, 1024, 1024, Precision::TF32);
  EXPECT_EQ(square.family, "xgemm_lowp");
  EXPECT_EQ(square.runs_as, std::nullopt);
  EXPECT_EQ(square.source, ConfigSource::Exact);

  const ConfigChoice fp32 = choose(1024, 1024, 1024, Precision::Single);
  EXPECT_EQ(fp32.family, "xgemm");
  EXPECT_EQ(fp32.runs_as, std::nullopt);
}

// A prediction of the stronger precision never overrules a measurement of the problem in its own,
// and where the precision has nothing tuned, its own default stays where its family outranks the
// stronger precision's (Hopper's warpgroup units for tf32, however fast fp32's tuned kernels).
TEST_F(ConfigSelectorTest, AStrongerPrecisionNeverOverrulesAMeasurementOrAHigherRankedDefault) {
  const KernelFamily& lowp = kernel_family("xgemm_lowp");
  {
    db::Database database = writable();
    add_result(database, me, problem(512, 16, 512, "tf32"), default_on_device(lowp, limits, Precision::TF32), 1e-3,
               lowp.source().hash, "xgemm_lowp");
    add_result(database, me, problem(512, 16, 1024), valid_config(64), 1e-5);
  }
  const ConfigChoice measured = choose(512, 16, 512, Precision::TF32);
  EXPECT_EQ(measured.family, "xgemm_lowp");
  EXPECT_EQ(measured.source, ConfigSource::Exact);
  EXPECT_EQ(measured.runs_as, std::nullopt);

  limits.nv_compiler_options = true;
  limits.nv_compute_capability = 90;
  const ConfigChoice untuned = choose(2048, 2048, 2048, Precision::Single3xTF32);
  EXPECT_EQ(untuned.family, "xgemm_wgmma");
  EXPECT_EQ(untuned.source, ConfigSource::Default);
  EXPECT_EQ(untuned.runs_as, std::nullopt);
}

// When the chosen configuration's program fails to build, the next family's defaults run: on
// Hopper, fp16 falls from the warpgroup units to mma.sync, then to the portable tiled family and
// the skinny one; past the last, one line.
TEST_F(ConfigSelectorTest, AFamilyThatFailedToBuildGivesWayToTheNext) {
  limits.nv_compiler_options = true;
  limits.nv_compute_capability = 90;
  const ConfigSelector selector(me, limits, path);
  const GemmShape shape{Precision::Half, Layout::RowMajor, Transpose::No, Transpose::Yes, 300, 200, 100};
  EXPECT_EQ(selector.choose(shape).family, "xgemm_wgmma");
  const ConfigChoice next = selector.default_without(shape, {"xgemm_wgmma"});
  EXPECT_EQ(next.family, "xgemm_mma");
  EXPECT_EQ(next.source, ConfigSource::Default);
  EXPECT_EQ(next.config, default_on_device(kernel_family("xgemm_mma"), limits, Precision::Half));
  EXPECT_EQ(selector.default_without(shape, {"xgemm_wgmma", "xgemm_mma"}).family, "xgemm_lowp");
  EXPECT_EQ(selector.default_without(shape, {"xgemm_wgmma", "xgemm_mma", "xgemm_lowp"}).family, "xgemm_skinny");
  try {
    selector.default_without(shape, {"xgemm_wgmma", "xgemm_mma", "xgemm_lowp", "xgemm_skinny"});
    ADD_FAILURE() << "a family was chosen after every family failed";
  } catch (const InvalidArgument& error) {
    EXPECT_STREQ(error.what(), "no other kernel family runs fp16 NT problems on this device");
  }
}

// A description's priority is an integer within bounds, 0 when absent.
TEST(FamilyDescription, DefaultPriorityIsABoundedInteger) {
  const std::string head = R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp32"],
    "transpositions": ["NN"], "parameters": [{"name": "P", "default": 1, "meaning": "m"}],
    "local": ["1"], "global": ["1"])";
  EXPECT_EQ(KernelFamily::from_json(head + "}", {"f", "", ""}, "f.json").default_priority(), 0);
  EXPECT_EQ(KernelFamily::from_json(head + R"(, "default_priority": -2})", {"f", "", ""}, "f.json").default_priority(),
            -2);
  for (const std::string bad : {R"("2")", "1.5", "100000"})
    EXPECT_THROW(KernelFamily::from_json(head + R"(, "default_priority": )" + bad + "}", {"f", "", ""}, "f.json"),
                 ConfigError)
        << bad;
}

// A parameter may adapt to the shape (true or false, nothing else); a configuration outside the
// description's choices is named with the choice it breaks, as a rule's breach is.
TEST(FamilyDescription, AdaptingParametersAndChoices) {
  const auto described = [](const std::string& adapts) {
    return KernelFamily::from_json(R"({"family": "f", "summary": "s", "entry": "e", "precisions": ["fp32"],
      "transpositions": ["NN"], "local": ["1"], "global": ["1"], "choices": ["P <= 4"],
      "parameters": [{"name": "P", "default": 1, "values": [1, 2, 8], "meaning": "m")" + adapts + "}]}",
                                   {"f", "", ""}, "f.json");
  };
  EXPECT_FALSE(described("").parameters()[0].adapts_to_shape);
  EXPECT_TRUE(described(R"(, "adapts_to_shape": true)").parameters()[0].adapts_to_shape);
  EXPECT_THROW(described(R"(, "adapts_to_shape": 1)"), ConfigError);
  // Finer values for shapes, which the dispatcher carries configurations to and the tuner does not
  // search: only for a parameter that adapts to the shape, and whole numbers.
  EXPECT_EQ(described(R"(, "adapts_to_shape": true, "shape_values": [3, 5])").parameters()[0].shape_values,
            (std::vector<std::int64_t>{3, 5}));
  EXPECT_TRUE(described(R"(, "adapts_to_shape": true)").parameters()[0].shape_values.empty());
  EXPECT_THROW(described(R"(, "shape_values": [3])"), ConfigError);
  EXPECT_THROW(described(R"(, "adapts_to_shape": true, "shape_values": [1.5])"), ConfigError);
  EXPECT_THROW(described(R"(, "adapts_to_shape": true, "shape_values": [3, 8])"), ConfigError);  // 8 is tuned
  const KernelFamily family = described("");
  EXPECT_FALSE(family.choice_violation({{"P", 2}}, {}));
  EXPECT_EQ(family.choice_violation({{"P", 8}}, {}), "choice 'P <= 4' fails: P=8");
  EXPECT_FALSE(family.rule_violation({{"P", 8}}, {}));
  EXPECT_TRUE(kernel_family("xgemm").parameters().end() !=
              std::ranges::find_if(kernel_family("xgemm").parameters(),
                                   [](const auto& parameter) { return parameter.name == "KSPLIT" && parameter.adapts_to_shape; }));
}

// Where no family runs a precision on the device, choosing is refused in one line; a family of
// another precision (here fp32's, which still runs) never stands in.
TEST_F(ConfigSelectorTest, APrecisionNoFamilyRunsIsRefusedNeverLowered) {
  limits.fp64 = false;  // every fp64 family needs cl_khr_fp64
  EXPECT_TRUE(kernel_family(choose(64, 64, 64, Precision::Single).family).serves(Precision::Single, "NN"));
  try {
    choose(64, 64, 64, Precision::Double);
    ADD_FAILURE() << "fp64 was chosen on a device without it";
  } catch (const InvalidArgument& error) {
    EXPECT_STREQ(error.what(), "no kernel family runs fp64 NN problems on this device");
  }
}

}  // namespace
}  // namespace gemmtune::testing
