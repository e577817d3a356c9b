#!/bin/bash
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-jit3 GEMMTUNE_DB=/tmp/jit3-$$.db
rm -rf /tmp/cache-jit3
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-jit3/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
for r in 1 2; do
  $G run --family xgemm_wgmma --config PRODUCER=1,BK=64,BN=256,COPY=0,GROUP_M=8,MT=1,STAGES=4,WARPGROUPS=2 --precision fp16 --size 4096x4096x4096 --repeat 20 2>&1 | grep time
  LD_LIBRARY_PATH=.gpu/lib .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
  python3 .gpu/cuda-launch.py wgmma 20 signed 2>&1 | tail -1
done
