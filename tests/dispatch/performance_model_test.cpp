// The performance model: what it carries from one shape to another, and its fit to measurements.
#include "core/performance_model.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include <gtest/gtest.h>

#include "core/configuration_variants.hpp"
#include "core/kernel_config.hpp"
#include "dispatch/kernel_registry.hpp"

namespace gemmtune::testing {
namespace {

// A GPU of 16 compute units with 64 KiB of local memory, for single precision.
const NamedValues limits = {{"max_work_group_size", 1024}, {"max_work_item_size_0", 1024}, {"max_work_item_size_1", 1024},
                            {"max_work_item_size_2", 64},  {"local_mem_size", 65536},     {"element_bytes", 4},
                            {"nv_compiler_options", 0},    {"cpu_device", 0},
                            {"nv_compute_capability", 0}};
constexpr double compute_units = 16;

Observation observed(std::int64_t tile, ProblemSize problem, double seconds, std::string trans = "NN") {
  const KernelFamily& family = kernel_family("xgemm");
  const KernelConfig config = family.complete({{"TSM", tile}, {"TSN", tile}, {"WPTM", tile / 8}, {"WPTN", tile / 8}});
  return {&family, config, "tile" + std::to_string(tile), problem, std::move(trans), seconds, 0, ""};
}

TEST(PerformanceModel, CarriesTimeByWavesOfWorkGroups) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});  // no fixed cost
  const Observation big_tiles = observed(128, {2048, 2048, 2048}, 1e-3);
  // The same number of waves with half the depth: half the time.
  EXPECT_NEAR(*model.predict(big_tiles, {{2048, 2048, 1024}, "NN"}), 0.5e-3, 1e-12);
  // 256 work-groups of 128 x 128 at 2048^2; at 1024^2 there are 64: one wave of four work-groups
  // per unit instead of four, a quarter of the time, since the waves are what costs.
  const double quarter = *model.predict(big_tiles, {{1024, 1024, 2048}, "NN"});
  EXPECT_NEAR(quarter, 0.25e-3, 1e-12);
  // 1028 needs a ninth row and column of tiles, 81 work-groups: a second, nearly empty wave.
  EXPECT_NEAR(*model.predict(big_tiles, {{1028, 1028, 2048}, "NN"}), 2 * quarter, 1e-12);
}

// Work-groups that share a compute unit run slower than alone: at 512^2, 64 x 64 tiles give each
// of the 16 units four work-groups at once (eight fit), where 256^2 gives one. Only waves cost
// where they gain fully from sharing; four times one's time where they only take turns.
TEST(PerformanceModel, CoResidentWorkGroupsGainOnlyAsMuchAsTheFitSays) {
  const Observation one_per_unit = observed(64, {256, 256, 1024}, 100e-6);
  const auto predicted = [&](double gain) {
    ModelTerms terms;
    terms.residency_gain = gain;
    return *PerformanceModel(limits, compute_units, terms).predict(one_per_unit, {{512, 512, 1024}, "NN"});
  };
  EXPECT_NEAR(predicted(1), 100e-6, 1e-12);
  EXPECT_NEAR(predicted(0.5), 200e-6, 1e-12);
  EXPECT_NEAR(predicted(0), 400e-6, 1e-12);
  // Past the eight that fit at once (2048^2: 1024 work-groups, 64 per unit), the rounds add up:
  // eight rounds of eight, each 8^0.5 times one work-group's time.
  ModelTerms half;
  half.residency_gain = 0.5;
  EXPECT_NEAR(*PerformanceModel(limits, compute_units, half).predict(one_per_unit, {{2048, 2048, 1024}, "NN"}),
              8 * std::sqrt(8.0) * 100e-6, 1e-12);
}

// Where the asked problem's leading dimensions allow only narrower loads (B's rows of 1025
// elements: VWB 4 becomes 1), the work is predicted slower by the square root of the lost width.
TEST(PerformanceModel, NarrowerLoadsOfAnUnalignedProblemCost) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});
  const Observation big_tiles = observed(128, {2048, 2048, 2048}, 1e-3);
  const double aligned = *model.predict(big_tiles, {{1028, 1028, 2048}, "NN"});
  EXPECT_NEAR(*model.predict(big_tiles, {{1028, 1025, 2048}, "NN"}), 2 * aligned, 1e-12);
  // Under NT, B is read along K, whose 2048 keeps the full width.
  EXPECT_NEAR(*model.predict(observed(128, {2048, 2048, 2048}, 1e-3, "NT"), {{1028, 1025, 2048}, "NT"}), aligned, 1e-12);
}

// A split-K configuration launches two kernels (beta applied first): it pays for the further
// kernel, which costs a caller more than the fixed cost fitted to carry times.
TEST(PerformanceModel, SplitKPaysForItsFurtherKernel) {
  ModelTerms terms;
  terms.call_seconds = 10e-6;
  terms.further_kernel_seconds = 15e-6;
  const PerformanceModel model(limits, compute_units, terms);
  Observation split = observed(64, {256, 256, 65536}, 1e-3);
  split.config["KSPLIT"] = 4;
  const Observation whole = observed(64, {256, 256, 65536}, 1e-3);
  // A 1 x 1 x 1 problem is all fixed cost, and a little of the one work-group's share.
  const double split_seconds = *model.predict(split, {{1, 1, 1}, "NN"});
  const double whole_seconds = *model.predict(whole, {{1, 1, 1}, "NN"});
  EXPECT_GT(split_seconds, 25e-6);
  EXPECT_LT(split_seconds, 30e-6);
  EXPECT_GT(whole_seconds, 10e-6);
  EXPECT_LT(whole_seconds, 15e-6);
}

TEST(PerformanceModel, AFixedCostDoesNotScale) {
  ModelTerms terms;
  terms.call_seconds = 10e-6;
  const PerformanceModel model(limits, compute_units, terms);
  EXPECT_NEAR(*model.predict(observed(128, {2048, 2048, 2048}, 1010e-6), {{2048, 2048, 1024}, "NN"}), 510e-6, 1e-12);
}

// Nor does a prediction beat moving the call's operands at the fastest rate measured: a split K
// over a shallow K under a large C adds each part into C, which a deep problem's time hides.
TEST(PerformanceModel, NoPredictionBeatsMovingItsOperandsAtTheFastestStreamingRate) {
  ModelTerms terms;
  terms.streaming_bytes_per_second = 1e12;
  const PerformanceModel model(limits, compute_units, terms);
  Observation split = observed(64, {256, 256, 65536}, 1e-3);
  split.config["KSPLIT"] = 4;
  const Target shallow{{4096, 65536, 64}, "NN"};  // C of 1 GiB: 9 passes of it at least
  const double c_bytes = 4096.0 * 65536 * 4;
  EXPECT_GE(*model.predict(split, shallow), (9 * c_bytes + (4096.0 + 65536) * 64 * 4) / 1e12);
  // Unsplit, C is written once.
  const double whole = *model.predict(observed(64, {256, 256, 65536}, 1e-3), shallow);
  EXPECT_GE(whole, (c_bytes + (4096.0 + 65536) * 64 * 4) / 1e12);
  EXPECT_LT(whole, 2 * c_bytes / 1e12);
}

// A small problem's time carried to a large one never promises more than the fastest rate measured.
TEST(PerformanceModel, NoPredictionBeatsTheFastestRateMeasured) {
  const Observation small = observed(64, {512, 512, 512}, 10e-6);  // 26.8 TFLOP/s
  const Observation big = observed(128, {4096, 4096, 4096}, 4e-3);  // 34.4 TFLOP/s
  ModelTerms terms;
  terms.peak_flops = fastest_rate({small, big});
  EXPECT_NEAR(terms.peak_flops, 2.0 * 4096 * 4096 * 4096 / 4e-3, 1);
  const PerformanceModel bounded(limits, compute_units, terms);
  EXPECT_NEAR(*bounded.predict(small, {{4096, 4096, 4096}, "NN"}), 4e-3, 1e-12);
  EXPECT_LT(*PerformanceModel(limits, compute_units, ModelTerms{}).predict(small, {{4096, 4096, 4096}, "NN"}), 4e-3);
}

TEST(PerformanceModel, TrustsNearMeasurementsMore) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});
  const Target target{{1000, 1000, 1000}, "NN"};
  EXPECT_DOUBLE_EQ(model.mistrust(observed(64, {1000, 1000, 1000}, 1e-3), target), 1);
  EXPECT_GT(model.mistrust(observed(64, {4000, 1000, 1000}, 1e-3), target),
            model.mistrust(observed(64, {2000, 1000, 1000}, 1e-3), target));
  EXPECT_GT(model.mistrust(observed(64, {1000, 1000, 1000}, 1e-3, "TT"), target), 1);
}

// A measurement under other transpositions is mistrusted by the transposition weight times the
// share of the call that the operands read otherwise stand for: all of it where they are as large
// as C, little where K is short and the call is mostly C's stores.
TEST(PerformanceModel, MistrustsOtherTranspositionsByTheShareOfTheOperandsReadOtherwise) {
  ModelTerms terms;
  terms.distance_weight = 0;
  terms.transposition_weight = 2;
  const PerformanceModel model(limits, compute_units, terms);
  // Beyond the mistrust of any prediction (the same problem under the asked transpositions is a
  // measurement, trusted fully).
  const auto extra = [&](ProblemSize problem, const std::string& measured, const std::string& asked) {
    return model.mistrust(observed(64, problem, 1e-3, measured), {problem, asked}) - 1 - terms.prediction_weight;
  };
  EXPECT_NEAR(extra({1000, 1000, 1000}, "NN", "TT"), 2, 1e-12);
  EXPECT_NEAR(extra({1000, 1000, 1000}, "NN", "NT"), 2, 1e-12);  // B alone: as many elements as C
  EXPECT_NEAR(extra({6000, 2000, 24}, "NN", "TT"), 2 * (6000.0 * 24 + 24.0 * 2000) / (6000.0 * 2000), 1e-12);
  EXPECT_NEAR(extra({6000, 2000, 24}, "NN", "NT"), 2 * 24.0 * 2000 / (6000.0 * 2000), 1e-12);
  // A skinny C: its long operand read otherwise, fully; its short one (16 x 2048 elements against
  // C's 16 x 4000), by half.
  EXPECT_NEAR(extra({16, 4000, 2048}, "NN", "NT"), 2, 1e-12);
  EXPECT_NEAR(extra({16, 4000, 2048}, "NN", "TN"), 2 * 2048.0 / 4000, 1e-12);
}

// A measurement carried to more work-groups than it ran with is mistrusted by the square of the
// log of how many more, at the fitted weight; carried to fewer, or to as many, it is not.
TEST(PerformanceModel, MistrustsAMeasurementCarriedToMoreWorkGroups) {
  ModelTerms terms;
  terms.distance_weight = 0;
  const Target target{{2048, 2048, 1024}, "NN"};  // 256 work-groups of 128 x 128
  const Observation few = observed(128, {512, 512, 1024}, 1e-4);  // 16 of them
  const Observation more = observed(128, {4096, 4096, 1024}, 1e-3);  // 1024
  const double without = PerformanceModel(limits, compute_units, terms).mistrust(few, target);
  terms.crowding_weight = 0.1;
  const PerformanceModel crowded(limits, compute_units, terms);
  EXPECT_NEAR(crowded.mistrust(few, target) - without, 0.1 * std::pow(std::log(16.0), 2), 1e-12);
  EXPECT_DOUBLE_EQ(crowded.mistrust(more, target), without);
  EXPECT_DOUBLE_EQ(crowded.mistrust(observed(128, {2048, 2048, 4096}, 1e-3), target), without);
}

// Measurements made by a known model (a fixed cost of 20 us, one rate per configuration): the fit
// finds the fixed cost, predicts every held-out measurement, and chooses the fastest everywhere,
// where the nearest problem's winner does not.
TEST(PerformanceModel, FitRecoversTheTermsOfItsMeasurements) {
  ModelTerms truth;
  truth.call_seconds = 20e-6;
  const PerformanceModel generator(limits, compute_units, truth);
  std::vector<Observation> measured;
  const std::vector<ProblemSize> problems = {{128, 128, 128},  {256, 256, 256},   {512, 512, 512}, {1024, 1024, 1024},
                                             {2048, 2048, 2048}, {4096, 512, 4096}, {96, 3000, 700}, {3000, 64, 2000}};
  // One reference time per tile at 2048^3: the big tiles are the fastest there.
  const std::vector<std::pair<std::int64_t, double>> rates = {{32, 3e-3}, {64, 2e-3}, {128, 1.6e-3}};
  for (const auto& problem : problems)
    for (const auto& [tile, seconds] : rates)
      measured.push_back(observed(tile, problem, *generator.predict(observed(tile, {2048, 2048, 2048}, seconds), {problem, "NN"})));

  ModelTerms start;
  start.call_seconds = 0;
  const ModelTerms fitted = fit_terms(measured, limits, compute_units, start);
  EXPECT_DOUBLE_EQ(fitted.call_seconds, 20e-6);
  const ModelQuality quality = held_out_quality(measured, limits, compute_units, fitted);
  EXPECT_EQ(quality.predictions, measured.size());
  EXPECT_LT(quality.p90_error, 1e-9);
  EXPECT_EQ(quality.choices, problems.size());
  EXPECT_DOUBLE_EQ(quality.choice_worst, 1);
  EXPECT_LT(quality.nearest_worst, 1);  // 128 x 128 tiles win next door, not at 128^3
}

// One problem where the smaller tiles ran three times slower than any model of the others says:
// held out, the model chooses one of them there, and the fastest of its best few (what trial
// calls keep, default_trial_candidates of them; three configurations here) is the fastest.
TEST(PerformanceModel, HeldOutTrialsKeepTheFastestOfTheModelsBest) {
  ModelTerms truth;
  truth.call_seconds = 20e-6;
  const PerformanceModel generator(limits, compute_units, truth);
  std::vector<Observation> measured;
  const std::vector<ProblemSize> problems = {{128, 128, 128}, {512, 512, 512}, {2048, 2048, 2048}, {3000, 64, 2000}};
  const std::vector<std::pair<std::int64_t, double>> rates = {{32, 3e-3}, {64, 2e-3}, {128, 1.6e-3}};
  for (const auto& problem : problems)
    for (const auto& [tile, seconds] : rates) {
      const double modelled = *generator.predict(observed(tile, {2048, 2048, 2048}, seconds), {problem, "NN"});
      const bool anomaly = tile < 128 && problem.n == 64;
      measured.push_back(observed(tile, problem, anomaly ? modelled * 3 : modelled));
    }
  const ModelQuality quality = held_out_quality(measured, limits, compute_units, truth);
  EXPECT_LT(quality.choice_worst, 0.9);
  EXPECT_LT(quality.choice_geomean, 1);
  EXPECT_DOUBLE_EQ(quality.trials_worst, 1);
  EXPECT_DOUBLE_EQ(quality.trials_geomean, 1);
}

// Trial calls time the model's first few, and where these are all of one family the best of
// another after them; a mixed few, or a single candidate, come as ranked.
TEST(PerformanceModel, TrialPicksAddAnotherFamilyWhereTheBestAreAllOne) {
  using Picks = std::vector<std::size_t>;
  EXPECT_EQ(trial_picks({"outer", "outer", "outer", "outer", "xgemm", "skinny"}, 3), (Picks{0, 1, 2, 4}));
  EXPECT_EQ(trial_picks({"outer", "outer", "xgemm", "outer"}, 3), (Picks{0, 1, 2}));
  EXPECT_EQ(trial_picks({"xgemm", "outer", "xgemm"}, 3), (Picks{0, 1, 2}));
  EXPECT_EQ(trial_picks({"outer", "outer", "outer"}, 3), (Picks{0, 1, 2}));  // no other family ranked
  EXPECT_EQ(trial_picks({"outer", "xgemm"}, 1), (Picks{0}));  // one candidate: no trial calls
  EXPECT_EQ(trial_picks({"outer", "outer", "xgemm"}, 8), (Picks{0, 1, 2}));
  EXPECT_EQ(trial_picks({}, 4), Picks{});
}

// Shapes measured under NN and TT alike, as the model says, but for one where the large tile runs
// three times slower: held out one transposition at a time, that shape's other transposition
// predicts it, which rewards trusting other transpositions; a shape nobody tuned has no such
// measurement. The mistrust weights are chosen with the shape held out under every transposition,
// where no weight chooses better than the initial ones, which stand.
TEST(PerformanceModel, MistrustWeightsAreChosenWithTheShapeHeldOutUnderEveryTransposition) {
  const PerformanceModel generator(limits, compute_units, ModelTerms{});
  std::vector<Observation> measured;
  std::vector<ProblemSize> shapes;
  for (std::int64_t shape = 0; shape < 11; ++shape) shapes.push_back({1024 + 96 * shape, 1536 - 64 * shape, 1024 + 128 * (shape % 4)});
  const ProblemSize odd{4096, 4096, 4096};
  shapes.push_back(odd);
  for (const auto& problem : shapes)
    for (const auto& [tile, seconds] : {std::pair<std::int64_t, double>{64, 2e-3}, {128, 1.6e-3}}) {
      const double modelled = *generator.predict(observed(tile, {2048, 2048, 2048}, seconds), {problem, "NN"});
      const bool slow = tile == 128 && problem.m == odd.m;
      for (const std::string trans : {"NN", "TT"}) measured.push_back(observed(tile, problem, slow ? 3 * modelled : modelled, trans));
    }
  ModelTerms start;
  start.distance_weight = 0.02;
  start.transposition_weight = 2;
  ModelTerms trusting = start;
  trusting.transposition_weight = 0;
  // Held out by problem, trusting the other transposition chooses better than the initial weights.
  EXPECT_GT(held_out_quality(measured, limits, compute_units, trusting).choice_geomean,
            held_out_quality(measured, limits, compute_units, start).choice_geomean + held_out_choice_margin);
  // Held out by shape, it does not.
  EXPECT_DOUBLE_EQ(held_out_quality(measured, limits, compute_units, trusting, nullptr, HeldOut::Shape).choice_geomean,
                   held_out_quality(measured, limits, compute_units, start, nullptr, HeldOut::Shape).choice_geomean);
  const ModelTerms fitted = fit_terms(measured, limits, compute_units, start);
  EXPECT_DOUBLE_EQ(fitted.transposition_weight, 2);
  EXPECT_DOUBLE_EQ(fitted.distance_weight, 0.02);
}

// The same with work-groups that gain half from sharing a unit (c at once take c^0.5 times one's
// time): the fit, started from a full gain, finds it.
TEST(PerformanceModel, FitRecoversHowMuchCoResidentWorkGroupsGain) {
  ModelTerms truth;
  truth.call_seconds = 5e-6;
  truth.residency_gain = 0.5;
  const PerformanceModel generator(limits, compute_units, truth);
  std::vector<Observation> measured;
  const std::vector<ProblemSize> problems = {{128, 128, 512},   {256, 256, 512},   {384, 384, 512},  {512, 512, 512},
                                             {768, 768, 512},   {1024, 1024, 512}, {2048, 2048, 512}, {4096, 1024, 512}};
  for (const auto& problem : problems)
    for (const std::int64_t tile : {32, 64, 128})
      measured.push_back(observed(tile, problem, *generator.predict(observed(tile, {128, 128, 512}, 20e-6), {problem, "NN"})));
  ModelTerms start;
  start.call_seconds = 0;
  const ModelTerms fitted = fit_terms(measured, limits, compute_units, start);
  EXPECT_DOUBLE_EQ(fitted.residency_gain_of(kernel_family("xgemm")), 0.5);
  EXPECT_DOUBLE_EQ(fitted.call_seconds, 5e-6);
  EXPECT_LT(held_out_quality(measured, limits, compute_units, fitted).p90_error, 1e-9);
}

TEST(PerformanceModel, TooFewMeasurementsKeepTheStartingTerms) {
  ModelTerms start;
  start.call_seconds = 7e-6;
  const std::vector<Observation> one = {observed(64, {512, 512, 512}, 1e-4)};
  EXPECT_DOUBLE_EQ(fit_terms(one, limits, compute_units, start).call_seconds, 7e-6);
}

TEST(PerformanceModel, RanksEachConfigurationOnceByItsBestScore) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});
  const std::vector<Observation> seen = {observed(64, {256, 256, 256}, 50e-6), observed(64, {2048, 2048, 2048}, 3e-3),
                                         observed(128, {2048, 2048, 2048}, 1e-3)};
  const auto ranked = rank_configs(model, seen, {{300, 300, 300}, "NN"});
  ASSERT_EQ(ranked.size(), 2u);
  EXPECT_EQ(ranked[0].seen->ran(), seen[0].config);  // carried from the nearer shape (at a split of K or not)
}

// Where the target itself was measured, only its measurements compete, each by its own time.
TEST(PerformanceModel, AMeasuredTargetIsRankedByItsMeasurementsOnly) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});
  const std::vector<Observation> seen = {observed(64, {256, 256, 256}, 50e-6), observed(64, {2048, 2048, 2048}, 3e-3),
                                         observed(128, {2048, 2048, 2048}, 1e-6)};
  const auto ranked = rank_configs(model, seen, {{256, 256, 256}, "NN"});
  ASSERT_EQ(ranked.size(), 1u);
  EXPECT_EQ(ranked[0].seen, &seen[0]);
  EXPECT_DOUBLE_EQ(ranked[0].predicted_seconds, 50e-6);
}

// A configuration measured under other transpositions runs as measured after a pre-pass that
// transposes each operand that differs: the prediction for the target's shape under the measured
// transpositions, plus per operand a call and its bytes read and written at the copy rate.
TEST(PerformanceModel, APrePassPaysForEachOperandItTransposes) {
  ModelTerms terms;
  terms.call_seconds = 5e-6;
  terms.copy_bytes_per_second = 1e12;
  const PerformanceModel model(limits, compute_units, terms);
  const Observation nt = observed(64, {512, 512, 4096}, 200e-6, "NT");
  const Target tn{{512, 512, 4096}, "TN"};
  const double run = *model.predict(nt, {tn.problem, "NT"});
  const double copy = 5e-6 + 2.0 * 512 * 4096 * 4 / 1e12;  // one operand of 512 x 4096 floats
  EXPECT_NEAR(*model.predict_transposed(nt, tn), run + 2 * copy, 1e-12);
  EXPECT_NEAR(*model.predict_transposed(nt, {tn.problem, "NN"}), run + copy, 1e-12);
  EXPECT_FALSE(model.predict_transposed(nt, {tn.problem, "NT"}));  // nothing to transpose
  // A copied operand's rows are padded to 8 elements, so its loads keep their width where the
  // asked problem's leading dimension would narrow them: at K = 4093, run NT as is, A's and B's
  // rows of 4093 elements allow no vector at all.
  const Target odd{{512, 512, 4093}, "TN"};
  const double odd_copies = 2 * (5e-6 + 2.0 * 512 * 4093 * 4 / 1e12);
  EXPECT_LT(*model.predict_transposed(nt, odd), *model.predict(nt, {odd.problem, "NT"}) + odd_copies - 1e-9);
  // Vectors lie alike either way: nothing to gain, nothing predicted.
  EXPECT_FALSE(model.predict_transposed(nt, {{512, 1, 4096}, "NN"}));

  Observation packing = nt;
  packing.packs_operands = true;  // reads its operands one way whatever they are: no pre-pass
  EXPECT_FALSE(model.predict_transposed(packing, tn));
  terms.copy_bytes_per_second = 0;
  EXPECT_FALSE(PerformanceModel(limits, compute_units, terms).predict_transposed(nt, tn));
}

// A family that reads K-contiguous operands in place packs the others before each call: a tf32
// measurement in NN (op(B)^T packed) carries to NT (nothing packed) less that pass, to TN (both
// packed) one more, to TT (op(A) packed) the same; a configuration packing both operands whatever
// they are predicts every transposition alike.
TEST(PerformanceModel, CarriesThePackingOfOperandsReadInPlaceByTransposition) {
  ModelTerms terms;
  terms.call_seconds = 5e-6;
  terms.copy_bytes_per_second = 1e12;
  const PerformanceModel model(limits, compute_units, terms);
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  const ProblemSize problem{1024, 1024, 1024};
  const Observation nn{&wgmma, wgmma.complete({{"IN_PLACE", 1}, {"BK", 32}}), "in place", problem, "NN", 100e-6, 0, "",
                       true, Precision::TF32};
  const double pass = 5e-6 + 2.0 * 1024 * 1024 * 4 / 1e12;  // a launch, and one operand read and written
  EXPECT_NEAR(*model.predict(nn, {problem, "NN"}), 100e-6, 1e-12);
  EXPECT_NEAR(*model.predict(nn, {problem, "NT"}), 100e-6 - pass, 1e-12);
  EXPECT_NEAR(*model.predict(nn, {problem, "TN"}), 100e-6 + pass, 1e-12);
  EXPECT_NEAR(*model.predict(nn, {problem, "TT"}), 100e-6, 1e-12);
  // The pass scales with the packed operand, the rest with the tile's work: at K = 2048 the work
  // doubles and so does the pass.
  EXPECT_NEAR(*model.predict(nn, {{1024, 1024, 2048}, "NN"}), 5e-6 + 2 * (100e-6 - 5e-6 - pass) + 2 * pass - 5e-6, 1e-9);

  Observation both = nn;
  both.config = wgmma.complete({{"BK", 32}});
  both.packs_in_place = std::nullopt;
  EXPECT_NEAR(*model.predict(both, {problem, "NT"}), *model.predict(both, {problem, "NN"}), 1e-15);
  EXPECT_NEAR(*model.predict(both, {problem, "TN"}), 100e-6, 1e-12);
}

// Ranked both ways, a configuration of other transpositions runs after the pre-pass where the
// copies cost less than the mistrust of running it under the target's transpositions, and under
// the target's where they cost more.
TEST(PerformanceModel, RanksTheTranspositionPrePassAgainstARunAsAsked) {
  ModelTerms terms;
  terms.call_seconds = 5e-6;
  terms.transposition_weight = 0.5;
  terms.copy_bytes_per_second = 1e12;
  // 256 x 256 tiles, which split K refuses: one configuration to rank.
  const std::vector<Observation> seen = {observed(256, {512, 512, 4096}, 200e-6, "NT")};
  const auto cheap = rank_configs(PerformanceModel(limits, compute_units, terms), seen, {{512, 512, 4096}, "TN"});
  ASSERT_EQ(cheap.size(), 1u);
  EXPECT_TRUE(cheap[0].transposed);
  EXPECT_NEAR(cheap[0].predicted_seconds,
              *PerformanceModel(limits, compute_units, terms).predict_transposed(seen[0], {{512, 512, 4096}, "TN"}), 1e-15);

  terms.copy_bytes_per_second = 1e9;  // 16 MiB a copy: far slower than running as asked
  const auto dear = rank_configs(PerformanceModel(limits, compute_units, terms), seen, {{512, 512, 4096}, "TN"});
  ASSERT_EQ(dear.size(), 1u);
  EXPECT_FALSE(dear[0].transposed);
}

TEST(PerformanceModel, FastestStreamingCountsEachOperandOnceAndCAsOftenAsItCrosses) {
  const std::vector<Observation> seen = {observed(64, {1000, 1, 1000}, 1e-6), observed(64, {100, 100, 100}, 1e-6)};
  EXPECT_DOUBLE_EQ(fastest_streaming(seen, limits), (1000.0 * 1000 + 1000 + 1000) * 4 / 1e-6);
  // Split in 4, C is scaled first and each part added into it: 9 crossings.
  Observation split = observed(64, {1000, 1000, 10}, 1e-6);
  split.config["KSPLIT"] = 4;
  EXPECT_DOUBLE_EQ(fastest_streaming({split}, limits), (2 * 1000.0 * 10 + 9 * 1000.0 * 1000) * 4 / 1e-6);
  // So that no measurement is predicted slower than it ran on its own problem.
  ModelTerms terms;
  terms.streaming_bytes_per_second = fastest_streaming({split}, limits);
  EXPECT_DOUBLE_EQ(*PerformanceModel(limits, compute_units, terms).predict(split, {{1000, 1000, 10}, "NN"}), 1e-6);
}

// A split K adds each element of C into it once per part: those additions cost the same whatever
// the work-groups do, so a split carried to another split or another C pays for its own.
TEST(PerformanceModel, AtomicAdditionsIntoCScaleWithCAndTheSplit) {
  ModelTerms terms;
  terms.addition_seconds = 1e-9;
  const PerformanceModel model(limits, compute_units, terms);
  Observation split = observed(64, {256, 256, 65536}, 0);  // 16 tiles, 2 work-groups a unit
  split.config["KSPLIT"] = 2;
  const double additions = 2 * 256 * 256 * 1e-9;
  split.seconds = 1e-3 + additions;
  EXPECT_TRUE(model.adds_into_c(split));
  EXPECT_FALSE(model.adds_into_c(observed(64, {256, 256, 65536}, 1e-3)));
  ASSERT_GE(kernel_family("xgemm").load(split.config, limits, split.problem).resident, 4);
  // Split in 4: each unit runs its 4 work-groups of half the depth at once, and C takes twice as
  // many additions.
  Observation four = split;
  four.measured_config = split.config;
  four.config["KSPLIT"] = 4;
  EXPECT_NEAR(*model.predict(four, {split.problem, "NN"}), 0.5e-3 + 2 * additions, 1e-12);
  // Twice the rows of C: twice the work-groups (4 a unit, at once) and twice the additions.
  EXPECT_NEAR(*model.predict(split, {{512, 256, 65536}, "NN"}), 1e-3 + 2 * additions, 1e-12);
}

// How far apart xgemm's consecutive work-items write a row of C, as its description says and its
// kernel does: whole vectors where C's rows are a multiple of 4 elements and a work-item's columns
// come in runs of 4 (STRN 0 or 2); else a work-item's own columns one by one, WPTN apart (STRN 0)
// or its group of up to 4 (STRN 2); consecutive columns with STRN 1 or C staged (CSTAGE 1); a
// split K's atomic additions are priced apart, and a CPU's work-item is a loop of its own.
TEST(PerformanceModel, XgemmStoreStrideFollowsHowAWorkItemOwnsItsColumns) {
  const KernelFamily& family = kernel_family("xgemm");
  const auto stride = [&](KernelConfig parameters, std::int64_t n, const NamedValues& on = limits) {
    KernelConfig config = family.complete({{"TSM", 64}, {"TSN", 64}, {"WPTM", 4}, {"WPTN", 4}});
    for (const auto& [name, value] : parameters) config[name] = value;
    return family.load(config, on, {1024, n, 16}).c_store_stride;
  };
  EXPECT_EQ(stride({{"STRN", 0}}, 1020), 1);
  EXPECT_EQ(stride({{"STRN", 0}}, 1018), 4);
  EXPECT_EQ(stride({{"STRN", 0}, {"WPTN", 2}}, 1020), 2);
  EXPECT_EQ(stride({{"STRN", 0}, {"WPTN", 8}}, 1019), 8);
  EXPECT_EQ(stride({{"STRN", 2}, {"WPTN", 8}}, 1020), 1);
  EXPECT_EQ(stride({{"STRN", 2}, {"WPTN", 8}}, 1018), 4);
  EXPECT_EQ(stride({{"STRN", 2}, {"WPTN", 2}}, 1020), 2);
  EXPECT_EQ(stride({{"STRN", 2}, {"WPTN", 1}}, 1020), 1);
  EXPECT_EQ(stride({{"STRN", 1}}, 1018), 1);
  EXPECT_EQ(stride({{"STRN", 0}, {"CSTAGE", 1}}, 1018), 1);
  EXPECT_EQ(stride({{"STRN", 0}, {"KSPLIT", 2}}, 1018), 1);
  NamedValues cpu = limits;
  cpu["cpu_device"] = 1;
  EXPECT_EQ(stride({{"STRN", 0}}, 1018, cpu), 1);
}

// xgemm writes whole tiles of C as vectors only where C's rows are a multiple of 4 elements;
// otherwise a work-item that owns a run of columns (STRN 0) writes them one by one, and one store of a warp
// spreads over four times the sectors. Predictions pay for those sectors on the problem asked and
// are freed of them on the problem measured; a configuration that writes consecutive columns from
// consecutive work-items (STRN 1, or C staged through local memory) pays nothing.
TEST(PerformanceModel, ScatteredStoresIntoUnalignedRowsOfCCost) {
  ModelTerms terms;
  terms.scattered_store_seconds = 1e-11;
  const PerformanceModel model(limits, compute_units, terms);
  const auto configured = [](std::int64_t strn, std::int64_t cstage, ProblemSize problem, double seconds) {
    Observation seen = observed(64, problem, seconds, "NT");
    seen.config["WPTN"] = 4, seen.config["STRN"] = strn, seen.config["CSTAGE"] = cstage;
    return seen;
  };
  // 1020 and 1018 columns are both 16 tiles of 64: the same work, rows of C aligned or not (B
  // transposed, so that its rows are K long and its loads keep their width).
  const ProblemSize aligned{1024, 1020, 16}, unaligned{1024, 1018, 16};
  // Half a sector per element where a warp's stores are 4 elements apart, against one per 8.
  const double scattered = 1e-11 * (4.0 * 4 / 32 - 4.0 / 32) * 1024 * 1018;
  const Observation runs = configured(0, 0, aligned, 100e-6);
  EXPECT_FALSE(model.scatters_c(runs, {aligned, "NT"}));
  EXPECT_TRUE(model.scatters_c(runs, {unaligned, "NT"}));
  EXPECT_NEAR(*model.predict(runs, {unaligned, "NT"}), 100e-6 + scattered, 1e-12);
  EXPECT_NEAR(*model.predict(configured(0, 0, unaligned, 100e-6 + scattered), {aligned, "NT"}), 100e-6, 1e-12);
  for (const Observation& coalesced : {configured(1, 0, aligned, 100e-6), configured(0, 1, aligned, 100e-6)}) {
    EXPECT_FALSE(model.scatters_c(coalesced, {unaligned, "NT"}));
    EXPECT_NEAR(*model.predict(coalesced, {unaligned, "NT"}), 100e-6, 1e-12);
  }
  // On a CPU device a work-item's run of columns is its own loop: nothing scatters.
  NamedValues cpu = limits;
  cpu["cpu_device"] = 1;
  EXPECT_NEAR(*PerformanceModel(cpu, compute_units, terms).predict(runs, {unaligned, "NT"}), 100e-6, 1e-12);
  // Doubles 8 apart: a sector per element at most, against one per 4.
  NamedValues doubles = limits;
  doubles["element_bytes"] = 8;
  Observation wide = runs;
  wide.config["WPTN"] = 8;
  EXPECT_NEAR(*PerformanceModel(doubles, compute_units, terms).predict(wide, {unaligned, "NT"}),
              100e-6 + 1e-11 * (1 - 8.0 / 32) * 1024 * 1018, 1e-12);
}

// Each configuration `split_ways` gives (one split of K), measured as `generator` predicts it on deep
// shapes from 256x256x65536 to 4096^3: what the fits of an addition's cost learn from.
std::vector<Observation> measured_splits(const PerformanceModel& generator,
                                         const std::function<Observation(std::int64_t split)>& split_ways) {
  std::vector<Observation> measured;
  for (const ProblemSize& problem : std::vector<ProblemSize>{
           {256, 256, 65536}, {384, 384, 40000}, {512, 512, 32768}, {1024, 1024, 16384}, {2048, 2048, 8192},
           {3072, 3072, 6000}, {4096, 4096, 4096}})
    for (const std::int64_t split : {1, 4, 16}) {
      Observation seen = split_ways(split);
      const Observation reference = seen;
      seen.problem = problem;
      seen.seconds = *generator.predict(reference, {problem, "NN"});
      measured.push_back(seen);
    }
  return measured;
}

// xgemm's 64 x 64 tiles measured at 2048^3, split `split` ways.
Observation tiles_split(std::int64_t split) {
  Observation reference = observed(64, {2048, 2048, 2048}, 1e-3);
  reference.config["KSPLIT"] = split;
  reference.config_key.append("/").append(std::to_string(split));
  return reference;
}

// The cost of an addition is fitted to the predictions of the configurations that add into C.
TEST(PerformanceModel, FitRecoversTheCostOfAnAtomicAddition) {
  ModelTerms truth;
  truth.addition_seconds = 1e-11;
  const std::vector<Observation> measured =
      measured_splits(PerformanceModel(limits, compute_units, truth), tiles_split);
  const ModelTerms fitted = fit_terms(measured, limits, compute_units, ModelTerms{});
  EXPECT_DOUBLE_EQ(fitted.addition_seconds, 1e-11);
  const ModelQuality quality = held_out_quality(measured, limits, compute_units, fitted);
  EXPECT_EQ(quality.adding_predictions, 14u);
  EXPECT_LT(quality.median_error_adding, 1e-9);
}

// Each family's own cost of an addition, where its additions cost other than another family's:
// one family's measurements do not move what the other's are taken to cost.
TEST(PerformanceModel, FitRecoversEachFamilysCostOfAnAtomicAddition) {
  ModelTerms truth;
  truth.addition_seconds = 1e-11;
  truth.family_addition_seconds["xgemm_skinny"] = 5e-11;
  const PerformanceModel generator(limits, compute_units, truth);
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  std::vector<Observation> measured = measured_splits(generator, tiles_split);
  for (const Observation& seen : measured_splits(generator, [&](std::int64_t split) {
         return Observation{&skinny, skinny.complete({{"KSPLIT", split}}), "skinny/" + std::to_string(split),
                            {2048, 2048, 2048}, "NN", 2e-3, 0, ""};
       }))
    measured.push_back(seen);
  const ModelTerms fitted = fit_terms(measured, limits, compute_units, ModelTerms{});
  EXPECT_DOUBLE_EQ(fitted.addition_seconds_of(kernel_family("xgemm")), 1e-11);
  EXPECT_DOUBLE_EQ(fitted.addition_seconds_of(skinny), 5e-11);
  EXPECT_LT(held_out_quality(measured, limits, compute_units, fitted).median_error_adding, 1e-9);
}

// `seen` with another split of K, as configuration_variants() makes it.
Observation split_variant(const Observation& seen, std::int64_t ksplit) {
  Observation variant = seen;
  variant.measured_config = seen.config;
  variant.config["KSPLIT"] = ksplit;
  variant.config_key += ",KSPLIT=" + std::to_string(ksplit);
  return variant;
}

// A variant's time is carried from the configuration that ran: 16 work-groups of 64 x 64 tiles
// fill the 16 units once; split in 4, each unit runs 4 of a quarter of the depth at once (without
// residency gain, as fast as one), paying for the further kernel that scales C first.
TEST(PerformanceModel, AVariantIsPredictedFromTheConfigurationThatRan) {
  ModelTerms terms;
  terms.call_seconds = 10e-6;
  terms.further_kernel_seconds = 15e-6;
  const PerformanceModel model(limits, compute_units, terms);
  const Observation whole = observed(64, {256, 256, 65536}, 1010e-6);
  const Target same{whole.problem, "NN"};
  ASSERT_GE(kernel_family("xgemm").load(split_variant(whole, 4).config, limits, same.problem).resident, 4);
  EXPECT_NEAR(*model.predict(split_variant(whole, 4), same), 25e-6 + 1000e-6 / 4, 1e-12);
  EXPECT_NEAR(*model.predict(whole, same), 1010e-6, 1e-12);
  // Back to a whole K from a split measurement: the further kernel's cost is not carried.
  Observation split = whole;
  split.config["KSPLIT"] = 4;
  split.seconds = 275e-6;
  EXPECT_NEAR(*model.predict(split_variant(split, 1), same), 10e-6 + 4 * 250e-6, 1e-12);
}

// A variant is never the measurement of its problem, and is trusted less than the configuration
// that ran by the variant weight per octave its split moved: 1 to 2 ways one, 1 to 8 three.
TEST(PerformanceModel, AVariantIsTrustedLessThanItsMeasurement) {
  ModelTerms terms;
  terms.variant_weight = 0.2;
  const PerformanceModel model(limits, compute_units, terms);
  const Observation whole = observed(64, {256, 256, 4096}, 1e-4);
  const Target near{{256, 256, 8192}, "NN"}, measured{whole.problem, "NN"};
  EXPECT_NEAR(model.mistrust(split_variant(whole, 2), near) - model.mistrust(whole, near), 0.2, 1e-12);
  EXPECT_NEAR(model.mistrust(split_variant(whole, 8), near) - model.mistrust(whole, near), 0.6, 1e-12);
  Observation split = whole;
  split.config["KSPLIT"] = 16;
  EXPECT_NEAR(model.mistrust(split_variant(split, 4), near) - model.mistrust(whole, near), 0.4, 1e-12);
  EXPECT_FALSE(PerformanceModel::measures(split_variant(whole, 2), measured));
  EXPECT_GT(model.mistrust(split_variant(whole, 2), measured), 1);
}

// Only measured configurations tuned on a deep, narrow problem: the variants let a deeper one
// be split among more work-groups than any measurement used, while a problem that was measured
// keeps its measurements.
TEST(PerformanceModel, RanksSplitVariantsWhereNoMeasurementFillsTheDevice) {
  const PerformanceModel model(limits, compute_units, ModelTerms{});
  std::vector<Observation> seen = {observed(64, {256, 256, 32768}, 0.5e-3), observed(128, {256, 256, 32768}, 0.6e-3)};
  for (auto& variant : configuration_variants(seen, limits, 2)) seen.push_back(std::move(variant));
  const auto deeper = rank_configs(model, seen, {{256, 256, 65536}, "NN"});
  ASSERT_FALSE(deeper.empty());
  EXPECT_TRUE(deeper.front().seen->is_variant());
  EXPECT_GT(deeper.front().seen->config.at("KSPLIT"), 1);
  EXPECT_LT(deeper.front().predicted_seconds, 0.5e-3);
  const auto tuned = rank_configs(model, seen, {{256, 256, 32768}, "NN"});
  ASSERT_EQ(tuned.size(), 2u);
  EXPECT_EQ(tuned.front().seen, &seen[0]);
}

// Variants: each other tuned value of a parameter that adapts to the shape, within the family's
// rules and choices, of each problem's fastest configurations; a configuration measured on the
// same problem is not made again.
TEST(ConfigurationVariants, OtherSplitsOfTheFastestConfigurationsWithinTheSpace) {
  Observation fast = observed(64, {256, 256, 32768}, 0.5e-3);
  Observation measured_split = fast;
  measured_split.config["KSPLIT"] = 4;
  measured_split.seconds = 0.7e-3;
  Observation big_tiles = observed(256, {256, 256, 32768}, 0.9e-3);  // split K's choices want TSM * TSN <= 16384
  std::vector<Observation> seen = {fast, measured_split, big_tiles};
  for (auto& measurement : seen) measurement.config_key = config_key(measurement.config);
  seen[1].config_key.erase(0, seen[1].config_key.find(',') + 1);  // recorded before its first parameter existed

  std::vector<std::int64_t> splits;
  for (const auto& variant : configuration_variants(seen, limits, 1)) {
    EXPECT_EQ(variant.measured_config, fast.config);
    EXPECT_EQ(variant.seconds, fast.seconds);
    EXPECT_EQ(variant.config_key, config_key(variant.config));
    splits.push_back(variant.config.at("KSPLIT"));
  }
  EXPECT_EQ(splits, (std::vector<std::int64_t>{2, 8, 16, 32, 64}));  // 4 was measured

  // Two per problem: the measured split's variants too, back to a whole K among them.
  std::size_t from_split = 0;
  for (const auto& variant : configuration_variants(seen, limits, 2))
    if (variant.measured_config == measured_split.config) {
      ++from_split;
      EXPECT_NE(variant.config.at("KSPLIT"), 4);
    }
  EXPECT_EQ(from_split, 5u);  // 2, 8, 16, 32, 64; 1 was measured
}

// The finer values a family lists for shapes, of a measurement and of a variant alike, each
// predicted from the configuration that ran; those its rules refuse are left out (split K wants
// TSM * TSN <= 16384).
TEST(ConfigurationVariants, FinerValuesOfWhatAdaptsToTheShape) {
  const FamilyParameter& split = *std::ranges::find_if(kernel_family("xgemm").parameters(),
                                                       [](const auto& parameter) { return parameter.name == "KSPLIT"; });
  ASSERT_FALSE(split.shape_values.empty());
  for (const std::int64_t value : split.values) EXPECT_EQ(value & (value - 1), 0) << value;  // the tuner's: powers of two
  const Observation measured = observed(64, {256, 256, 32768}, 0.5e-3);
  std::vector<std::int64_t> values;
  for (const auto& variant : finer_variants(measured, limits)) {
    EXPECT_EQ(variant.measured_config, measured.config);
    EXPECT_EQ(variant.config_key, config_key(variant.config));
    values.push_back(variant.config.at("KSPLIT"));
  }
  EXPECT_EQ(values, split.shape_values);
  for (const auto& variant : finer_variants(split_variant(measured, 16), limits))
    EXPECT_EQ(variant.measured_config, measured.config);
  EXPECT_TRUE(finer_variants(observed(256, {256, 256, 32768}, 0.9e-3), limits).empty());
}

// The H200's limits for single precision.
NamedValues h200_limits() {
  NamedValues h200 = limits;
  h200["local_mem_size"] = 49152;
  return h200;
}

// xgemm's 64 x 128 tile of 8 x 4 a work-item with K split 16 ways, as the H200 ran 466x317x46206.
KernelConfig h200_deep_tile() {
  return kernel_family("xgemm").complete({{"TSM", 64}, {"TSN", 128}, {"TSK", 16}, {"WPTM", 8}, {"WPTN", 4},
                                          {"VWA", 2}, {"VWB", 2}, {"PADA", 4}, {"PADB", 4}, {"PREFETCH", 1},
                                          {"STRM", 2}, {"STRN", 2}, {"ADVANCE", 1}, {"UNCHECKED", 1}, {"KSPLIT", 16}});
}

// The model of the H200's 132 units with the residency gain fitted to xgemm there (0.2).
PerformanceModel h200_model() {
  ModelTerms terms;
  terms.residency_gain = 0.2;
  return PerformanceModel(h200_limits(), 132, terms);
}

// On the H200, 466x317x46206 NN under one 64 x 128 tile of 8 x 4 a work-item (24 tiles of C, two
// work-groups resident a unit) ran with K split 4 to 32 ways as the times below say, in us
// (bench/results/2026-11-30_h200-deep-hundreds/ksplit-probe.txt, with a kernel description that
// allowed every split): 11 ways fill the 132 units' 264 places exactly, 12 ways leave a third
// round on 24 of them. Carried from the split of 16 with the residency gain fitted to xgemm there
// (0.2), the model puts each split within 10% of its time and 11 ways first.
TEST(PerformanceModel, CarriesSplitsOfKAsTheH200RanThem) {
  const NamedValues h200 = h200_limits();
  const KernelFamily& family = kernel_family("xgemm");
  const KernelConfig wide = h200_deep_tile();
  const ProblemSize problem{466, 317, 46206};
  ASSERT_EQ(family.load(wide, h200, problem).resident, 2);
  const PerformanceModel model = h200_model();
  const Observation sixteen{&family, wide, config_key(wide), problem, "NT", 558.4e-6, 0, ""};
  const std::map<std::int64_t, double> measured_us = {{4, 789.2},  {6, 924.2},  {8, 707.0},  {9, 633.8},
                                                      {10, 575.6}, {11, 531.6}, {12, 718.0}, {14, 628.9},
                                                      {20, 573.1}, {24, 609.4}, {32, 546.1}};
  std::map<std::int64_t, double> predicted_us;
  for (const auto& [split, us] : measured_us) {
    predicted_us[split] = *model.predict(split_variant(sixteen, split), {problem, "NT"}) * 1e6;
    EXPECT_NEAR(predicted_us[split] / us, 1, 0.1) << split << " ways: predicted " << predicted_us[split] << " us";
  }
  EXPECT_EQ(std::ranges::min_element(predicted_us, {}, [](const auto& entry) { return entry.second; })->first, 11);
}

// Where nobody measured the target, the best candidates are ranked at their finer splits too, each
// in place of its candidate where one scores better: on the H200, 466x317 with a deep K under a 64 x
// 128 tile carried from a split of 16 gets 11 or 22 ways, which fill its units (24 tiles of C, two
// work-groups resident a unit; above), and another tile keeps its place as the second candidate, so
// that trial calls time two tiles rather than two splits of one. The problem measured keeps its
// measurement.
TEST(PerformanceModel, RanksTheBestCandidatesAtTheirBestFinerSplitOfK) {
  const KernelFamily& family = kernel_family("xgemm");
  const KernelConfig wide = h200_deep_tile();
  KernelConfig narrow = wide;
  narrow["TSN"] = 64;
  narrow["WPTN"] = 2;
  narrow["KSPLIT"] = 32;
  const PerformanceModel model = h200_model();
  const ProblemSize tuned{466, 317, 46206};
  const std::vector<Observation> seen = {{&family, wide, config_key(wide), tuned, "NN", 558.4e-6, 0, ""},
                                         {&family, narrow, config_key(narrow), tuned, "NN", 620e-6, 0, ""}};
  const Target deeper{{466, 317, 40000}, "NN"};
  const auto ranked = rank_configs(model, seen, deeper);
  ASSERT_EQ(ranked.size(), 2u);  // each tile once
  const RankedConfig& first = ranked.front();
  EXPECT_TRUE(first.seen->config.at("KSPLIT") == 11 || first.seen->config.at("KSPLIT") == 22)
      << first.seen->config.at("KSPLIT");
  EXPECT_EQ(first.seen->measured_config, wide);
  EXPECT_EQ(first.made_for_target.get(), first.seen);
  EXPECT_LT(first.predicted_seconds, *model.predict(seen[0], deeper));
  EXPECT_EQ(ranked[1].seen->ran(), narrow);
  for (const auto& variant : finer_variants(seen[0], h200_limits()))
    EXPECT_GE(model.score(variant, deeper, *model.predict(variant, deeper)), first.score - 1e-15);
  const auto measured = rank_configs(model, seen, {tuned, "NN"});
  ASSERT_EQ(measured.size(), 2u);
  EXPECT_EQ(measured.front().seen, &seen[0]);
}

// A launch read once where observations are learned predicts as one read at every prediction, for
// a measurement and for its variants, which share it.
TEST(PerformanceModel, RememberedLaunchesPredictAsLaunchesReadEachTime) {
  ModelTerms terms;
  terms.call_seconds = 5e-6;
  terms.further_kernel_seconds = 8e-6;
  terms.residency_gain = 0.5;
  const PerformanceModel model(limits, compute_units, terms);
  std::vector<Observation> read_each_time = {observed(64, {256, 256, 32768}, 0.5e-3),
                                             observed(128, {2048, 1000, 999}, 1e-3, "TN")};
  read_each_time[1].config["KSPLIT"] = 4;
  std::vector<Observation> remembered = read_each_time;
  remember_measured_launches(remembered, limits);
  ASSERT_TRUE(remembered[0].measured_launch && remembered[1].measured_launch);
  for (auto* observations : {&read_each_time, &remembered})
    for (auto& variant : configuration_variants(std::vector<Observation>(*observations), limits, 1))
      observations->push_back(std::move(variant));
  ASSERT_EQ(read_each_time.size(), remembered.size());
  for (const Target& target : {Target{{300, 200, 40000}, "NN"}, Target{{1999, 1001, 998}, "TN"}}) {
    for (std::size_t i = 0; i < remembered.size(); ++i) {
      const auto each_time = model.predict(read_each_time[i], target), once = model.predict(remembered[i], target);
      ASSERT_EQ(each_time.has_value(), once.has_value()) << i;
      if (once) {
        EXPECT_DOUBLE_EQ(*once, *each_time) << i << ": " << remembered[i].config_key;
      }
    }
  }
}

}  // namespace
}  // namespace gemmtune::testing
