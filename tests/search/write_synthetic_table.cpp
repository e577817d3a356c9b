// Writes the synthetic xgemm replay table (a made-up model, see synthetic_table.hpp) to a file,
// for the simulate command's tests and for tuning strategies by replay.
#include <fstream>
#include <iostream>
#include <string>

#include "synthetic_table.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: write_synthetic_table SEED FILE\n";
    return 2;
  }
  std::ofstream output(argv[2]);
  output << "# SYNTHETIC data from the test model in tests/search/synthetic_table.cpp, not measured on any device\n";
  gemmtune::search::testing::write_replay_table(output, gemmtune::search::testing::synthetic_xgemm_table(std::stoull(argv[1])));
  return output ? 0 : 1;
}
