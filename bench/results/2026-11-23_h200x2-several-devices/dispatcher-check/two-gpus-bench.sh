#!/bin/bash
# The coverage set tuned on one H200 and on both (budget 5, family xgemm), then what the dispatcher
# does with each database on the coverage problems, beside cuBLAS, on nvidia:0.
set -u
export CUDA_CACHE_DISABLE=1
G="bash .gpu/on-device.sh gemmtune"
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/r/gpu.txt
$G tune --coverage --list > /tmp/coverage.txt
for mode in one two; do
  device=nvidia:0; [ $mode = two ] && device=all
  start=$(date +%s%N)
  GEMMTUNE_CACHE_DIR=/tmp/cache-$mode timeout 200 $G tune --coverage --family xgemm --budget 5 --json --device $device \
    --db /tmp/$mode.db >$OUT/r/tune-$mode.json 2>$OUT/r/tune-$mode.err
  echo "tune $mode exit $? wall_ms $(( ($(date +%s%N) - start) / 1000000 ))" >> $OUT/r/summary.txt
done
for mode in one two; do
  GEMMTUNE_CACHE_DIR=/tmp/cache-$mode timeout 150 $G bench --device nvidia:0 --problems /tmp/coverage.txt --peers cublas \
    --repeat 3 --db /tmp/$mode.db --json $OUT/r/bench-$mode.json >$OUT/r/bench-$mode.txt 2>&1
  echo "bench $mode exit $?" >> $OUT/r/summary.txt
done
cd $OUT && tar czf results.tgz r && rm -rf r
