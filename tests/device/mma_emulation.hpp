// Test support: an mma instruction emulated on the host, its registers placed by the PTX ISA's fragment tables.
#pragma once

#include <ostream>
#include <vector>

namespace gemmtune::testing {

// An element of an instruction's matrix: (row, column) of A (M x K), B (K x N) or C (M x N).
struct Position {
  int row, column;
  friend bool operator==(const Position&, const Position&) = default;
};

inline void PrintTo(const Position& at, std::ostream* out) { *out << "(" << at.row << ", " << at.column << ")"; }

// Each lane's elements of A, B and C, in register order (for 16-bit operands, two per register, low half first).
struct LaneMaps {
  std::vector<std::vector<Position>> a, b, c;  // [lane][element]
};

// Each lane's values of one operand, in the order of its map.
using Registers = std::vector<std::vector<double>>;

// D = A B + C of an instruction of depth k as the hardware computes it: each register's value put where the
// ISA's maps `isa` say it belongs, the product taken, D given back through the map of C.
Registers emulate_mma(const LaneMaps& isa, int k, const Registers& a, const Registers& b, const Registers& c);

}  // namespace gemmtune::testing
