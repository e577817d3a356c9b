#!/bin/bash
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-jit2 GEMMTUNE_DB=/tmp/jit2-$$.db
rm -rf /tmp/cache-jit2
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-jit2/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('/tmp/wgmma.ptx', 'wb').write(t)
PY
ptxas -arch=sm_90a -v /tmp/wgmma.ptx -o /tmp/cuda.cubin 2>&1 | grep -E 'registers|spill|warn|Perf'
export LD_LIBRARY_PATH=.gpu/lib
for o in "-cl-nv-verbose" "-cl-nv-verbose -cl-nv-opt-level=3" "-cl-nv-verbose -cl-nv-maxrregcount=168"; do .gpu/bin/ptxbuild /tmp/wgmma.ptx "$o" 2>&1 | head -20; done
