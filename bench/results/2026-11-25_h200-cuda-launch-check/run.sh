#!/bin/bash
# H200: the fp16 4096^3 program of xgemm_wgmma, run through OpenCL by gemmtune (checked against
# OpenBLAS) and its PTX launched through CUDA with C checked (launch-check.py).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-cuda-launch-check
gunzip -f .gpu/lib/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-check GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
F16=BK=64,BN=256,COPY=0,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
rm -rf /tmp/cache-check
$G run --family xgemm_wgmma --config $F16 --precision fp16 --size 4096x4096x4096 --repeat 20 --check 2>&1 | tail -3
# A one-candidate tune leaves the program in the binary cache (run compiles in memory only).
$G tune --space $D/w16.json --precision fp16 --sizes 4096x4096x4096 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-check/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.entry xgemm_wgmma(' in t and b'.target sm_90a' in t: open('/tmp/wgmma.ptx', 'wb').write(t)
PY
grep -c envreg /tmp/wgmma.ptx; grep -m3 envreg /tmp/wgmma.ptx
python3 $D/launch-check.py /tmp/wgmma.ptx 4096 2>&1 | tail -3
cp /tmp/wgmma.ptx $OUT/wgmma-4096.ptx
# The same PTX with the offset CUDA does not set read as 0 (the launch OpenCL makes), checked and timed.
ZERO_ENVREG=1 python3 $D/launch-check.py /tmp/wgmma.ptx 4096 2>&1 | tail -3
