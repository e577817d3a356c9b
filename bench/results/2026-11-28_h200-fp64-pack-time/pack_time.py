# Times the packing pass of xgemm_mma64 apart from its product: the PTX that NVIDIA's OpenCL driver
# gave the program (read from gemmtune's binary cache) launched through CUDA as launch64.py does
# (../2026-11-28_h200-fp64-profile/), pack_operand for op(A) and op(B)^T of an n^3 NN problem into
# tile images, the product on them, and the three back to back; a device-to-device copy of one
# operand as the memory's reference.
# Usage: python3 pack_time.py PTX TILE_ROWS_A TILE_ROWS_B TILE_DEPTH GROUPS THREADS [n]
import cupy as cp, numpy as np, re, subprocess, sys
ptx, rows_a, rows_b, depth_tile, groups, threads = sys.argv[1], *map(int, sys.argv[2:7])
n = int(sys.argv[7]) if len(sys.argv) > 7 else 4096
text = re.sub(r"mov\.b32 \t(%r\d+), %envreg\d+;", r"mov.b32 \t\1, 0;", open(ptx).read())
declaration = re.compile(r'\t\.shared \.align (\d+) \.b8 (xgemm_mma64_\$_\w+)\[(\d+)\];\n')
shared, offsets = 0, {}
for align, name, size in declaration.findall(text):
    shared = (shared + 127) // 128 * 128; offsets[name] = shared; shared += int(size)
text = declaration.sub('', text)
for name, offset in offsets.items(): text = re.sub(re.escape(name) + r'\b', f'dynamic_smem+{offset}', text)
text = text.replace('.address_size 64\n', '.address_size 64\n.extern .shared .align 128 .b8 dynamic_smem[];\n', 1)
open('/tmp/zeroed.ptx', 'w').write(text)
subprocess.run(['ptxas', '-arch=sm_90', '/tmp/zeroed.ptx', '-o', '/tmp/k64.cubin'], check=True)
module = cp.RawModule(path='/tmp/k64.cubin')
main, pack = module.get_function('xgemm_mma64'), module.get_function('pack_operand')
main.max_dynamic_shared_size_bytes = shared
i32, u64, f64 = np.int32, np.uint64, np.float64
A = cp.random.rand(n * n) * 2 - 1; B = cp.random.rand(n * n) * 2 - 1; C = cp.zeros(n * n)
P = cp.zeros(2 * n * n); copy = cp.empty_like(A)
N = i32(n)
def pack_a(): pack((n // 32, n // 32), (32, 8), (N, N, i32(1), i32(0), A, u64(0), N, P, u64(0), N, N, N, i32(rows_a), i32(depth_tile)))
def pack_b(): pack((n // 32, n // 32), (32, 8), (N, N, i32(0), i32(1), B, u64(0), N, P, u64(n * n), N, N, N, i32(rows_b), i32(depth_tile)))
def product(): main((groups,), (threads,), (N, N, N, f64(1), f64(0), P, u64(0), N, P, u64(n * n), N, C, u64(0), N), shared_mem=shared)
def call(): pack_a(); pack_b(); product()
def reference(): copy[:] = A
start, stop = cp.cuda.Event(), cp.cuda.Event()
def median_ms(f, reps=30):
    times = []
    for r in range(reps + 3):
        start.record(); f(); stop.record(); stop.synchronize(); times.append(cp.cuda.get_elapsed_time(start, stop))
    return sorted(times[3:])[reps // 2]
gb = 2 * n * n * 8 / 1e9
for name, f in (('pack op(A), rows paired', pack_a), ('pack op(B)^T', pack_b), ('product alone', product),
                ('the call: both packs and the product', call), ('copy of one operand (cupy)', reference)):
    ms = median_ms(f)
    extra = f', {gb / ms:.2f} TB/s moved' if 'pack' in name and 'call' not in name or 'copy' in name else ''
    extra += f', {2 * n ** 3 / ms / 1e9:.1f} TFLOP/s' if 'product' in name or 'call' in name else ''
    print(f'{name}: {ms:.4f} ms{extra}')
