#!/bin/bash
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-clk2 GEMMTUNE_DB=/tmp/clk2-$$.db
rm -rf /tmp/cache-clk2
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-clk2/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
sample() { for i in 1 2 3 4; do sleep 0.5; nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader; done; }
echo "== OpenCL"; DUMP=/tmp/operands.bin LOOPS=12000 LD_LIBRARY_PATH=.gpu/lib .gpu/bin/ptxrun .gpu/wgmma.ptx 4096 & sleep 1.5; sample; wait; sleep 3
echo "== CUDA, the same operands"; LOOPS=14000 python3 .gpu/cuda-launch.py wgmma 5 file 2>&1 | tail -1 & sleep 3.5; sample; wait; sleep 3
echo "== CUDA, signed uniform"; LOOPS=14000 python3 .gpu/cuda-launch.py wgmma 5 signed 2>&1 | tail -1 & sleep 3.5; sample; wait
