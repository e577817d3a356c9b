// Builds OpenCL programs from embedded sources plus options, and keeps them per context and device.
#pragma once

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

// In-memory cache of built programs keyed by context, device, source and options. Thread-safe.
// With a BinaryCache, a program not yet in memory is loaded from disk before it is compiled.
class ProgramCache {
 public:
  ProgramCache() = default;
  explicit ProgramCache(std::shared_ptr<BinaryCache> disk) : disk_(std::move(disk)) {}

  cl::Program get(const cl::Context& context, const cl::Device& device,
                  const KernelSource& source, const std::string& options);

 private:
  using Key = std::tuple<cl_context, cl_device_id, std::string, std::string>;
  std::shared_ptr<BinaryCache> disk_;
  std::mutex mutex_;
  std::map<Key, cl::Program> programs_;
};

}  // namespace gemmtune
