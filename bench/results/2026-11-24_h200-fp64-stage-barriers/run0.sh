#!/bin/bash
# xgemm_mma64: the bulk-copied packed path with wider warp tiles (64 x 32, 32 x 64) and 8 warps, a
# grid the shipped tuning never reached, at 4096^3 and 8192^3, beside the shipped winner.
# (Ran as .gpu/g1.sh; spaces/fp64-wide.json.)
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$W/grid.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=BK=16,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=4,VWA=2,VWB=2,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32
for n in 4096 8192; do timeout 60 $G run --family xgemm_mma64 --config $S --precision 64 --size ${n}x${n}x${n} --repeat 10 2>&1 | grep -E 'time'; done
timeout 220 $G tune --space .gpu/spaces/fp64-wide.json --precision 64 --sizes 4096 --strategy grid --budget 68 --session-time-limit 200 > $W/grid-4096.log 2>&1; echo "grid 4096 rc=$?"; grep -E 'best:' $W/grid-4096.log
timeout 280 $G tune --space .gpu/spaces/fp64-wide.json --precision 64 --sizes 8192 --strategy grid --budget 68 --session-time-limit 260 > $W/grid-8192.log 2>&1; echo "grid 8192 rc=$?"; grep -E 'best:' $W/grid-8192.log
$G db export --db $W/grid.db -o $W/grid.json --force > /dev/null 2>&1; echo "export rc=$?"
tar -C $W -czf $OUT/results.tgz --exclude='grid.db*' .
