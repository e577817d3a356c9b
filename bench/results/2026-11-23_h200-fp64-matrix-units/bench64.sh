# Double precision on the H200 as a user gets it: the shipped tuning imported into an empty database.
export GEMMTUNE_DB=/tmp/h200.db GEMMTUNE_CACHE_DIR=/tmp/gc GEMMTUNE_DEVICE=nvidia:0
G="bash .gpu/on-device.sh gemmtune"
mkdir -p $OUT/r
$G db import configs/tuned/nvidia-h200.json > $OUT/r/import.txt 2>&1
timeout 200 $G bench --device nvidia:0 --precision 64 --json $OUT/r/bench11-fp64.json > $OUT/r/bench11-fp64.txt 2>&1
timeout 330 $G bench --device nvidia:0 --precision 64 --problems .gpu/random_fp64_60.txt --repeat 7 --json $OUT/r/random60-fp64.json > $OUT/r/random60-fp64.txt 2>&1
cat > /tmp/bench.py <<'PY'
import time, sys, numpy as np
n = 4096
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n)); b = rng.standard_normal((n, n))
c = a @ b
times = []
for _ in range(7):
    t = time.perf_counter(); c = a @ b; times.append(time.perf_counter() - t)
t = sorted(times)[3]
np.save(sys.argv[2], c[:64, :64])
print(f"{sys.argv[1]}: float64 4096^3 median of 7 {t*1e3:.1f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
PY
python3 /tmp/bench.py numpy-own /tmp/own.npy >> $OUT/r/numpy-fp64.txt 2>&1
LD_PRELOAD=$(pwd)/.gpu/bin/libgemmtune_blas.so LD_LIBRARY_PATH=$(pwd)/.gpu/lib:/usr/local/cuda/lib64 GEMMTUNE_BLAS_VERBOSE=1 \
  python3 /tmp/bench.py numpy-gemmtune /tmp/gemmtune.npy >> $OUT/r/numpy-fp64.txt 2>$OUT/r/verbose.txt
echo "device calls: $(grep -c 'on NVIDIA' $OUT/r/verbose.txt); $(grep dgemm $OUT/r/verbose.txt | head -2)" >> $OUT/r/numpy-fp64.txt
python3 -c "
import numpy as np; a=np.load('/tmp/own.npy'); b=np.load('/tmp/gemmtune.npy'); print('max |gemmtune - numpy own| over C[:64,:64]:', float(np.max(np.abs(a-b))), 'max |C|', float(np.max(np.abs(a))))" >> $OUT/r/numpy-fp64.txt
python3 - >> $OUT/r/numpy-fp64.txt 2>&1 <<'PY'
import time, numpy as np, torch
n = 4096
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n)); b = rng.standard_normal((n, n))
def with_copies():
    return (torch.from_numpy(a).cuda() @ torch.from_numpy(b).cuda()).cpu().numpy()
with_copies(); torch.cuda.synchronize()
ts = []
for _ in range(7):
    t = time.perf_counter(); c = with_copies(); torch.cuda.synchronize(); ts.append(time.perf_counter() - t)
t = sorted(ts)[3]; print(f"cublas-with-copies (torch float64): median of 7 {t*1e3:.1f} ms, {2*n**3/t/1e12:.2f} TFLOP/s")
PY
cd $OUT && tar czf results.tgz r && rm -rf r
