#!/bin/bash
# H200: where the OpenCL launch's memory traffic comes from. The same program as runtime.sh, through
# OpenCL and CUDA: deeper K (4 times the products for the same C), and its PTX without the stores
# of C (grep'd out), each with nvidia-smi dmon sampling.
cd "$(dirname "$0")/.."
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
grep -c "st\.global" .gpu/wgmma.ptx; grep -m3 "st\.global" .gpu/wgmma.ptx
grep -v "st\.global" .gpu/wgmma.ptx > .gpu/nostore.ptx
sample() { sleep ${WARM:-1}; nvidia-smi dmon -s puc -d 1 -c 2 | tail -2; }
run() { echo "== $1"; shift; "$@" & sample; wait; sleep 1; }
export LD_LIBRARY_PATH=.gpu/lib
run "OpenCL K=16384" env K=16384 LOOPS=4000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
run "OpenCL without stores" env LOOPS=12000 .gpu/bin/ptxrun .gpu/nostore.ptx 4096
run "OpenCL zeros" env ZEROS=1 LOOPS=12000 .gpu/bin/ptxrun .gpu/wgmma.ptx 4096
WARM=6 run "CUDA without stores" env LOOPS=30000 python3 .gpu/launch.py .gpu/nostore.ptx xgemm_wgmma fp16 512 384 20
run "OpenCL n=8192" env LOOPS=1500 .gpu/bin/ptxrun .gpu/wgmma.ptx 8192
run "OpenCL n=2048" env LOOPS=60000 .gpu/bin/ptxrun .gpu/wgmma.ptx 2048
