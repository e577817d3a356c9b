#!/bin/bash
# xgemm_mma64's PACK (tile-image layout, 16-byte fragment pairs) and COPY (bulk copies of tile
# images): checks at every transposition, layout and odd sizes, single configurations at 4096^3 and
# 8192^3 beside the shipped winner, then a tuning of both sizes. (Ran as .gpu/fp64b.sh.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
check() {  # config trans size layout repeat
  timeout 25 $G run --family xgemm_mma64 --config $1 --precision 64 --trans $2 --size $3 --layout ${4:-row} --check --repeat ${5:-2} > /tmp/check.txt 2>&1
  echo "check $1 $2 $3 ${4:-row} rc=$? $(grep -iE 'check|error|gflop|tflop' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-160)"
}
T=MMA_M=16,WARPS_M=2,WARPS_N=2,WTM=64,WTN=32,GROUP_M=8
for C in 0 1; do
  check $T,MMA_K=8,BK=16,STAGES=3,PACK=1,COPY=$C NN 200x136x264
  check $T,MMA_K=8,BK=16,STAGES=3,PACK=1,COPY=$C TT 1000x777x333
  check $T,MMA_K=16,BK=32,STAGES=3,PACK=1,COPY=$C NT 333x555x777 col
  check $T,MMA_K=8,BK=32,STAGES=4,PACK=1,COPY=$C TN 517x300x3000
  check MMA_M=16,MMA_K=8,WARPS_M=2,WARPS_N=2,WTM=32,WTN=16,BK=16,STAGES=4,KSPLIT=4,PACK=1,COPY=$C NN 300x300x5000
  check $T,MMA_K=16,BK=16,STAGES=5,PACK=1,COPY=$C NN 256x256x8192
  check $T,MMA_K=8,BK=16,STAGES=2,PACK=1,COPY=$C NT 1x1x1
done
for s in 4096 8192; do
  echo "--- $s^3"
  for c in $T,MMA_K=8,BK=8,STAGES=3,PACK=0 $T,MMA_K=8,BK=16,STAGES=3,PACK=1,COPY=0 \
    $T,MMA_K=8,BK=16,STAGES=3,PACK=1,COPY=1 $T,MMA_K=8,BK=16,STAGES=4,PACK=1,COPY=1 \
    $T,MMA_K=16,BK=16,STAGES=4,PACK=1,COPY=1 $T,MMA_K=8,BK=32,STAGES=3,PACK=1,COPY=1 \
    MMA_M=16,MMA_K=8,WARPS_M=2,WARPS_N=4,WTM=64,WTN=32,BK=16,STAGES=4,PACK=1,COPY=1 \
    MMA_M=16,MMA_K=8,WARPS_M=4,WARPS_N=2,WTM=32,WTN=64,BK=16,STAGES=4,PACK=1,COPY=1; do
    check $c NN ${s}x${s}x${s} row 10
  done
done
echo "--- tuning"
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 200 $G tune --family xgemm_mma64 --precision 64 --sizes 4096,8192 --budget 80 --session-time-limit 180 > $W/tune-fp64.log 2>&1; echo "tune rc=$?"
grep -E "best|isolation" $W/tune-fp64.log | tail -6
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1
tar -C $W -czf $OUT/results.tgz .
