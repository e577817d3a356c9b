#!/bin/bash
# H200, diagnosis: xgemm_stream without a split (one launch) against the split (two), and the
# time of a call that does almost nothing, to separate a call's fixed cost from reading A.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache-stream GEMMTUNE_DB=/tmp/probe.db
G="bash .gpu/on-device.sh gemmtune"
for config in KSPLIT=1,LK=4,LM=32,WPTM=4,WPTN=16,KWI=4 KSPLIT=1,LK=8,LM=32,WPTM=4,WPTN=8,KWI=4 \
              KSPLIT=2,LK=8,LM=32,WPTM=4,WPTN=8,KWI=4 KSPLIT=1,LK=8,LM=64,WPTM=2,WPTN=8,KWI=8; do
  for size in 8x1x32 3072x16x1024 3072x16x16384 3072x1x1024 384x16x8192; do
    printf '%-42s %-15s ' $config $size
    $G run --family xgemm_stream --config $config,VWA=4,VWB=4 --trans TN --size $size --repeat 50 2>&1 | grep -E '^time|error' | head -1
  done
done
$G bench --sizes 3072x16x1024,3072x1x1024,8x1x32 --trans TN --peers cublas --timing per-call --db /tmp/probe.db 2>&1 | grep -E 'x[0-9]+x' | head
$G bench --sizes 3072x16x1024,3072x1x1024,8x1x32 --trans TN --peers cublas --timing stream --db /tmp/probe.db 2>&1 | grep -E 'x[0-9]+x' | head
