#!/bin/bash
# On the H200, diagnosis only (nothing here is shipped): what the families can do on the two
# problems of real_applications.txt still below 0.5x cuBLAS as streams, 3072x16x1024 TN and
# 512x49x2048 NN. Each is tuned for 60 s a family into a copy of the shipped tuning (seeded, as
# tune does, by the nearest problems' winners), and the fastest configurations are listed.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-two; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for problem in "3072x16x1024 TN" "512x49x2048 NN"; do
  set -- $problem
  for family in xgemm xgemm_skinny; do
    timeout 100 $G tune --db $W/h200.db --sizes $1 --trans $2 --family $family --budget 150 --time-limit 60 \
      > $W/tune-$1-$2-$family.log 2>&1; echo "$1 $2 $family rc=$?"
  done
  for family in xgemm xgemm_skinny; do
    $G db show --db $W/h200.db --device 0 --size $1 --trans $2 --family $family --top 5 2>&1 |
      tee $W/show-$1-$2-$family.txt | cut -c1-250
  done
done
$G db list --db $W/h200.db 2>&1 | head -5
tar -C $W -czf $OUT/two.tgz --exclude='*.db*' .
