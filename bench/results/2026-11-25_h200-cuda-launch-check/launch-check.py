# Launches the fp16 program that gemmtune's OpenCL build gave xgemm_wgmma (its PTX, read from the
# binary cache) through CUDA, as ../2026-11-24_h200-profiles/launch.py did, and this time checks
# what it wrote: C against cuBLAS's product of the same operands, and how much of C it wrote at all.
# With ZERO_ENVREG=1 the PTX's reads of %envreg0 and %envreg1 (which NVIDIA's OpenCL sets to the
# launch's global offset in work-groups, 0 here, and CUDA leaves to itself) are replaced by 0 first.
# Usage: [ZERO_ENVREG=1] python3 launch-check.py PTX [n]
import cupy as cp, numpy as np, os, re, sys, subprocess
ptx = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
if os.environ.get('ZERO_ENVREG'):
    text = re.sub(r'mov\.b32 \t(%r\d+), %envreg[01];', r'mov.b32 \t\1, 0;', open(ptx).read())
    ptx = '/tmp/zeroed.ptx'; open(ptx, 'w').write(text)
    print('envreg reads left:', text.count('%envreg'))
subprocess.run(['ptxas', '-arch=sm_90a', ptx, '-o', '/tmp/k.cubin'], check=True)
k = cp.RawModule(path='/tmp/k.cubin').get_function('xgemm_wgmma')
A = (cp.random.rand(n * n) * 2 - 1).astype(cp.float16); B = (cp.random.rand(n * n) * 2 - 1).astype(cp.float16)
C = cp.full(n * n, cp.nan, cp.float16)  # NaN: an element the kernel never writes stays NaN
i32, u64, f32 = np.int32, np.uint64, np.float32
args = (i32(n), i32(n), i32(n), f32(1), f32(0), A, u64(0), i32(n), B, u64(0), i32(n), C, u64(0), i32(n))
groups = (n // 128) * (n // 256)
k((groups,), (384,), args); cp.cuda.Device().synchronize()
reference = (A.reshape(n, n).astype(cp.float32) @ B.reshape(n, n).astype(cp.float32))
got = C.reshape(n, n).astype(cp.float32)
unwritten = int(cp.isnan(got).sum())
error = cp.abs(got - reference); scale = cp.abs(reference).max()
wrong = int(((error > 0.01 * scale) & ~cp.isnan(got)).sum())
print(f'n={n}: {unwritten} of {n * n} elements of C never written, {wrong} written wrong '
      f'(more than 1% of max |C| off), max error of the written {float(cp.nanmax(error)):.3g} of max |C| {float(scale):.3g}')
start, stop = cp.cuda.Event(), cp.cuda.Event(); times = []
for r in range(22):
    start.record(); k((groups,), (384,), args); stop.record(); stop.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, stop))
ms = sorted(times[2:])[10]
print(f'through CUDA: {ms:.4f} ms, {2 * n ** 3 / ms / 1e9:.1f} TFLOP/s')
