#!/bin/bash
# H200: where xgemm_mma64's fp64 time goes at 4096^3. The shipped winner (m64.json) timed through
# OpenCL (`gemmtune run`, the call: packing pass and product), its PTX (from the binary cache of a
# one-candidate tune) launched alone through CUDA (launch64.py) and under Nsight Compute, beside
# cuBLAS DGEMM through PyTorch under Nsight Compute; power and clocks sampled while each runs back
# to back.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export PATH=$PATH:/usr/local/cuda/bin GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
D=bench/results/2026-11-28_h200-fp64-profile
G="bash .gpu/on-device.sh gemmtune"
F64=$(python3 -c "import json; print(','.join(p['name'] + '=' + str(p['values'][0]) for p in json.load(open('$D/m64.json'))['parameters']))")
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for n in 4096 8192; do $G run --family xgemm_mma64 --config $F64 --precision fp64 --size $n --repeat 20 --check 2>&1 | tail -2; done
$G tune --space $D/m64.json --precision fp64 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read()
    if b'.entry xgemm_mma64(' not in b: continue
    start = b.rfind(b'//', 0, b.find(b'.version'))
    start = b.rfind(b'\0', 0, start) + 1
    open('/tmp/mma64.ptx', 'wb').write(b[start:].split(b'\0')[0])
PY
ls -la /tmp/mma64.ptx; cp /tmp/mma64.ptx $OUT/
sample() { nvidia-smi --query-gpu=power.draw,clocks.sm,utilization.memory --format=csv,noheader -lms 250 > $OUT/smi-$1.txt & }
sample cuda; LOOPS=600 python3 $D/launch64.py /tmp/mma64.ptx 2048 128 20 4096 2>&1 | grep -v "^ptxas info\|^$" | tail -6; kill %1
sample cublas; LOOPS=600 python3 $D/torch_dgemm.py 4096 2>&1 | tail -2; kill %1
sample opencl; $G run --family xgemm_mma64 --config $F64 --precision fp64 --size 4096 --repeat 600 2>&1 | tail -1; kill %1
python3 $D/launch64.py /tmp/mma64.ptx 8192 128 10 8192 2>&1 | tail -1
python3 $D/torch_dgemm.py 8192 10 2>&1 | tail -1
timeout 240 ncu --set full --clock-control none --import-source no -k regex:xgemm_mma64 -s 2 -c 1 -o /tmp/mma64 \
  python3 $D/launch64.py /tmp/mma64.ptx 2048 128 3 4096 > /tmp/ncu-mma64.log 2>&1; echo "ncu rc=$?"; tail -2 /tmp/ncu-mma64.log
ncu --import /tmp/mma64.ncu-rep > $OUT/ncu-mma64.txt 2>&1
ncu --import /tmp/mma64.ncu-rep --page source --csv --print-source sass > $OUT/ncu-mma64-sass.csv 2>&1
timeout 240 ncu --set full --clock-control none -k regex:gemm -s 2 -c 1 -o /tmp/cublas \
  python3 $D/torch_dgemm.py 4096 3 > /tmp/ncu-cublas.log 2>&1; echo "ncu rc=$?"; tail -2 /tmp/ncu-cublas.log
ncu --import /tmp/cublas.ncu-rep > $OUT/ncu-cublas.txt 2>&1
gzip -9 $OUT/*.csv
