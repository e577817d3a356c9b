// Compiles kernel variants ahead of time on worker threads, so the device never waits for the compiler.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dispatch/opencl.hpp"

namespace gemmtune {

struct BuildResult {
  cl::Program program;  // null when the build failed
  std::string error;    // the BuildError's message when it failed
  double seconds = 0;   // compile wall time
};

class CompilePool {
 public:
  using Build = std::function<BuildResult(const std::string& options)>;

  // threads == 0: no background work, take() builds in the caller's thread.
  CompilePool(std::size_t threads, Build build);
  ~CompilePool();
  CompilePool(const CompilePool&) = delete;
  CompilePool& operator=(const CompilePool&) = delete;

  // Hints: build these soon. Hints not yet started from earlier calls are dropped first, since the
  // newest hints are the likeliest to be asked for.
  void prefetch(const std::vector<std::string>& options);
  // The build for `options`: waits for it if it is under way, builds it here if it is not known.
  BuildResult take(const std::string& options);

 private:
  struct Job {
    bool started = false, done = false;
    BuildResult result;
  };
  void work();

  Build build_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace gemmtune
