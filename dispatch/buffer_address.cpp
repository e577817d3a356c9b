// The device address of an OpenCL buffer, which tensor maps name (dispatch/tensor_map.hpp).
#include "dispatch/buffer_address.hpp"

#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "dispatch/cl_error.hpp"

namespace gemmtune {
namespace {

// The addresses found so far, each forgotten when its buffer is released (a released buffer's
// handle may come back as another buffer's). Never destroyed: drivers call destructor callbacks
// until the process ends.
struct KnownAddresses {
  std::mutex mutex;
  std::map<std::pair<cl_mem, cl_device_id>, std::uint64_t> addresses;
};
KnownAddresses& known() {
  static auto* const addresses = new KnownAddresses;
  return *addresses;
}

void CL_CALLBACK forget_buffer(cl_mem buffer, void*) {
  KnownAddresses& cache = known();
  const std::lock_guard lock(cache.mutex);
  std::erase_if(cache.addresses, [buffer](const auto& entry) { return entry.first.first == buffer; });
}

}  // namespace

std::uint64_t buffer_device_address(const cl::Context& context, const cl::Device& device, cl::Kernel& address_kernel,
                                    cl_mem buffer) {
  KnownAddresses& cache = known();
  const auto key = std::pair(buffer, device());
  {
    const std::lock_guard lock(cache.mutex);
    if (const auto found = cache.addresses.find(key); found != cache.addresses.end()) return found->second;
  }
  try {
    const cl::CommandQueue queue(context, device);
    const cl::Buffer result(context, CL_MEM_WRITE_ONLY, sizeof(cl_ulong));
    address_kernel.setArg(0, result);
    address_kernel.setArg(1, sizeof(cl_mem), &buffer);
    queue.enqueueNDRangeKernel(address_kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
    cl_ulong address = 0;
    queue.enqueueReadBuffer(result, CL_TRUE, 0, sizeof address, &address);
    // Registered outside the lock (a driver may call the callback while it registers another), and
    // remembered only where the buffer's release will have it forgotten.
    if (clSetMemObjectDestructorCallback(buffer, forget_buffer, nullptr) == CL_SUCCESS) {
      const std::lock_guard lock(cache.mutex);
      cache.addresses[key] = address;
    }
    return address;
  } catch (const cl::Error& error) {
    throw device_error("finding a buffer's device address", error);
  }
}

}  // namespace gemmtune
