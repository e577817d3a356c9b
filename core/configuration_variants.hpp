// Measured configurations with the parameters that follow the shape changed, for the model to predict.
#pragma once

#include <cstddef>
#include <vector>

#include "core/performance_model.hpp"

namespace gemmtune {

// For each of the `per_problem` fastest measurements of each problem and family in `measured` (none
// a variant itself; a problem of one device and transpositions), its variants: the configuration with
// one parameter that adapts to the shape (FamilyParameter::adapts_to_shape, split K) set to another
// of the values its family tunes, where that keeps the family's rules and choices under `limits`.
// Each is an observation of the same problem and time with Observation::measured_config naming the
// configuration that ran, so that the model carries that time to the variant. A variant that is
// itself measured on the same problem and transpositions is left out: the measurement stands.
//
// Why: a tuned split of K fits the shape it was tuned on, and a problem not tuned exactly may need
// another (a deep product with a small C wants many more work-groups than a square one's winner
// launches), which only a configuration of its own split can give.
std::vector<Observation> configuration_variants(const std::vector<Observation>& measured, const NamedValues& limits,
                                               std::size_t per_problem);

// `seen` (a measurement or a variant) with one parameter that adapts to the shape set to each of the
// finer values its family lists for shapes (FamilyParameter::shape_values) and does not tune, within
// the family's rules and choices under `limits`; each predicted from the configuration that ran.
// Made for one problem's best candidates (rank_configs): for every tuned problem's configurations
// they would multiply what a first choice ranks.
std::vector<Observation> finer_variants(const Observation& seen, const NamedValues& limits);

}  // namespace gemmtune
