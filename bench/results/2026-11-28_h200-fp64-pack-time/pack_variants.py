# What holds xgemm_mma64's packing pass below the memory's speed: pack_operand of
# kernels/operand_pack.cl written again in CUDA (NVRTC) for FP64 tile images, its tile shape passed
# as arguments (as the OpenCL kernel takes it) or compiled in, and with A's paired rows stored as
# 16-byte pairs; each timed packing one 4096^2 operand, beside a device-to-device copy.
import cupy as cp, numpy as np
source = r'''
#define SW(row, column, rows) ((column) / 16 * ((rows) * 16) + (row) * 16 + ((((column) % 16) / 2) ^ ((row) % 8)) * 2 + (column) % 2)
#define RP(row, column, depth) (2 * ((((row) / 16) * 8 + (row) % 8) * (depth) + (column) / 8 * 8 + (((column) % 8) ^ ((column) / 8 % 2 * 2) ^ ((row) % 2))) + (row) / 8 % 2)
__device__ __forceinline__ size_t index_of(int r, int k, int packed_depth, int tile_rows, int tile_depth, int paired) {
  const size_t tile = (size_t)(r / tile_rows) * (packed_depth / tile_depth) + k / tile_depth;
  return tile * tile_rows * tile_depth + (paired ? RP(r % tile_rows, k % tile_depth, tile_depth) : SW(r % tile_rows, k % tile_depth, tile_rows));
}
template <int TR, int TD>
__device__ __forceinline__ void body(int rows, int depth, int kc, int paired, const double* X, int ld, double* P, int packed_depth, int tr, int td, int pairs) {
  __shared__ double block[32][33];
  const int x = threadIdx.x, y = threadIdx.y, k0 = blockIdx.x * 32, r0 = blockIdx.y * 32;
  for (int i = y; i < 32; i += 8) {
    const int r = kc ? r0 + i : r0 + x, k = kc ? k0 + x : k0 + i;
    const double v = r < rows && k < depth ? X[kc ? (size_t)r * ld + k : (size_t)k * ld + r] : 0;
    if (kc) block[i][x] = v; else block[x][i] = v;
  }
  __syncthreads();
  const int tile_rows = TR ? TR : tr, tile_depth = TD ? TD : td;
  if (pairs && paired) {
    for (int i = y; i < 32; i += 8) {
      if (i % 16 >= 8) continue;
      const int r = r0 + i, k = k0 + x;
      *(double2*)(P + index_of(r, k, packed_depth, tile_rows, tile_depth, 1)) = make_double2(block[i][x], block[i + 8][x]);
    }
  } else {
    for (int i = y; i < 32; i += 8) {
      const int r = r0 + i, k = k0 + x;
      P[index_of(r, k, packed_depth, tile_rows, tile_depth, paired)] = block[i][x];
    }
  }
}
extern "C" __global__ void __launch_bounds__(256) pack_runtime(int rows, int depth, int kc, int paired, const double* X, int ld, double* P, int pd, int tr, int td) {
  body<0, 0>(rows, depth, kc, paired, X, ld, P, pd, tr, td, 0);
}
extern "C" __global__ void __launch_bounds__(256) pack_compiled(int rows, int depth, int kc, int paired, const double* X, int ld, double* P, int pd, int tr, int td) {
  if (paired) body<128, 32>(rows, depth, kc, 1, X, ld, P, pd, tr, td, 0); else body<64, 32>(rows, depth, kc, 0, X, ld, P, pd, tr, td, 0);
}
extern "C" __global__ void __launch_bounds__(256) pack_compiled_pairs(int rows, int depth, int kc, int paired, const double* X, int ld, double* P, int pd, int tr, int td) {
  if (paired) body<128, 32>(rows, depth, kc, 1, X, ld, P, pd, tr, td, 1); else body<64, 32>(rows, depth, kc, 0, X, ld, P, pd, tr, td, 1);
}
'''
module = cp.RawModule(code=source, options=('-arch=sm_90',))
n = 4096; i32 = np.int32; N = i32(n)
A = cp.random.rand(n * n) * 2 - 1; B = cp.random.rand(n * n) * 2 - 1
P = cp.zeros(n * n); Q = cp.zeros(n * n); copy = cp.empty_like(A)
start, stop = cp.cuda.Event(), cp.cuda.Event()
def median_ms(f, reps=30):
    times = []
    for r in range(reps + 3):
        start.record(); f(); stop.record(); stop.synchronize(); times.append(cp.cuda.get_elapsed_time(start, stop))
    return sorted(times[3:])[reps // 2]
gb = 2 * n * n * 8 / 1e9
print(f'copy of one operand: {median_ms(lambda: copy.__setitem__(slice(None), A)):.4f} ms')
reference = {}
for name in ('pack_runtime', 'pack_compiled', 'pack_compiled_pairs'):
    f = module.get_function(name)
    for label, kc, paired, X, tr in (('op(A) rows paired', 1, 1, A, 128), ("op(B)^T", 0, 0, B, 64)):
        out = P if paired else Q
        launch = lambda: f((n // 32, n // 32), (32, 8), (N, N, i32(kc), i32(paired), X, N, out, N, i32(tr), i32(32)))
        ms = median_ms(launch)
        same = reference.setdefault(label, out.copy()) if name == 'pack_runtime' else None
        agree = bool(cp.array_equal(out, reference[label]))
        print(f'{name} {label}: {ms:.4f} ms, {gb / ms:.2f} TB/s, same as pack_runtime: {agree}')
