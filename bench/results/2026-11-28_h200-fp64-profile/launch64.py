# Launches the PTX that NVIDIA's OpenCL driver gave xgemm_mma64 (read from gemmtune's binary cache)
# through CUDA, so that Nsight Compute can profile it: n^3, random operands of the packed operands'
# size (the kernel's time does not depend on their layout), the launch's global offsets (%envreg*,
# which OpenCL sets and CUDA does not) read as 0, and the kernel's __local arrays made one dynamic
# shared array (CUDA refuses static shared data over 48 KiB; OpenCL's own build takes it).
# Usage: python3 launch64.py PTX GROUPS THREADS [repeats] [n]; LOOPS=k adds k launches back to back.
import cupy as cp, numpy as np, os, re, sys, subprocess, time
ptx, groups, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
reps = int(sys.argv[4]) if len(sys.argv) > 4 else 20
n = int(sys.argv[5]) if len(sys.argv) > 5 else 4096
text = re.sub(r"mov\.b32 \t(%r\d+), %envreg\d+;", r"mov.b32 \t\1, 0;", open(ptx).read())
entry = 'xgemm_mma64'
declaration = re.compile(r'\t\.shared \.align (\d+) \.b8 (' + entry + r'_\$_\w+)\[(\d+)\];\n')
shared, offsets = 0, {}
for align, name, size in declaration.findall(text):
    shared = (shared + 127) // 128 * 128; offsets[name] = shared; shared += int(size)
text = declaration.sub('', text)
for name, offset in offsets.items(): text = re.sub(re.escape(name) + r'\b', f'dynamic_smem+{offset}', text)
text = text.replace('.address_size 64\n', '.address_size 64\n.extern .shared .align 128 .b8 dynamic_smem[];\n', 1)
open('/tmp/zeroed.ptx', 'w').write(text)
subprocess.run(['ptxas', '-arch=sm_90', '-v', '/tmp/zeroed.ptx', '-o', '/tmp/k64.cubin'], check=True)
k = cp.RawModule(path='/tmp/k64.cubin').get_function(entry)
k.max_dynamic_shared_size_bytes = shared
A = cp.random.rand(n * n) * 2 - 1; B = cp.random.rand(n * n) * 2 - 1; C = cp.zeros(n * n)
i32, u64, f64 = np.int32, np.uint64, np.float64
args = (i32(n), i32(n), i32(n), f64(1), f64(0), A, u64(0), i32(n), B, u64(0), i32(n), C, u64(0), i32(n))
start, stop = cp.cuda.Event(), cp.cuda.Event(); times = []
for r in range(reps + 2):
    start.record(); k((groups,), (threads,), args, shared_mem=shared); stop.record(); stop.synchronize()
    times.append(cp.cuda.get_elapsed_time(start, stop))
ms = sorted(times[2:])[reps // 2]
print(f'xgemm_mma64 fp64 {n}^3 kernel alone through CUDA: {ms:.4f} ms, {2 * n ** 3 / ms / 1e9:.1f} TFLOP/s')
loops = int(os.environ.get('LOOPS', '0'))
if loops:
    cp.cuda.Device().synchronize(); t0 = time.perf_counter()
    for r in range(loops): k((groups,), (threads,), args, shared_mem=shared)
    cp.cuda.Device().synchronize(); wall = (time.perf_counter() - t0) * 1e3 / loops
    print(f'  {loops} back to back: {wall:.4f} ms, {2 * n ** 3 / wall / 1e9:.1f} TFLOP/s')
