// The `gemmtune` program: dispatches to one subcommand and turns errors into one line and a code.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/pocl_affinity.hpp"

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const gemmtune::cli::Arguments&);
};

// The one table of subcommands: a new command is one file and one line here.
constexpr Command commands[] = {
#ifdef GEMMTUNE_HAVE_BENCH
    {"bench", "time gemmtune beside CLBlast, OpenBLAS and cuBLAS on the same shapes and data", gemmtune::cli::bench_command},
#endif
    {"crossover", "measure where the drop-in BLAS's device path overtakes the host BLAS, per device", gemmtune::cli::crossover_command},
    {"db", "inspect, export, import, merge and check the tuning database", gemmtune::cli::db_command},
    {"devices", "list OpenCL devices with their index and selector", gemmtune::cli::devices_command},
    {"kernels", "list the kernel families: parameters, rules, precisions, space sizes", gemmtune::cli::kernels_command},
    {"report", "write one self-contained HTML page of the database's tuning and of bench results", gemmtune::cli::report_command},
    {"run", "run one GEMM through the dispatcher, optionally checked", gemmtune::cli::run_command},
    {"simulate", "replay search strategies against recorded measurements", gemmtune::cli::simulate_command},
    {"tune", "tune GEMM configurations for a device into the tuning database", gemmtune::cli::tune_command},
    {"worker", "evaluate tune's candidates in a process of their own (tune starts it)", gemmtune::cli::worker_command},
};

void print_usage(std::ostream& out) {
  out << "usage: gemmtune COMMAND [OPTIONS]   (gemmtune COMMAND --help for its options)\n\ncommands:\n";
  for (const auto& command : commands) out << "  " << command.name << std::string(10 - command.name.size(), ' ') << command.summary << '\n';
}

// Output that never reached standard output (a full disk, a closed pipe) is a failure: a script
// must not take a truncated export or listing for a complete one.
int checked_exit(const std::string& program, int code) {
  errno = 0;
  std::cout.flush();
  if (std::cout && std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  std::cerr << program << ": error: cannot write standard output" << (errno ? ": " : "")
            << (errno ? std::strerror(errno) : "") << '\n';
  return code == 0 ? 1 : code;
}

}  // namespace

int main(int argc, char** argv) {
  // Beyond a file-size limit (ulimit -f) a write then fails with EFBIG and is reported as an error,
  // instead of the signal killing the program between two database writes without a word.
  std::signal(SIGXFSZ, SIG_IGN);
  // Before any command starts OpenCL, whose CPU device reads it then.
  gemmtune::cli::pin_pocl_workers();
  if (argc < 2) {
    print_usage(std::cerr);
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return checked_exit("gemmtune", 0);
  }
  for (const auto& command : commands) {
    if (command.name != name) continue;
    try {
      const int code = command.run(gemmtune::cli::Arguments(argv + 2, argv + argc));
      return checked_exit("gemmtune " + std::string(name), code);
    } catch (const std::exception& error) {
      std::cerr << "gemmtune " << name << ": error: " << error.what() << '\n';
      return gemmtune::cli::exit_code_for(error);
    }
  }
  std::cerr << "gemmtune: unknown command '" << name << "'\n";
  print_usage(std::cerr);
  return 2;
}
