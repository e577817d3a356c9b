#!/bin/bash
# The same program through OpenCL (gemmtune run) and through CUDA (its PTX, CUDA's ptxas), operands
# uniform in [0, 1), in [-1, 1) (as gemmtune's) and zeros.
# (Ran as .gpu/gap.sh, with profile-launch.py as .gpu/launch.py taking the operands' kind and
# printing the median of its launches.)
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
F16=PRODUCER=1,BK=64,BN=128,COPY=0,GROUP_M=8,MT=2,STAGES=4,WARPGROUPS=2
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
for round in 1 2; do
  $G run --family xgemm_wgmma --config $F16 --precision fp16 --size 4096x4096x4096 --repeat 20 2>&1 | grep time
  for d in unit signed zeros; do python3 .gpu/launch.py wgmma 20 $d 2>&1 | tail -1; done
done
