#!/bin/bash
# On the H200: xgemm_mma64 at fp64 4096^3 and 8192^3 (NN) tuned over work-group tiles of 64 x 128
# and more on packed operands copied in bulk (space.json), into a copy of the shipped tuning, then
# `gemmtune bench --precision 64` at both sizes beside cuBLAS DGEMM and CLBlast, the shipped tuning
# alone first and then with the new rows.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-fp64; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
S=bench/results/2026-11-28_h200-fp64-large-tiles
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
cp $W/h200.db $W/shipped.db
$G bench --db $W/shipped.db --precision 64 --sizes 4096,8192 --peers cublas --json $W/bench-shipped.json 2>&1 | tail -6
for size in 4096 8192; do
  timeout 200 $G tune --db $W/h200.db --sizes $size --precision 64 --family xgemm_mma64 --space $S/space.json \
    --time-limit 165 --budget 400 > $W/tune-$size.log 2>&1; echo "tune $size rc=$?"
  tail -4 $W/tune-$size.log | cut -c1-300
  $G db show --db $W/h200.db --device 0 --size $size --precision 64 --family xgemm_mma64 --top 8 2>&1 |
    tee $W/show-$size.txt | cut -c1-250
done
$G bench --db $W/h200.db --precision 64 --sizes 4096,8192 --peers cublas --json $W/bench-tuned.json 2>&1 | tail -6
$G db export --db $W/h200.db -o $W/export.json; echo "export rc=$?"
gzip -f $W/export.json
tar -C $W -czf $OUT/fp64.tgz --exclude='*.db*' .
