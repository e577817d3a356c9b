#!/bin/bash
# H200: the fp16 4096^3 winner of xgemm_wgmma launched through OpenCL (ptxrun, the OpenCL C API
# alone; operands in three buffers, or in one pool) and through CUDA (launch.py), with the card's
# power, utilisation and clocks sampled by nvidia-smi dmon during several seconds of launches.
cd "$(dirname "$0")/.."
nvidia-smi dmon -s pucm -c 1 | head -2
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.entry xgemm_wgmma(' in t and b'.target sm_90a' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
sample() { sleep ${WARM:-1}; nvidia-smi dmon -s pucm -d 1 -c 3 | tail -3; }
run() { echo "== $1"; shift; "$@" & sample; wait; sleep 2; }
export LD_LIBRARY_PATH=.gpu/lib
run "OpenCL, three buffers" env LOOPS=12000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
# run "OpenCL, one pool of 96 MiB" env POOL_MB=1 LOOPS=12000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
# run "OpenCL, one pool of 4 GiB" env POOL_MB=4096 LOOPS=12000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
WARM=6 run "CUDA" env LOOPS=40000 python3 .gpu/launch.py .gpu/wgmma.ptx xgemm_wgmma fp16 512 384 20
run "OpenCL, three buffers, again" env LOOPS=12000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
