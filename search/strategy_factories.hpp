// One factory per strategy file; the registry's table is the only place that lists them.
#pragma once

#include <memory>

#include "search/strategy.hpp"

namespace gemmtune::search {

std::unique_ptr<SearchStrategy> make_grid_search();
std::unique_ptr<SearchStrategy> make_random_search();
std::unique_ptr<SearchStrategy> make_simulated_annealing();
std::unique_ptr<SearchStrategy> make_genetic_algorithm();
std::unique_ptr<SearchStrategy> make_greedy_iterated_local_search();

}  // namespace gemmtune::search
