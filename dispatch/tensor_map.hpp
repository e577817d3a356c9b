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
// `box_rows` rows by `box_bytes` laid out with the swizzle of that many bytes (128, 64 or 32; 16:
// none), zeros read beyond the matrix.
struct TensorMapShape {
  std::uint64_t address = 0;
  std::size_t rows = 0, columns = 0, row_bytes = 0, element_bytes = 0, box_rows = 0, box_bytes = 128;
  bool operator==(const TensorMapShape&) const = default;
};

// The shapes of A and B of the row-major problem a kernel runs, at these device addresses of their
// first elements (offsets included), as the family's tensor copies read them: each operand as it
// lies (op(A) is M x K, stored K x M where transposed; op(B) is K x N, stored N x K where
// transposed), in boxes of the tile's extent by the tiles' box_bytes across its contiguous dimension. A K of 0 is mapped
// as 1 (a launch that reads nothing passes zero maps instead: dispatch/gemm_launch.cpp).
std::array<TensorMapShape, 2> operand_map_shapes(const RowMajorGemm& run, const KernelFamily::TensorMapTiles& tiles,
                                                 std::size_t element_bytes, const std::array<std::uint64_t, 2>& addresses);

// Encodes it with cuTensorMapEncodeTiled of NVIDIA's libcuda.so.1, loaded on first use (OpenCL
// offers no tensor maps). The map is bytes that no CUDA context owns, but the encoding wants a
// current context: it runs with the primary context of CUDA device 0 made current for the call,
// and the caller's restored (so a process that encodes holds that context on device 0, whichever
// device it computes on). Each failure is a DeviceError, so that a candidate configuration that
// meets one gives way to the next: a shape the accelerator cannot read (an address or rows not
// 16-byte aligned, a box over 256 rows or of a width that is no swizzle's; code
// CL_INVALID_KERNEL_ARGS), a machine without libcuda or
// a refusal of the driver (code CL_INVALID_OPERATION, the CUDA error in the message).
TensorMap encode_tensor_map(const TensorMapShape& shape);

}  // namespace gemmtune
