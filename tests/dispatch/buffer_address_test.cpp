// A buffer's device address, which tensor maps name (dispatch/buffer_address.hpp): found by the
// family's kernel once per buffer, then remembered, on the default device. (That a released
// buffer's entry is forgotten, for a handle the driver gives out again, is not seen here: PoCL does
// not reuse handles.)
#include <gtest/gtest.h>

#include "dispatch/device.hpp"
#include "dispatch/buffer_address.hpp"

namespace gemmtune::testing {
namespace {

// `address` reports the buffer's address as a family's address entry does; `other` reports 42, so
// a query it answers was not served from memory.
const char* const address_kernels = R"(
kernel void address(global ulong* out, global const uchar* buffer) { *out = (ulong)buffer; }
kernel void other(global ulong* out, global const uchar* buffer) { *out = 42; })";

TEST(BufferAddress, IsAskedOncePerBuffer) {
  const DeviceEntry entry = select_device("");
  const cl::Context context(entry.device);
  cl::Program program(context, address_kernels);
  program.build({entry.device});
  cl::Kernel address(program, "address"), other(program, "other");

  std::uint64_t first = 0;
  {
    const cl::Buffer buffer(context, CL_MEM_READ_WRITE, 4096);
    first = buffer_device_address(context, entry.device, address, buffer());
    EXPECT_NE(first, 0u);
    EXPECT_NE(first, 42u);
    EXPECT_EQ(buffer_device_address(context, entry.device, other, buffer()), first) << "asked again, not remembered";
  }
  // Another buffer is asked about.
  const cl::Buffer again(context, CL_MEM_READ_WRITE, 4096);
  EXPECT_EQ(buffer_device_address(context, entry.device, other, again()), 42u);
}

}  // namespace
}  // namespace gemmtune::testing
