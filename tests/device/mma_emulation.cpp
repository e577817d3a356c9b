// Test support: an mma instruction emulated on the host, its registers placed by the PTX ISA's fragment tables.
#include "tests/device/mma_emulation.hpp"

#include <map>
#include <utility>

namespace gemmtune::testing {

Registers emulate_mma(const LaneMaps& isa, int k, const Registers& a, const Registers& b, const Registers& c) {
  using Matrix = std::map<std::pair<int, int>, double>;
  const auto place = [](const std::vector<std::vector<Position>>& map, const Registers& registers) {
    Matrix matrix;
    for (std::size_t lane = 0; lane < map.size(); ++lane)
      for (std::size_t r = 0; r < map[lane].size(); ++r)
        matrix[{map[lane][r].row, map[lane][r].column}] = registers[lane][r];
    return matrix;
  };
  const Matrix a_matrix = place(isa.a, a), b_matrix = place(isa.b, b), c_matrix = place(isa.c, c);
  Registers d(isa.c.size());
  for (std::size_t lane = 0; lane < isa.c.size(); ++lane)
    for (const Position& at : isa.c[lane]) {
      double sum = c_matrix.at({at.row, at.column});
      for (int i = 0; i < k; ++i) sum += a_matrix.at({at.row, i}) * b_matrix.at({i, at.column});
      d[lane].push_back(sum);
    }
  return d;
}

}  // namespace gemmtune::testing
