# Launches the PTX that NVIDIA's OpenCL driver gave a gemmtune program (read from gemmtune's binary
# cache) through CUDA, so that Nsight Compute, which does not profile OpenCL, can: n^3, random
# operands, the arguments every family takes.
# Usage: python3 launch.py PTX ENTRY fp16|fp64 GROUPS THREADS [repeats] [n]
import cupy as cp, numpy as np, sys, subprocess
ptx, entry, precision, groups, threads = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
reps = int(sys.argv[6]) if len(sys.argv) > 6 else 10
n = int(sys.argv[7]) if len(sys.argv) > 7 else 4096
arch = 'sm_90a' if b'.target sm_90a' in open(ptx, 'rb').read() else 'sm_90'
subprocess.run(['ptxas', '-arch=' + arch, '-v', ptx, '-o', '/tmp/k.cubin'], check=True)
k = cp.RawModule(path='/tmp/k.cubin').get_function(entry)
dt, scal = (cp.float16, np.float32) if precision == 'fp16' else (cp.float64, np.float64)
A = (cp.random.rand(n * n) * 2 - 1).astype(dt); B = (cp.random.rand(n * n) * 2 - 1).astype(dt)
C = cp.zeros(n * n, dt)
i32, u64 = np.int32, np.uint64
args = (i32(n), i32(n), i32(n), scal(1), scal(0), A, u64(0), i32(n), B, u64(0), i32(n), C, u64(0), i32(n))
start, stop = cp.cuda.Event(), cp.cuda.Event()
times = []
for r in range(reps + 2):
    start.record(); k((groups,), (threads,), args); stop.record(); stop.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, stop))
ms = sorted(times[2:])[reps // 2]
print(entry, precision, n, 'through CUDA: ms', round(ms, 4), 'TFLOP/s', round(2 * n ** 3 / ms / 1e9, 1))

import os, time
loops = int(os.environ.get('LOOPS', '0'))
if loops:
    cp.cuda.Device().synchronize(); t0 = time.perf_counter()
    for r in range(loops): k((groups,), (threads,), args)
    cp.cuda.Device().synchronize(); wall = (time.perf_counter() - t0) * 1e3 / loops
    print(entry, precision, n, 'through CUDA,', loops, 'back to back: ms', round(wall, 4), 'TFLOP/s', round(2 * n ** 3 / wall / 1e9, 1))
