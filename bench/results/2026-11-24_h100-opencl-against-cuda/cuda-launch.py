# Launches the PTX that NVIDIA's OpenCL driver gave a gemmtune program (read from gemmtune's binary
# cache) through CUDA, so that Nsight Compute, which does not profile OpenCL, can: 4096^3, random
# operands, the arguments every family takes. Usage: python3 profile-launch.py wgmma|mma64 [repeats]
import cupy as cp, numpy as np, sys, subprocess
which = sys.argv[1]; reps = int(sys.argv[2]) if len(sys.argv) > 2 else 10
n = 4096
import os
if os.environ.get('DRIVER_JIT'):
    mod = cp.RawModule(path=f'.gpu/{which}.ptx')  # the driver's JIT compiles the PTX
else:
    subprocess.run(['ptxas', '-arch=sm_90a', f'.gpu/{which}.ptx', '-o', f'/tmp/{which}.cubin'], check=True)
    mod = cp.RawModule(path=f'/tmp/{which}.cubin')
if which == 'wgmma':  # fp16, 256 x 128 tiles, 2 consumer warpgroups and a producer
    k = mod.get_function('xgemm_wgmma'); dt = cp.float16; grid = (4096 // 256) * (4096 // 128); block = 384
    scal = np.float32
else:
    k = mod.get_function('xgemm_mma64'); dt = cp.float64; grid = (4096 // 64) ** 2; block = 128
    scal = np.float64
dist = sys.argv[3] if len(sys.argv) > 3 else "unit"
make = {"file": lambda: cp.asarray(np.fromfile("/tmp/operands.bin", dtype=np.float16)).astype(cp.float64), "unit": lambda: cp.random.rand(n * n), "signed": lambda: cp.random.rand(n * n) * 2 - 1, "zeros": lambda: cp.zeros(n * n)}[dist]
A = make().astype(dt); B = make().astype(dt); C = cp.zeros(n * n, dt)
i32, u64 = np.int32, np.uint64
args = (i32(n), i32(n), i32(n), scal(1), scal(0), A, u64(0), i32(n), B, u64(0), i32(n), C, u64(0), i32(n))
print('attrs', k.attributes)
start, stop = cp.cuda.Event(), cp.cuda.Event()
times = []
for r in range(reps + 2):
    start.record(); k((grid,), (block,), args); stop.record(); stop.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, stop))
ms = sorted(times[2:])[reps // 2]
print(which, dist, 'ms', ms, 'TFLOP/s', 2 * n ** 3 / ms / 1e9)

import time, os
cp.cuda.Device().synchronize(); t0 = time.perf_counter()
loops = int(os.environ.get('LOOPS', '50'))
for r in range(loops): k((grid,), (block,), args)
cp.cuda.Device().synchronize(); wall = (time.perf_counter() - t0) * 1e3 / loops
print(which, dist, 'cuda wall per launch (50 back to back) ms', wall, 'TFLOP/s', 2 * n ** 3 / wall / 1e9)
