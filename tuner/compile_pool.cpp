// Compiles kernel variants ahead of time on worker threads, so the device never waits for the compiler.
#include "tuner/compile_pool.hpp"

#include <algorithm>

namespace gemmtune {

CompilePool::CompilePool(std::size_t threads, Build build) : build_(std::move(build)) {
  for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

CompilePool::~CompilePool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  changed_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void CompilePool::prefetch(const std::vector<std::string>& options) {
  if (workers_.empty()) return;
  {
    std::lock_guard lock(mutex_);
    for (const auto& stale : queue_) jobs_.erase(stale);
    queue_.clear();
    // Finished builds nobody asked for were wrong guesses; keep only those hinted again.
    std::erase_if(jobs_, [&](const auto& entry) {
      return entry.second->done && std::find(options.begin(), options.end(), entry.first) == options.end();
    });
    for (const auto& item : options) {
      if (jobs_.contains(item)) continue;
      jobs_.emplace(item, std::make_shared<Job>());
      queue_.push_back(item);
    }
  }
  changed_.notify_all();
}

BuildResult CompilePool::take(const std::string& options) {
  std::shared_ptr<Job> job;
  {
    std::unique_lock lock(mutex_);
    const auto found = jobs_.find(options);
    if (found != jobs_.end() && found->second->started) {
      job = found->second;
      changed_.wait(lock, [&] { return job->done; });
      jobs_.erase(options);
      return std::move(job->result);
    }
    if (found != jobs_.end()) {  // queued but not started: build it here instead
      std::erase(queue_, options);
      jobs_.erase(found);
    }
  }
  return build_(options);
}

void CompilePool::work() {
  for (;;) {
    std::string options;
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      options = queue_.front();
      queue_.pop_front();
      job = jobs_.at(options);
      job->started = true;
    }
    BuildResult result = build_(options);
    {
      std::lock_guard lock(mutex_);
      job->result = std::move(result);
      job->done = true;
    }
    changed_.notify_all();
  }
}

}  // namespace gemmtune
