// The one table of search strategies: a new strategy is one file and one line in registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "search/strategy.hpp"

namespace gemmtune::search {

struct StrategyInfo {
  std::string name;
  std::string summary;
  std::function<std::unique_ptr<SearchStrategy>()> make;
};

const std::vector<StrategyInfo>& strategies();
// Throws gemmtune::InvalidArgument listing the known names.
std::unique_ptr<SearchStrategy> make_strategy(const std::string& name);
// The strategy that reached the recorded optimum fastest in replay (see the README's table).
std::string default_strategy_name();

}  // namespace gemmtune::search
