// Builds OpenCL programs from embedded sources plus options, and keeps them per context and device.
#include "dispatch/program_cache.hpp"

#include <algorithm>
#include <sstream>

#include "dispatch/cl_error.hpp"
#include "dispatch/ptx_retarget.hpp"
#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

// The first few non-empty lines of a build log: enough for a one-line error, the rest in log().
std::string log_excerpt(const std::string& log) {
  std::istringstream lines(log);
  std::string line, excerpt;
  for (int kept = 0; kept < 3 && std::getline(lines, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    excerpt += (kept++ ? " | " : "") + line;
  }
  return excerpt.empty() ? "(empty build log)" : excerpt;
}

// Builds `program` for `device`; a failure is a BuildError naming `what` and the build log.
void build_or_throw(cl::Program& program, const cl::Device& device, const std::string& what, const std::string& options) {
  try {
    program.build({device}, options.c_str());
  } catch (const cl::BuildError& error) {
    std::string log;
    for (const auto& [built_device, device_log] : error.getBuildLog()) log += device_log;
    throw BuildError(what + " failed to compile with '" + options + "': " + log_excerpt(log), log);
  } catch (const cl::Error& error) {
    std::string log;
    try {
      log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
    } catch (const cl::Error&) {
    }
    throw BuildError(what + " failed to compile with '" + options + "': " + cl_error_name(error.err()) + ": " +
                         log_excerpt(log),
                     log);
  }
}

// The PTX pass: the program built from source (for an architecture the compiler knows) gives its
// PTX, which is retargeted and built again from that text. Every failure is a BuildError of this
// configuration, naming the family.
cl::Program rebuild_from_ptx(const cl::Context& context, const cl::Device& device, const KernelSource& source,
                             const cl::Program& compiled, const std::string& options) {
  const std::string what = source.name + " for " + source.ptx_target;
  cl::Program::Binaries binaries;
  try {
    binaries = compiled.getInfo<CL_PROGRAM_BINARIES>();
  } catch (const cl::Error& error) {
    throw BuildError(what + ": its program gave no PTX (" + cl_error_name(error.err()) + ")", "");
  }
  // One binary per device of the context, in the order of CL_PROGRAM_DEVICES; only this device's
  // was built.
  std::vector<cl::Device> devices;
  try {
    devices = compiled.getInfo<CL_PROGRAM_DEVICES>();
  } catch (const cl::Error& error) {
    throw BuildError(what + ": its program named no devices (" + cl_error_name(error.err()) + ")", "");
  }
  const auto built = std::find_if(devices.begin(), devices.end(), [&](const cl::Device& d) { return d() == device(); });
  const auto index = static_cast<std::size_t>(built - devices.begin());
  if (built == devices.end() || index >= binaries.size())
    throw BuildError(what + ": its program gave no binary for this device", "");
  std::string retargeted;
  try {
    retargeted = retarget_ptx(std::string(binaries[index].begin(), binaries[index].end()), source.ptx_target);
  } catch (const BuildError& error) {
    throw BuildError(source.name + ": " + error.what(), error.log());
  }
  // NUL-terminated, as the driver's own binaries are: the PTX is read as a C string.
  std::vector<unsigned char> text(retargeted.begin(), retargeted.end());
  text.push_back('\0');
  cl::Program program;
  try {
    program = cl::Program(context, {device}, {text});
  } catch (const cl::Error& error) {
    throw BuildError(what + ": the driver refused its PTX (" + cl_error_name(error.err()) + ")", retargeted);
  }
  build_or_throw(program, device, what, binary_build_options(source, options));
  return program;
}

}  // namespace

std::string binary_build_options(const KernelSource& source, const std::string& options) {
  // The retargeted PTX holds all that the source's options did (the defines were applied when it
  // was compiled) and names its architecture, which an -cl-nv-arch would contradict: it is built
  // without options, as it ran on the H200 (2026-11-23). NVIDIA's code generation options, were a
  // family to use any, would not reach it.
  return source.ptx_target.empty() ? options : "";
}

cl::Program build_program(const cl::Context& context, const cl::Device& device,
                          const KernelSource& source, const std::string& options) {
  cl::Program program;
  try {
    program = cl::Program(context, source.text);
  } catch (const cl::Error& error) {
    throw device_error("creating program " + source.name, error);
  }
  build_or_throw(program, device, source.name, options);
  return source.ptx_target.empty() ? program : rebuild_from_ptx(context, device, source, program, options);
}

ProgramCache::ProgramCache() : build_(build_program) {}

ProgramCache::ProgramCache(std::shared_ptr<BinaryCache> disk) : build_(builder_through(std::move(disk))) {}

ProgramCache::Builder builder_through(std::shared_ptr<BinaryCache> disk) {
  if (!disk) return build_program;
  return [disk = std::move(disk)](const cl::Context& context, const cl::Device& device, const KernelSource& source,
                                  const std::string& options) { return disk->get(context, device, source, options); };
}

cl::Program ProgramCache::get(const cl::Context& context, const cl::Device& device,
                              const KernelSource& source, const std::string& options) {
  const Key key{context(), device(), source.hash, source.ptx_target, options};
  std::promise<cl::Program> promise;
  std::shared_future<cl::Program> program;
  bool first = false;
  {
    std::lock_guard lock(mutex_);
    auto [entry, inserted] = programs_.try_emplace(key);
    if (inserted) entry->second = promise.get_future().share();
    program = entry->second;
    first = inserted;
  }
  // The first caller builds, outside the lock, so that other keys are built at the same time.
  if (first) {
    try {
      promise.set_value(build_(context, device, source, options));
    } catch (...) {
      {
        std::lock_guard lock(mutex_);
        programs_.erase(key);  // not kept: the next call builds again
      }
      promise.set_exception(std::current_exception());
    }
  }
  return program.get();
}

}  // namespace gemmtune
