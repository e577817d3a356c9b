#!/bin/bash
# H100: the changed xgemm_wgmma (fp16 4096^3, tiles of 128 x 256, a producer) under Nsight Compute
# with every section and per-instruction stall samples of the SASS. (Ran as .gpu/prof2.sh with
# profile-launch.py as .gpu/launch.py.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db OUT=${OUT:-/tmp/out}
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
python3 .gpu/launch.py wgmma 10 signed 2>&1 | tail -1
timeout 300 ncu --set full --import-source no -k regex:xgemm_wgmma -s 2 -c 1 -o /tmp/w python3 .gpu/launch.py wgmma 3 signed > /tmp/ncu.log 2>&1
ncu --import /tmp/w.ncu-rep > $OUT/ncu-details.txt 2>&1
ncu --import /tmp/w.ncu-rep --page source --csv --print-source sass > $OUT/ncu-sass.csv 2>&1
