#!/bin/bash
# NumPy's float64 a @ b at 4096^3 (dgemm_) through libgemmtune_blas.so preloaded on the H200, with
# the shipped tuning of A's rows paired, beside NumPy on its own BLAS and cuBLAS through PyTorch
# (as ../2026-11-24_h200-numpy-dgemm/dgemm-bench.sh did), and the device's part of the call:
# `gemmtune bench --precision 64` at 4096^3 beside cuBLAS DGEMM.
set -u
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
here=$(pwd)/.gpu; R=$OUT
export GEMMTUNE_DB=/tmp/h200.db GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DEVICE=nvidia:0
bash .gpu/on-device.sh gemmtune db import configs/tuned/nvidia-h200.json > $R/import.txt 2>&1
nproc > $R/host.txt; python3 -c "import numpy; print(numpy.__version__)" >> $R/host.txt
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
timeout 40 python3 /tmp/bench.py numpy-own /tmp/own.npy >> $R/bench.txt 2>&1
LD_PRELOAD=$here/lib/libgemmtune_blas.so LD_LIBRARY_PATH=$here/lib:/usr/local/cuda/lib64 GEMMTUNE_BLAS_VERBOSE=1 \
  timeout 60 python3 /tmp/bench.py numpy-gemmtune /tmp/gemmtune.npy >> $R/bench.txt 2>$R/verbose.txt
echo "device calls: $(grep -c 'on NVIDIA' $R/verbose.txt); $(head -1 $R/verbose.txt)" >> $R/bench.txt
python3 -c "
import numpy as np; a=np.load('/tmp/own.npy'); b=np.load('/tmp/gemmtune.npy'); print('max |gemmtune - numpy own| over C[:64,:64]:', float(np.max(np.abs(a-b))), 'max |C|', float(np.max(np.abs(a))))" >> $R/bench.txt
timeout 40 python3 - >> $R/bench.txt 2>&1 <<'PY'
import time, numpy as np, torch
n = 4096
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n), dtype=np.float64); b = rng.standard_normal((n, n), dtype=np.float64)
def with_copies():
    return (torch.from_numpy(a).cuda() @ torch.from_numpy(b).cuda()).cpu().numpy()
with_copies(); torch.cuda.synchronize()
ts = []
for _ in range(7):
    t = time.perf_counter(); c = with_copies(); torch.cuda.synchronize(); ts.append(time.perf_counter() - t)
t = sorted(ts)[3]; print(f"cublas-with-copies (torch, pageable numpy arrays): median of 7 {t*1e3:.1f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
PY
timeout 40 bash .gpu/on-device.sh gemmtune bench --precision 64 --sizes 4096 --repeat 10 --peers cublas > $R/bench-fp64-4096.txt 2>&1
cat $R/bench.txt; tail -3 $R/bench-fp64-4096.txt
