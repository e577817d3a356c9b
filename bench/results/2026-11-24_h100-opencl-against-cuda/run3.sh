#!/bin/bash
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-jit4 GEMMTUNE_DB=/tmp/jit4-$$.db
rm -rf /tmp/cache-jit4
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-jit4/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
ptxas -arch=sm_90a .gpu/wgmma.ptx -o /tmp/w.cubin
for r in 1 2; do
  LD_LIBRARY_PATH=.gpu/lib .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
  LD_LIBRARY_PATH=.gpu/lib .gpu/bin/ptxrun /tmp/w.cubin 4096
  DRIVER_JIT=1 python3 .gpu/cuda-launch.py wgmma 20 signed 2>&1 | tail -1
  python3 .gpu/cuda-launch.py wgmma 20 signed 2>&1 | tail -1
done
