#!/bin/bash
# H200, this session's build (events only where read): gemmtune bench beside cuBLAS and CLBlast on
# the 20 real applications' problems that stood below 0.6x cuBLAS in FP32 (real-worst-20.txt), per
# call and as streams; fp16 and bf16 at 1024^3 to 8192^3 beside cuBLAS per call and as streams.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-worst
W=/tmp/worst; rm -rf $W; mkdir -p $W
DB=/tmp/worst.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
H=bench/results/2026-11-29_h200-wgmma-untuned-shapes
for timing in per-call stream; do
  timeout 150 $G bench --db $DB --precision fp32 --problems $H/real-worst-20.txt --timing $timing --peers cublas,clblast \
    --repeat 10 --json $W/real-worst-$timing.json > $W/real-worst-$timing.txt 2>&1
  echo "fp32 real-worst $timing rc=$?"; grep -E "^[0-9]+x" $W/real-worst-$timing.txt; grep -A8 "^class" $W/real-worst-$timing.txt
done 2>&1 | tee $W/bench-summary.txt
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for p in fp16 bf16; do
  for timing in per-call stream; do
    timeout 80 $G bench --db $DB --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 > $W/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $W/$p-$timing.txt
  done
done 2>&1 | tee -a $W/bench-summary.txt
tar -C $W -czf $OUT/results.tgz .
