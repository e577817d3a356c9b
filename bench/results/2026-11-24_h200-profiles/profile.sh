#!/bin/bash
# H200: the shipped 4096^3 winners of xgemm_wgmma (fp16) and xgemm_mma64 (fp64), timed through
# OpenCL (gemmtune run) and, from the PTX in gemmtune's binary cache, through CUDA under Nsight
# Compute (every section, and per-instruction stall samples of the SASS).
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db OUT=${OUT:-/tmp/out}
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
F16=BK=64,BN=256,COPY=0,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
F64=BK=16,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=4,VWA=2,VWB=2,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32
$G run --family xgemm_wgmma --config $F16 --precision fp16 --size 4096x4096x4096 --repeat 20 2>&1 | tail -2
$G run --family xgemm_mma64 --config $F64 --precision fp64 --size 4096x4096x4096 --repeat 20 2>&1 | tail -2
$G tune --space .gpu/spaces/w16.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
$G tune --space .gpu/spaces/m64.json --precision fp64 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
ls /tmp/cache | head
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.entry xgemm_wgmma(' in t and b'.target sm_90a' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
    if b'.entry xgemm_mma64(' in t: open('.gpu/mma64.ptx', 'wb').write(t)
PY
ls -la .gpu/*.ptx
python3 .gpu/launch.py .gpu/wgmma.ptx xgemm_wgmma fp16 512 384 20 2>&1 | tail -3
python3 .gpu/launch.py .gpu/mma64.ptx xgemm_mma64 fp64 4096 128 20 2>&1 | tail -3
for which in "wgmma xgemm_wgmma fp16 512 384" "mma64 xgemm_mma64 fp64 4096 128"; do
  set -- $which
  timeout 200 ncu --set full --import-source no -k regex:$2 -s 2 -c 1 -o /tmp/$1 python3 .gpu/launch.py .gpu/$1.ptx $2 $3 $4 $5 3 > /tmp/ncu-$1.log 2>&1
  tail -3 /tmp/ncu-$1.log
  ncu --import /tmp/$1.ncu-rep > $OUT/ncu-$1.txt 2>&1
  ncu --import /tmp/$1.ncu-rep --page source --csv --print-source sass > $OUT/ncu-$1-sass.csv 2>&1
done
