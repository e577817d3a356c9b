// Builds OpenCL programs from embedded sources plus options, and keeps them per context and device.
#pragma once

#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "dispatch/binary_cache.hpp"
#include "core/kernel_family.hpp"
#include "dispatch/opencl.hpp"

namespace gemmtune {

// Compiles `source` for `device` with `options` (the -D defines and compiler flags). Throws
// BuildError, whose message has the first lines of the build log and whose log() has all of it.
cl::Program build_program(const cl::Context& context, const cl::Device& device,
                          const KernelSource& source, const std::string& options);

// The options with which a program made from its binary is built: those of its source, or none
// after a PTX pass, whose text holds what they did and names its own architecture.
std::string binary_build_options(const KernelSource& source, const std::string& options);

// In-memory cache of built programs keyed by context, device, source and options. Thread-safe:
// programs of different keys are built at the same time by the threads that first ask for them,
// and a program asked for again while it is being built is built once, the later callers waiting
// for it (a build error reaches them all; the next call tries again).
class ProgramCache {
 public:
  // Makes a program missing from memory.
  using Builder = std::function<cl::Program(const cl::Context&, const cl::Device&, const KernelSource&,
                                            const std::string& options)>;

  ProgramCache();                                          // compiles with build_program()
  explicit ProgramCache(std::shared_ptr<BinaryCache> disk);  // loads from disk, else compiles and stores
  explicit ProgramCache(Builder build) : build_(std::move(build)) {}

  cl::Program get(const cl::Context& context, const cl::Device& device,
                  const KernelSource& source, const std::string& options);

 private:
  using Key = std::tuple<cl_context, cl_device_id, std::string, std::string, std::string>;  // ... hash, pass, options
  Builder build_;
  std::mutex mutex_;  // guards the map only, never held during a build
  std::map<Key, std::shared_future<cl::Program>> programs_;
};

// Builds through `disk` (loaded when cached there, else compiled and stored), or compiles where
// there is no disk cache.
ProgramCache::Builder builder_through(std::shared_ptr<BinaryCache> disk);

}  // namespace gemmtune
