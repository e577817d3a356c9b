// The coverage set: the problems `gemmtune tune --coverage` tunes so that a new device is tuned for every shape.
#include "tuner/coverage_problems.hpp"

#include <array>
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
  const auto add_under_every_transposition = [&](std::size_t m, std::size_t n, std::size_t k) {
    Transpositions turns;
    for (int turn = 0; turn < 4; ++turn) problems.push_back(turns.next(m, n, k));
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

  // Skinny: C of 8 to 128 rows (or columns) and thousands of the other, K in the thousands, each
  // under all four transpositions: the skinny kernel's reads of the long operand follow its layout,
  // so a configuration measured under one transposition is a poor guide to another (on the H200,
  // 2105x35x4096 NT's winner, carried to 3072x16x1024 TN, was predicted at 15.8 us and ran 154).
  for (const std::size_t narrow : {8, 16, 35, 64, 128}) {
    add_under_every_transposition(narrow, 4096 + 4 * narrow + 1, 2048);
    add_under_every_transposition(2000 + 3 * narrow, narrow, 4096);
  }
  // A longer, shallower C: thousands of rows over a K near a thousand, as in layers of 1024 to 3072.
  for (const std::size_t narrow : {12, 40}) add_under_every_transposition(6000, narrow, 1200);
  // Thousands of rows by 24 to 96 columns over K of 1400 to 2200, as in fully connected layers at a
  // small batch. Carried from the shapes above (K of 2048 and 4096), such problems ran at 0.35x to
  // 0.55x cuBLAS on the H200: how far to split K, and with what tile, depends on K and M.
  for (const auto& [m, narrow, k] : {std::array<std::size_t, 3>{1400, 24, 2200}, {2300, 48, 1400}, {1800, 96, 1800}})
    add_under_every_transposition(m, narrow, k);
  // A C of 35 rows, as in speech models' layers (35x8457x2048 under NN and TN are problems of
  // bench/validation/real_applications.txt, which no tuning may hold).
  problems.push_back({{35, 8457, 2048}, Transpose::Yes, Transpose::Yes});

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
  // A few hundred rows by a narrow C, and the other way round, under every transposition: split K
  // reads the long operand along K or across it depending on its layout.
  add_under_every_transposition(384, 12, 300000);
  add_under_every_transposition(96, 160, 200000);
  // A C of hundreds by hundreds, and of thousands by tens, over K near 50,000, under every
  // transposition: carried from the deep problems above (a C of 16 to 160, or 512x512x20000), how far
  // to split K and with what tile was chosen by extrapolation, and on the H200 such problems of
  // bench/validation/random_100.txt ran at 0.50x to 0.69x cuBLAS (466x317x46206 NN, 2510x55x38125 TN).
  add_under_every_transposition(448, 320, 48000);
  add_under_every_transposition(2400, 56, 40000);

  // Flat K: a large C over a short K (rank-k updates), which problem_class() puts under "other".
  Transpositions flat;
  add(flat, 4096, 4096, 64);
  add(flat, 8192, 8192, 16);
  add(flat, 2048, 2048, 128);
  add(flat, 4096, 1024, 32);
  add(flat, 1500, 6000, 256);
  add(flat, 2500, 1500, 250);
  // And flat products whose rows of C, in either layout, are not a multiple of 4 elements, one
  // under each transposition: vector stores of C cannot serve them, and on the H200 one column
  // fewer took a flat product from 35 to 55 us with the configuration tuned for the aligned one
  // (bench/results/2026-11-30_h200-unaligned-c/).
  Transpositions flat_unaligned;
  add(flat_unaligned, 6001, 2003, 24);
  add(flat_unaligned, 1203, 3001, 2);
  add(flat_unaligned, 2603, 3401, 12);
  add(flat_unaligned, 5001, 2001, 5);
  return problems;
}

}  // namespace gemmtune::cli
