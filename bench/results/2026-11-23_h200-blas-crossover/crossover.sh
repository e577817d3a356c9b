# The drop-in BLAS's crossover on the H200: measured, recorded, then read by the library under NumPy.
export GEMMTUNE_DB=/tmp/h200.db GEMMTUNE_CACHE_DIR=/tmp/gc GEMMTUNE_DEVICE=nvidia:0
G="bash .gpu/on-device.sh gemmtune"
mkdir -p $OUT/r
$G db import configs/tuned/nvidia-h200.json > $OUT/r/import.txt 2>&1
$G crossover --precision both > $OUT/r/crossover.txt 2>&1
$G crossover --precision both --json > $OUT/r/crossover-again.json 2> $OUT/r/crossover-again.err
$G db list > $OUT/r/list.txt 2>&1
cat > /tmp/sizes.py <<'PY'
import time, numpy as np
for dtype in (np.float32, np.float64):
    for n in (128, 256, 512, 1024, 2048):
        a = np.ones((n, n), dtype=dtype); b = np.ones((n, n), dtype=dtype)
        a @ b
        ts = []
        for _ in range(5):
            t = time.perf_counter(); a @ b; ts.append(time.perf_counter() - t)
        print(dtype.__name__, n, f"{sorted(ts)[2]*1e3:.2f} ms")
PY
python3 /tmp/sizes.py > $OUT/r/numpy-own.txt 2>&1
LD_PRELOAD=$(pwd)/.gpu/bin/libgemmtune_blas.so LD_LIBRARY_PATH=$(pwd)/.gpu/lib:/usr/local/cuda/lib64 GEMMTUNE_BLAS_VERBOSE=1 \
  python3 /tmp/sizes.py > $OUT/r/numpy-gemmtune.txt 2> $OUT/r/numpy-gemmtune-verbose.txt
cd $OUT && tar czf crossover.tgz r && rm -rf r
