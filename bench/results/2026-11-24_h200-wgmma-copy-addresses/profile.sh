#!/bin/bash
# On the H100 (same kernels, half the device time): the shipped fp16 4096^3 winner of xgemm_wgmma
# built by gemmtune (a one-candidate tune fills the binary cache), its PTX taken from the cache and
# assembled by CUDA's ptxas for the SASS, then launched through CUDA under Nsight Compute.
# (Ran as .gpu/diag.sh and .gpu/prof.sh; spaces/w16.json holds the one configuration below.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db OUT=${OUT:-/tmp/out}
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
F16=PRODUCER=1,BK=64,BN=128,COPY=0,GROUP_M=8,MT=2,STAGES=4,WARPGROUPS=2
$G run --family xgemm_wgmma --config $F16 --precision fp16 --size 4096x4096x4096 --repeat 10 2>&1 | tail -1
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
ptxas -arch=sm_90a -v .gpu/wgmma.ptx -o /tmp/wgmma.cubin 2>&1 | grep -E 'registers|spill'
cuobjdump -sass /tmp/wgmma.cubin > $OUT/wgmma.sass
python3 .gpu/launch.py wgmma 10 2>&1 | tail -1
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section InstructionStats"
timeout 200 ncu -k regex:xgemm_wgmma -s 2 -c 1 $S python3 .gpu/launch.py wgmma 3 > $OUT/ncu-wgmma.txt 2>&1
