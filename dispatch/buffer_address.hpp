// The device address of an OpenCL buffer, which tensor maps name (dispatch/tensor_map.hpp).
#pragma once

#include <cstdint>

#include "dispatch/opencl.hpp"

namespace gemmtune {

// The address of `buffer` on `device` (of `context`), which `address_kernel` (an entry taking
// `__global ulong*` and the buffer, writing the buffer's address to the first) reports once, on a
// queue of its own (a caller's queue may hold commands that wait for events it has not yet set);
// remembered per buffer and device until the buffer is released. The caller keeps other threads
// off `address_kernel`. An OpenCL failure is a DeviceError.
std::uint64_t buffer_device_address(const cl::Context& context, const cl::Device& device, cl::Kernel& address_kernel,
                                    cl_mem buffer);

}  // namespace gemmtune
