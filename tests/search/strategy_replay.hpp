// What the strategy tests share: the H200 record replayed, proposals as keys, the registry's names.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "search/registry.hpp"
#include "search/replay.hpp"
#include "search/search_driver.hpp"

namespace gemmtune::search::testing {

// The exhaustive H200 record at 4096^3: real data, failures and plateaus included.
inline const Replay& h200() {
  static const Replay replay(read_replay_table(GEMMTUNE_SOURCE_DIR "/tests/data/h200_xgemm_4096.csv"));
  return replay;
}

inline std::vector<std::string> keys_of(const std::vector<Evaluation>& evaluations) {
  std::vector<std::string> keys;
  for (const auto& evaluation : evaluations) keys.push_back(config_key(evaluation.config));
  return keys;
}

inline std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const auto& info : strategies()) names.push_back(info.name);
  return names;
}

}  // namespace gemmtune::search::testing
