// Problems given as a list: a problem file (one "M N K [TRANS]" per line), a random draw, and the
// classes that benchmarks summarise by.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "gemmtune/types.hpp"
#include "tuner/cli.hpp"

namespace gemmtune::cli {

struct Problem {
  Size size;
  Transpose trans_a = Transpose::No, trans_b = Transpose::No;
};

// The most bytes a problem file may have (README, "Input limits"): about 60,000 lines.
inline constexpr std::size_t problem_file_limit = std::size_t{1} << 20;

// Reads a problem file: per line M N K and optionally the transposition (NN, NT, TN, TT; NN when
// left out), separated by spaces, tabs or commas; '#' starts a comment, blank lines are skipped.
// Throws UsageError naming the file and line for anything else, and for a file without problems.
std::vector<Problem> read_problem_file(const std::filesystem::path& file);

// `count` problems drawn with `seed`: M, N and K log-uniform in [1, largest] (K in [1, deepest]),
// each transposition equally likely, no matrix over `most_elements` elements (redrawn), so that
// the set is the same on every machine for the same arguments.
std::vector<Problem> random_problems(std::size_t count, std::uint64_t seed, std::size_t largest,
                                     std::size_t deepest, std::size_t most_elements);

// The class a benchmark summarises a problem under:
//   "gemv"     min(M, N) <= 4 (a matrix-vector product in all but name);
//   "deep-k"   K >= 8 max(M, N) (split K or nothing keeps the device busy);
//   "skinny"   min(M, N) <= 128, or one of M, N at least 8 times the other;
//   "square"   all three within a factor 4 of each other;
//   "other"    the rest.
std::string problem_class(const Size& size);
// Every name problem_class() gives, in the order above (the order summaries list them in).
const std::vector<std::string>& problem_classes();

// "1760x16x1760 NT"
std::string format_problem(const Problem& problem);

// Writes `problems` as a problem file that read_problem_file() reads back: each line of `header`
// as a comment, a comment counting the problems, then "M N K TRANS  # class" per problem.
void write_problem_file(std::ostream& out, const std::vector<Problem>& problems, const std::string& header);

}  // namespace gemmtune::cli
