#!/bin/bash
# H200: xgemm_skinny tuned from an empty database (no earlier winners to start from) for two TN
# products with a tall, narrow C that neither the coverage set nor the starting points' own tuning holds,
# 30 s each, so that the description's starting points are the only seeds; then the five best.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-start
W=/tmp/start; mkdir -p $W
timeout 150 $G tune --db $W/fresh.db --family xgemm_skinny --trans TN --sizes 3072x16x1024,1760x32x1760 \
  --budget 200 --time-limit 30 > $W/tune.txt 2> $W/tune.err
echo "tune rc=$?"; grep -E "done|seed" $W/tune.err | head
for size in 3072x16x1024 1760x32x1760; do
  $G db show --db $W/fresh.db --family xgemm_skinny --size $size --trans TN --top 5 2>&1 | tee -a $W/best.txt
done
cp $W/tune.err $W/best.txt $OUT/
