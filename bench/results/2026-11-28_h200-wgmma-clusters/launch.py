# Launches an fp16 program of xgemm_wgmma that gemmtune's OpenCL build left in the binary cache (its
# PTX) through CUDA, with the OpenCL launch offset (%envreg0, %envreg1) read as 0, checks C against
# cuBLAS's product of the same operands and times it: for Nsight Compute, which profiles CUDA
# launches only. Usage: python3 launch.py PTX n threads BM BN [repeats]
import cupy as cp, numpy as np, re, sys, subprocess
ptx, n, threads, bm, bn = sys.argv[1], *map(int, sys.argv[2:6])
repeats = int(sys.argv[6]) if len(sys.argv) > 6 else 22
text = re.sub(r'mov\.b32 \t(%r\d+), %envreg[01];', r'mov.b32 \t\1, 0;', open(ptx).read())
open('/tmp/zeroed.ptx', 'w').write(text)
subprocess.run(['ptxas', '-arch=sm_90a', '/tmp/zeroed.ptx', '-o', '/tmp/k.cubin'], check=True)
k = cp.RawModule(path='/tmp/k.cubin').get_function('xgemm_wgmma')
A = (cp.random.rand(n * n) * 2 - 1).astype(cp.float16); B = (cp.random.rand(n * n) * 2 - 1).astype(cp.float16)
C = cp.full(n * n, cp.nan, cp.float16)
i32, u64, f32 = np.int32, np.uint64, np.float32
args = (i32(n), i32(n), i32(n), f32(1), f32(0), A, u64(0), i32(n), B, u64(0), i32(n), C, u64(0), i32(n))
groups = (n // bm) * (n // bn)
k((groups,), (threads,), args); cp.cuda.Device().synchronize()
reference = A.reshape(n, n).astype(cp.float32) @ B.reshape(n, n).astype(cp.float32)
error = float(cp.nanmax(cp.abs(C.reshape(n, n).astype(cp.float32) - reference)))
print(f'n={n}: {int(cp.isnan(C).sum())} unwritten, max error {error:.3g}')
start, stop = cp.cuda.Event(), cp.cuda.Event(); times = []
for r in range(repeats):
    start.record(); k((groups,), (threads,), args); stop.record(); stop.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, stop))
ms = sorted(times)[len(times) // 2]
print(f'through CUDA: {ms:.4f} ms, {2 * n ** 3 / ms / 1e9:.1f} TFLOP/s')
