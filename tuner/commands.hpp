// The `gemmtune` subcommands; each takes the arguments after its name and returns the exit code.
#pragma once

#include <string>
#include <vector>

namespace gemmtune::cli {

using Arguments = std::vector<std::string>;

int bench_command(const Arguments& args);  // in bench/, present when GEMMTUNE_BUILD_BENCH is on
int crossover_command(const Arguments& args);  // times the drop-in BLAS's paths (blas/)
int db_command(const Arguments& args);
int devices_command(const Arguments& args);
int kernels_command(const Arguments& args);
int report_command(const Arguments& args);
int run_command(const Arguments& args);
int simulate_command(const Arguments& args);
int tune_command(const Arguments& args);
int worker_command(const Arguments& args);  // started by tune_command, over a pipe

}  // namespace gemmtune::cli
