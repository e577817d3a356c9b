#!/bin/bash
# After tune.sh, on the same machine (its database: the shipped tuning and tune.sh's rows):
# gemmtune bench beside cuBLAS at fp16, bf16 and tf32 at the squares of 1024 to 8192, per call and
# as streams, one run per precision and timing.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for p in fp16 bf16 tf32; do
  for timing in per-call stream; do
    timeout 80 $G bench --db /tmp/tune.db --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 \
      > $OUT/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x|geomean" $OUT/$p-$timing.txt
  done
done
