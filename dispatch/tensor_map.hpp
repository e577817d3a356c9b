// Tensor maps of NVIDIA's tensor memory accelerator for kernels built by its OpenCL compiler.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/kernel_family.hpp"
#include "dispatch/gemm_problem.hpp"
#include "dispatch/opencl.hpp"

namespace gemmtune {

// A tensor map as the driver encodes it: 128 opaque bytes, which a kernel takes by value.
using TensorMap = std::array<std::uint64_t, 16>;

// A row-major matrix as a kernel's tensor copies read it: `rows` x `columns` elements of
// `element_bytes` from device address `address`, `row_bytes` from one row to the next, in boxes of
// `box_rows` rows by 128 bytes laid out with the 128-byte swizzle, zeros read beyond the matrix.
struct TensorMapShape {
  std::uint64_t address = 0;
  std::size_t rows = 0, columns = 0, row_bytes = 0, element_bytes = 0, box_rows = 0;
};

// The shapes of A and B of the row-major problem a kernel runs, at these device addresses of their
// first elements (offsets included), as the family's tensor copies read them: each operand as it
// lies (op(A) is M x K, stored K x M where transposed; op(B) is K x N, stored N x K where
// transposed), in boxes of the tile's extent across its contiguous dimension. A K of 0 is mapped
// as 1 (nothing is read then, but the kernel's arguments must be valid maps).
std::array<TensorMapShape, 2> operand_map_shapes(const RowMajorGemm& run, const KernelFamily::TensorMapTiles& tiles,
                                                 std::size_t element_bytes, const std::array<std::uint64_t, 2>& addresses);

// Encodes it with cuTensorMapEncodeTiled of NVIDIA's libcuda.so.1, loaded on first use (OpenCL
// offers no tensor maps; the map is bytes that no CUDA context owns, so the encoding runs with
// the primary context of CUDA device 0 made current for the call, and the caller's restored). A
// shape the accelerator cannot read (an address or row not 16-byte aligned, a box over 256 rows)
// is an InvalidArgument; a machine without libcuda, or a refusal of the driver, a DeviceError.
TensorMap encode_tensor_map(const TensorMapShape& shape);

// The device address of `buffer`, which `address_kernel` (an entry taking `__global ulong*` and the
// buffer, writing the buffer's address to the first) reports once on `queue`; remembered until the
// buffer is released. The caller keeps other threads off `address_kernel`.
std::uint64_t buffer_device_address(const cl::CommandQueue& queue, cl::Kernel& address_kernel, cl_mem buffer);

}  // namespace gemmtune
