// Where a tuning session's seeds come from: configurations measured before its strategy proposes any.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "core/kernel_family.hpp"
#include "db/database.hpp"
#include "search/parameter_space.hpp"

namespace gemmtune {

// What a seed source may look at.
struct SeedQuery {
  const db::Database& database;
  const db::DeviceRecord& device;    // the device tuned, as stored
  const KernelFamily& family;        // the family tuned, at the source hash this build runs
  const db::ProblemRecord& problem;  // the problem tuned
  std::size_t recorded = 0;          // evaluations of it recorded under the family's current source
  NamedValues limits;                // the device's named limits at the problem's precision
};

// One source of seeds: candidate configurations, best first, in any family's parameters (those
// that are not configurations of the space tuned are passed over). A resumed session must get the
// seeds the interrupted one got, so that its strategy continues the same search: a source that
// reads the database never offers what this device recorded for this problem under the kernel
// source tuned, and one that reads none (the description's starting points) offers the same
// anyway, as long as the description is the same (a description is not part of what keys results).
struct SeedSource {
  std::size_t most;  // seeds taken from it, at most
  std::function<std::vector<KernelConfig>(const SeedQuery&)> candidates;
};

// The sources in the order their seeds are measured: this problem's fastest configurations under
// other sources of the family (a re-tune after a kernel change starts from the old winners), then
// this problem's fastest on the device's siblings (a new card starts from its sibling's tuning),
// then the family description's starting points for the problem's shape on this device
// (KernelFamily::starting_points: configurations no earlier problem may have found), then the
// best of every problem this device tuned at this precision, any family, layout and
// transpositions, the nearest shapes first (each problem of a coverage session starts from what
// the earlier ones found for shapes like its own).
const std::vector<SeedSource>& seed_sources();

// At most this many seeds in all, so that a large database does not spend a session's budget.
inline constexpr std::size_t most_seeds = 8;

// The seeds of one problem: each source's candidates in turn, in `space`'s terms, those `space`
// does not hold (a parameter the family lacks, a rule or choice broken on this device) and those
// already taken passed over; at most a source's `most` from each and most_seeds in all.
std::vector<KernelConfig> seeds(const SeedQuery& query, const search::ParameterSpace& space);

}  // namespace gemmtune
