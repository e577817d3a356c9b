# cuBLAS DGEMM through PyTorch at n^3 (float64, row-major NN as torch lays it), event-timed median,
# then LOOPS launches back to back.
import torch, sys, os, time
n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096; reps = int(sys.argv[2]) if len(sys.argv) > 2 else 20
a = torch.rand(n, n, dtype=torch.float64, device='cuda') * 2 - 1; b = torch.rand(n, n, dtype=torch.float64, device='cuda') * 2 - 1
c = torch.empty(n, n, dtype=torch.float64, device='cuda'); times = []
for r in range(reps + 2):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); torch.matmul(a, b, out=c); e.record(); e.synchronize(); times.append(s.elapsed_time(e))
ms = sorted(times[2:])[reps // 2]
print(f'cuBLAS DGEMM {n}^3: {ms:.4f} ms, {2 * n ** 3 / ms / 1e9:.1f} TFLOP/s')
loops = int(os.environ.get('LOOPS', '0'))
if loops:
    torch.cuda.synchronize(); t0 = time.perf_counter()
    for r in range(loops): torch.matmul(a, b, out=c)
    torch.cuda.synchronize(); wall = (time.perf_counter() - t0) * 1e3 / loops
    print(f'  {loops} back to back: {wall:.4f} ms, {2 * n ** 3 / wall / 1e9:.1f} TFLOP/s')
