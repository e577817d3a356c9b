#!/bin/bash
# On the H200, diagnosis only: xgemm_outer (TN and TT, A stored K x M) tuned for 60 s on
# 3072x16x1024 TN into a copy of the shipped tuning (which holds none of its rows).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-outer; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 100 $G tune --db $W/h200.db --sizes 3072x16x1024 --trans TN --family xgemm_outer --budget 150 --time-limit 60 \
  > $W/tune-3072x16x1024-TN-xgemm_outer.log 2>&1; echo "tune rc=$?"
$G db show --db $W/h200.db --device 0 --size 3072x16x1024 --trans TN --family xgemm_outer --top 5 2>&1 |
  tee $W/show-3072x16x1024-TN-xgemm_outer.txt | cut -c1-250
tar -C $W -czf $OUT/outer.tgz --exclude='*.db*' .
