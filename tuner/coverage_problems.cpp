// The coverage set: the problems `gemmtune tune --coverage` tunes so that a new device is tuned for every shape.
#include "tuner/coverage_problems.hpp"

#include <cmath>

namespace gemmtune::cli {
namespace {

// The four transpositions in turn, so that each class holds every one of them.
class Transpositions {
 public:
  Problem next(std::size_t m, std::size_t n, std::size_t k) {
    constexpr Transpose no = Transpose::No, yes = Transpose::Yes;
    static constexpr std::pair<Transpose, Transpose> turns[] = {{no, no}, {no, yes}, {yes, no}, {yes, yes}};
    const auto [a, b] = turns[turn_++ % 4];
    return {{m, n, k}, a, b};
  }

 private:
  std::size_t turn_ = 0;
};

}  // namespace

std::vector<Problem> coverage_problems() {
  std::vector<Problem> problems;
  const auto add = [&](Transpositions& turns, std::size_t m, std::size_t n, std::size_t k) {
    problems.push_back(turns.next(m, n, k));
  };

  // Square, 64 to 8192 in half octaves (91, 181, 362, 724, 1448, 2896, 5793 between the powers of
  // two), and two sizes programs often use.
  Transpositions square;
  for (int step = 0; step <= 14; ++step) {
    const auto size = static_cast<std::size_t>(std::lround(64 * std::exp2(step / 2.0)));
    add(square, size, size, size);
  }
  add(square, 1000, 1000, 1000);
  add(square, 3072, 3072, 3072);

  // Skinny: C of 8 to 128 rows (or columns) and thousands of the other, K in the thousands. Each
  // shape twice, so that few rows and few columns each come under all four transpositions (taken
  // in turn, one pass alone would give the rows NN and TN only, the columns NT and TT).
  Transpositions skinny, skinny_again;
  for (const std::size_t narrow : {8, 16, 35, 64, 128}) {
    add(skinny, narrow, 4096 + 4 * narrow + 1, 2048);
    add(skinny, 2000 + 3 * narrow, narrow, 4096);
  }
  for (const std::size_t narrow : {8, 16, 35, 64, 128}) {
    add(skinny_again, 2000 + 3 * narrow, narrow, 4096);
    add(skinny_again, narrow, 4096 + 4 * narrow + 1, 2048);
  }
  add(skinny, 1760, 16, 1760);
  add(skinny, 35, 8457, 2048);

  // GEMV-like: one of M, N of 1 to 4.
  Transpositions gemv;
  for (const std::size_t large : {1024, 4096, 8192}) {
    add(gemv, 1, large, large);
    add(gemv, large, 1, large);
  }
  add(gemv, 4, 5000, 3000);
  add(gemv, 3000, 2, 5000);

  // Deep K: a small C over K up to 500,000, where only split K keeps a device busy.
  Transpositions deep;
  add(deep, 16, 16, 500000);
  add(deep, 512, 16, 500000);
  add(deep, 1, 16, 500000);
  add(deep, 64, 64, 100000);
  add(deep, 7, 5, 100000);
  add(deep, 128, 128, 250000);
  add(deep, 256, 256, 65536);
  add(deep, 512, 512, 20000);

  // Flat K: a large C over a short K (rank-k updates), which problem_class() puts under "other".
  Transpositions flat;
  add(flat, 4096, 4096, 64);
  add(flat, 8192, 8192, 16);
  add(flat, 2048, 2048, 128);
  add(flat, 4096, 1024, 32);
  add(flat, 1500, 6000, 256);
  add(flat, 2500, 1500, 250);
  return problems;
}

}  // namespace gemmtune::cli
