#!/bin/bash
# On the H200, after run.sh: xgemm_mma64 tuned again with A's rows paired (coverage-space.json) over
# the 11 benchmark shapes and the coverage set at fp64, into the shipped tuning with run.sh's rows;
# then `gemmtune bench --precision 64` of the 11 shapes beside cuBLAS DGEMM and CLBlast, with the
# shipped tuning before this session (before.json: the file less run.sh's rows) and after, and
# random_fp64_60.txt as streams beside cuBLAS DGEMM after.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results-pairs2; rm -rf $W; mkdir -p $W
G="bash .gpu/on-device.sh gemmtune"
D=bench/results/2026-11-28_h200-fp64-row-pairs
gunzip -f .gpu/before.json.gz; $G db import --db $W/before.db .gpu/before.json > /dev/null 2>&1; echo "import before rc=$?"
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 100 $G tune --db $W/h200.db --problems $D/bench11.txt --precision 64 --family xgemm_mma64 --space $D/coverage-space.json \
  --budget 24 --session-time-limit 80 > $W/tune-bench11.log 2>&1; echo "tune bench11 rc=$?"; tail -1 $W/tune-bench11.log | cut -c1-200
timeout 260 $G tune --db $W/h200.db --coverage --precision 64 --family xgemm_mma64 --space $D/coverage-space.json \
  --budget 12 --session-time-limit 230 > $W/tune-coverage.log 2>&1; echo "tune coverage rc=$?"; tail -1 $W/tune-coverage.log | cut -c1-200
$G db export --db $W/h200.db -o $W/export.json; echo "export rc=$?"; gzip -f $W/export.json; cp $W/export.json.gz $OUT/
for which in before h200; do
  timeout 100 $G bench --db $W/$which.db --precision 64 --peers cublas,clblast --json $W/bench11-$which.json 2>&1 | tail -6
done
timeout 120 $G bench --db $W/h200.db --precision 64 --problems bench/validation/random_fp64_60.txt --timing stream --peers cublas \
  --json $W/random60-stream.json 2>&1 | tail -6
gzip -9 $W/*.log; cp $W/*.json $W/*.log.gz $OUT/
