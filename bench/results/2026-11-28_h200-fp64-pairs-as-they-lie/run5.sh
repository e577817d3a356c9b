#!/bin/bash
# On the H200: xgemm_mma64 tuned with ROW_PAIRS 2 into the shipped tuning (imported into an empty
# database): 4096^3 and 8192^3 over space.json, the 11 benchmark shapes and the coverage set over
# coverage-space.json. The database comes back exported for run6.sh's benchmarks.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results5; rm -rf $W; mkdir -p $W
G="bash .gpu/on-device.sh gemmtune"
D=bench/results/2026-11-28_h200-fp64-pairs-as-they-lie
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for size in 4096 8192; do
  timeout 75 $G tune --db $W/h200.db --sizes $size --precision 64 --family xgemm_mma64 --space $D/space.json \
    --time-limit 55 --budget 200 > $W/tune-$size.log 2>&1; echo "tune $size rc=$?"; tail -1 $W/tune-$size.log | cut -c1-250
  $G db show --db $W/h200.db --device 0 --size $size --precision 64 --family xgemm_mma64 --top 6 2>&1 | tee $W/show-$size.txt | cut -c1-250
done
timeout 90 $G tune --db $W/h200.db --problems $D/bench11.txt --precision 64 --family xgemm_mma64 --space $D/coverage-space.json \
  --budget 24 --session-time-limit 70 > $W/tune-bench11.log 2>&1; echo "tune bench11 rc=$?"; tail -1 $W/tune-bench11.log | cut -c1-200
timeout 200 $G tune --db $W/h200.db --coverage --precision 64 --family xgemm_mma64 --space $D/coverage-space.json \
  --budget 12 --session-time-limit 170 > $W/tune-coverage.log 2>&1; echo "tune coverage rc=$?"; tail -1 $W/tune-coverage.log | cut -c1-200
$G db export --db $W/h200.db -o $W/export.json; echo "export rc=$?"; gzip -f $W/export.json
gzip -9 $W/*.log; cp $W/export.json.gz $W/*.log.gz $W/*.txt $OUT/
