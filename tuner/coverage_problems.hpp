// The coverage set: the problems `gemmtune tune --coverage` tunes so that a new device is tuned for every shape.
#pragma once

#include <vector>

#include "tuner/problem_list.hpp"

namespace gemmtune::cli {

// About 60 problems of every class problem_class() names, the four transpositions taken in turn
// within each class: square sizes log-spaced from 64 to 8192 in half octaves (odd ones among
// them) and 1000 and 3072; skinny C (one of M, N from 8 to 128, the others in the thousands, few
// rows and few columns each under all four transpositions);
// GEMV-like (M or N of 1 to 4); deep K (K up to 500,000, M and N up to 512); flat K (K from 16 to
// 256 under a large C). The same on every machine.
std::vector<Problem> coverage_problems();

}  // namespace gemmtune::cli
