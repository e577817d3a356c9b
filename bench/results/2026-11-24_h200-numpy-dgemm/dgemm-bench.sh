#!/bin/bash
# NumPy a @ b at 4096^3 in FP64 (dgemm_): on its own BLAS (host, 16 cores), through libgemmtune_blas.so
# preloaded (H200), and cuBLAS through PyTorch (with and without the copies).
set -u
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/configs/tuned/nvidia-h200.json.gz
here=$(pwd)/.gpu
mkdir -p $OUT/r
bash .gpu/on-device.sh gemmtune devices > /dev/null 2>&1  # registers the NVIDIA ICD
export GEMMTUNE_DB=/tmp/h200.db GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DEVICE=nvidia:0
bash .gpu/on-device.sh gemmtune db import .gpu/configs/tuned/nvidia-h200.json > $OUT/r/import.txt 2>&1
nproc > $OUT/r/host.txt; python3 -c "import numpy; print(numpy.__version__)" >> $OUT/r/host.txt
cat > /tmp/bench.py <<'PY'
import time, sys, numpy as np
n = 4096
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n), dtype=np.float64); b = rng.standard_normal((n, n), dtype=np.float64)
c = a @ b  # warm-up: opens the device, compiles
times = []
for _ in range(7):
    t = time.perf_counter(); c = a @ b; times.append(time.perf_counter() - t)
t = sorted(times)[3]
np.save(sys.argv[2], c[:64, :64])
print(f"{sys.argv[1]}: median of 7 {t*1e3:.1f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
PY
python3 /tmp/bench.py numpy-own /tmp/own.npy >> $OUT/r/bench.txt 2>&1
LD_PRELOAD=$here/lib/libgemmtune_blas.so LD_LIBRARY_PATH=$here/lib:/usr/local/cuda/lib64 GEMMTUNE_BLAS_VERBOSE=1 \
  python3 /tmp/bench.py numpy-gemmtune /tmp/gemmtune.npy >> $OUT/r/bench.txt 2>$OUT/r/verbose.txt
echo "device calls: $(grep -c 'on NVIDIA' $OUT/r/verbose.txt); $(head -1 $OUT/r/verbose.txt)" >> $OUT/r/bench.txt
python3 -c "
import numpy as np; a=np.load('/tmp/own.npy'); b=np.load('/tmp/gemmtune.npy'); print('max |gemmtune - numpy own| over C[:64,:64]:', float(np.max(np.abs(a-b))), 'max |C|', float(np.max(np.abs(a))))" >> $OUT/r/bench.txt
python3 - >> $OUT/r/bench.txt 2>&1 <<'PY'
import time, numpy as np, torch
n = 4096
torch.backends.cuda.matmul.allow_tf32 = False  # (float64: no TF32 anyway)
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n), dtype=np.float64); b = rng.standard_normal((n, n), dtype=np.float64)
def with_copies():
    return (torch.from_numpy(a).cuda() @ torch.from_numpy(b).cuda()).cpu().numpy()
with_copies(); torch.cuda.synchronize()
ts = []
for _ in range(7):
    t = time.perf_counter(); c = with_copies(); torch.cuda.synchronize(); ts.append(time.perf_counter() - t)
t = sorted(ts)[3]; print(f"cublas-with-copies (torch, pageable numpy arrays): median of 7 {t*1e3:.1f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
da, db = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
da @ db; torch.cuda.synchronize()
ts = []
for _ in range(11):
    t = time.perf_counter(); d = da @ db; torch.cuda.synchronize(); ts.append(time.perf_counter() - t)
t = sorted(ts)[5]; print(f"cublas-device-only: median of 11 {t*1e3:.2f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
PY
timeout 120 bash .gpu/on-device.sh gemmtune bench --precision 64 --sizes 4096 --repeat 10 > $OUT/r/bench-fp64-4096.txt 2>&1
cd $OUT && tar czf results.tgz r && rm -rf r
