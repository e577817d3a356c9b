// `gemmtune worker`: evaluates a tuning session's candidates in a process of their own, over a pipe.
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <optional>

#include "gemmtune/error.hpp"
#include "search/search_driver.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"
#include "tuner/evaluator.hpp"
#include "tuner/fault_injection.hpp"
#include "tuner/worker_protocol.hpp"

namespace gemmtune::cli {
namespace {

// The replies go to the pipe the session reads, which standard output was at the start; standard
// output itself then goes to standard error, so that nothing a driver prints can garble a reply.
class ReplyChannel {
 public:
  ReplyChannel() : out_(::fdopen(::dup(STDOUT_FILENO), "w")) { ::dup2(STDERR_FILENO, STDOUT_FILENO); }
  ~ReplyChannel() {
    if (out_) std::fclose(out_);
  }
  void send(const WorkerReply& reply) {
    const std::string line = encode(reply) + '\n';
    if (!out_ || std::fwrite(line.data(), 1, line.size(), out_) != line.size() || std::fflush(out_) != 0)
      ::_exit(1);  // the session is gone: nobody is left to tell
  }

 private:
  std::FILE* out_;
};

WorkerReply reply_of(WorkerReply::Kind kind, double seconds) {
  WorkerReply reply;
  reply.kind = kind;
  reply.seconds = seconds;
  return reply;
}

DeviceEntry device_for(const WorkerSetup& setup) {
  DeviceEntry device = select_device(std::to_string(setup.device_index));
  if (device.fingerprint.key() != setup.device_key)
    throw Error("device " + std::to_string(setup.device_index) + " is " + device.fingerprint.key() +
                      ", not the session's " + setup.device_key);
  return device;
}

}  // namespace

int worker_command(const Arguments& args) {
  if (!args.empty()) throw UsageError("gemmtune worker takes no arguments: `gemmtune tune` starts it, over a pipe");
  // A session that dies takes its worker along; one that died before this line leaves it orphaned.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ReplyChannel replies;
  // The driver is initialised while the session still prepares (and, between problems, the next
  // problem reuses it): the platforms are listed before anything is asked.
  try {
    list_devices();
  } catch (const std::exception&) {
  }
  std::unique_ptr<Evaluator> evaluator;
  std::optional<KernelFamily> family;
  const FaultPlan faults = FaultPlan::from_environment();
  std::string line;
  while (std::getline(std::cin, line)) {
    if (is_setup(line)) {
      // A new problem (and maybe family and device): everything of the previous one is released.
      const double start = search::steady_seconds();
      try {
        evaluator.reset();
        const WorkerSetup setup = decode_setup(line);
        family = KernelFamily::from_json(setup.family_description, setup.family_source, setup.family_origin);
        evaluator = std::make_unique<Evaluator>(*family, device_for(setup), setup.problem, setup.precision, setup.options);
      } catch (const std::exception& error) {
        WorkerReply failed = reply_of(WorkerReply::Kind::failed, search::steady_seconds() - start);
        failed.error = error.what();
        replies.send(failed);
        return 1;
      }
      replies.send(reply_of(WorkerReply::Kind::ready, search::steady_seconds() - start));
      continue;
    }
    if (!evaluator) throw Error("a candidate came before the problem's setup");
    const WorkerRequest request = decode_request(line);
    const double began = search::steady_seconds();
    if (request.best_seconds) evaluator->note_best(*request.best_seconds);
    evaluator->prefetch(request.hints);
    const Fault fault = faults.at(request.ordinal);
    if (fault == Fault::compile_hang) suffer(fault);
    bool built = false;
    const auto reached = [&](EvaluationPhase phase) {
      if (phase == EvaluationPhase::verified) {
        replies.send(reply_of(WorkerReply::Kind::verified, search::steady_seconds() - began));
        return;
      }
      built = true;
      replies.send(reply_of(WorkerReply::Kind::compiled, search::steady_seconds() - began));
      suffer(fault);
    };
    WorkerReply reply = reply_of(WorkerReply::Kind::outcome, 0);
    reply.outcome = evaluator->evaluate(request.config, reached);
    if (!built && fault != Fault::none) reached(EvaluationPhase::built);  // one that never ran is struck all the same
    reply.seconds = search::steady_seconds() - began;
    // A failed launch may have left the context unusable (a kernel that faulted on a GPU does):
    // the next candidate gets a fresh process.
    reply.ends = reply.outcome.status == search::Status::launch_error;
    replies.send(reply);
    if (reply.ends) return 0;
  }
  return 0;
}

}  // namespace gemmtune::cli
