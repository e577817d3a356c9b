// Tensor maps of NVIDIA's tensor memory accelerator for kernels built by its OpenCL compiler.
#include "dispatch/tensor_map.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <string>

#include "gemmtune/error.hpp"

namespace gemmtune {
namespace {

// The part of libcuda's C interface that encoding needs (cuda.h's declarations and constants; the
// driver's ABI keeps them).
using CuResult = int;
struct CudaDriver {
  CuResult (*init)(unsigned) = nullptr;
  CuResult (*device_get)(int*, int) = nullptr;
  CuResult (*primary_context_retain)(void**, int) = nullptr;
  CuResult (*push_context)(void*) = nullptr;
  CuResult (*pop_context)(void**) = nullptr;
  CuResult (*encode_tiled)(void*, int, std::uint32_t, void*, const std::uint64_t*, const std::uint64_t*,
                           const std::uint32_t*, const std::uint32_t*, int, int, int, int) = nullptr;
  void* primary_context = nullptr;
  std::string failure;  // why the driver cannot encode, where it cannot
};
constexpr int data_type_uint16 = 1, data_type_uint32 = 2;  // CU_TENSOR_MAP_DATA_TYPE_*
constexpr int interleave_none = 0, l2_promotion_256_bytes = 3, out_of_bounds_zeros = 0;

// CU_TENSOR_MAP_SWIZZLE_* of a box `bytes` wide: the swizzle of that span (none for 16 bytes), or -1.
int swizzle_of_box(std::size_t bytes) {
  switch (bytes) {
    case 16: return 0;
    case 32: return 1;
    case 64: return 2;
    case 128: return 3;
    default: return -1;
  }
}

template <typename Function>
void bind(void* library, const char* name, Function& function, std::string& failure) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function && failure.empty()) failure = std::string("libcuda.so.1 has no ") + name;
}

const CudaDriver& cuda_driver() {
  static const CudaDriver driver = [] {
    CudaDriver loaded;
    void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      loaded.failure = std::string("NVIDIA's libcuda.so.1 cannot be loaded: ") + dlerror();
      return loaded;
    }
    bind(library, "cuInit", loaded.init, loaded.failure);
    bind(library, "cuDeviceGet", loaded.device_get, loaded.failure);
    bind(library, "cuDevicePrimaryCtxRetain", loaded.primary_context_retain, loaded.failure);
    bind(library, "cuCtxPushCurrent_v2", loaded.push_context, loaded.failure);
    bind(library, "cuCtxPopCurrent_v2", loaded.pop_context, loaded.failure);
    bind(library, "cuTensorMapEncodeTiled", loaded.encode_tiled, loaded.failure);
    if (!loaded.failure.empty()) return loaded;
    int device = 0;
    if (const CuResult result = loaded.init(0); result != 0)
      loaded.failure = "cuInit failed (CUDA error " + std::to_string(result) + ")";
    else if (const CuResult got = loaded.device_get(&device, 0); got != 0)
      loaded.failure = "cuDeviceGet failed (CUDA error " + std::to_string(got) + ")";
    else if (const CuResult retained = loaded.primary_context_retain(&loaded.primary_context, device); retained != 0)
      loaded.failure = "cuDevicePrimaryCtxRetain failed (CUDA error " + std::to_string(retained) + ")";
    return loaded;
  }();
  return driver;
}

}  // namespace

std::array<TensorMapShape, 2> operand_map_shapes(const RowMajorGemm& run, const KernelFamily::TensorMapTiles& tiles,
                                                 std::size_t element_bytes, const std::array<std::uint64_t, 2>& addresses) {
  const std::size_t m = run.m, n = run.n, k = std::max<std::size_t>(run.k, 1), bytes = element_bytes;
  const auto box = [](std::int64_t rows) { return static_cast<std::size_t>(rows); };
  const auto width = static_cast<std::size_t>(tiles.box_bytes);
  return {run.trans_a ? TensorMapShape{addresses[0], k, m, run.lda * bytes, bytes, box(tiles.tile_k), width}
                      : TensorMapShape{addresses[0], m, k, run.lda * bytes, bytes, box(tiles.tile_m), width},
          run.trans_b ? TensorMapShape{addresses[1], n, k, run.ldb * bytes, bytes, box(tiles.tile_n), width}
                      : TensorMapShape{addresses[1], k, n, run.ldb * bytes, bytes, box(tiles.tile_k), width}};
}

TensorMap encode_tensor_map(const TensorMapShape& shape) {
  const std::size_t box_columns = shape.element_bytes == 0 ? 0 : shape.box_bytes / shape.element_bytes;
  const int swizzle = swizzle_of_box(shape.box_bytes);
  if ((shape.element_bytes != 2 && shape.element_bytes != 4) || shape.address % 16 != 0 || shape.row_bytes % 16 != 0 ||
      shape.box_rows == 0 || shape.box_rows > 256 || swizzle < 0 || shape.rows == 0 || shape.columns == 0)
    throw DeviceError("a tensor map needs 2- or 4-byte elements, an address and rows aligned to 16 bytes and a box of 1 "
                          "to 256 rows by 16, 32, 64 or 128 bytes (got " + std::to_string(shape.element_bytes) +
                          "-byte elements at address " + std::to_string(shape.address) + ", rows " +
                          std::to_string(shape.row_bytes) + " bytes apart, " + std::to_string(shape.box_rows) +
                          " box rows of " + std::to_string(shape.box_bytes) + " bytes)",
                      CL_INVALID_KERNEL_ARGS);
  const CudaDriver& driver = cuda_driver();
  if (!driver.failure.empty())
    throw DeviceError("tensor copies need NVIDIA's CUDA driver: " + driver.failure, CL_INVALID_OPERATION);
  const std::uint64_t dimensions[2] = {shape.columns, shape.rows}, strides[1] = {shape.row_bytes};
  const std::uint32_t box[2] = {static_cast<std::uint32_t>(box_columns), static_cast<std::uint32_t>(shape.box_rows)};
  const std::uint32_t element_strides[2] = {1, 1};
  alignas(64) TensorMap map{};
  if (const CuResult pushed = driver.push_context(driver.primary_context); pushed != 0)
    throw DeviceError("making a CUDA context current to encode a tensor map failed (CUDA error " +
                          std::to_string(pushed) + ")",
                      CL_INVALID_OPERATION);
  const CuResult result =
      driver.encode_tiled(map.data(), shape.element_bytes == 2 ? data_type_uint16 : data_type_uint32, 2,
                          reinterpret_cast<void*>(shape.address), dimensions, strides, box, element_strides,
                          interleave_none, swizzle, l2_promotion_256_bytes, out_of_bounds_zeros);
  void* popped = nullptr;
  driver.pop_context(&popped);
  if (result != 0)
    throw DeviceError("cuTensorMapEncodeTiled refused a " + std::to_string(shape.rows) + " x " +
                          std::to_string(shape.columns) + " matrix (CUDA error " + std::to_string(result) + ")",
                      CL_INVALID_OPERATION);
  return map;
}

}  // namespace gemmtune
