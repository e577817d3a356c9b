#!/bin/bash
# On the H200: the squares of the matrix-unit issues (1024^3 to 8192^3) at fp16, bf16, tf32 and
# 3xtf32 beside cuBLAS at the same precision (strict SGEMM for 3xtf32), the shipped tuning, timed
# both ways: per call (each call its own event) and as streams (calls back to back, no events).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-squares; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
bash .gpu/on-device.sh gemmtune db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for precision in fp16 bf16 tf32 3xtf32; do
  for timing in stream per-call; do
    timeout 120 bash .gpu/on-device.sh gemmtune bench --db $W/h200.db --precision $precision --sizes $sizes \
      --timing $timing --peers cublas --repeat 10 --json $W/$precision-$timing.json > $W/$precision-$timing.txt 2>&1
    echo "$precision $timing rc=$?"; grep -E "^[0-9]+x" $W/$precision-$timing.txt
  done
done
tar -C $W -czf $OUT/squares.tgz --exclude='*.db*' .
