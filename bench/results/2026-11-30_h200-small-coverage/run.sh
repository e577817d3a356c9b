#!/bin/bash
# H200: the 12 small problems tried in the coverage set, tuned at fp32 and fp64 for every family into the shipped
# tuning, exported as this folder's new-rows.json.gz.
# Usage: run.sh FP32_SECONDS FP64_SECONDS   (each a session's time limit)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-small-coverage
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
# The shipped tuning, as committed or, where it was carried compressed, from shipped.json.gz.
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
$G db import --db $W/new.db $shipped > /dev/null 2>&1; echo "import rc=$?"
for precision in fp32 fp64; do
  seconds=$1; [ $precision = fp64 ] && seconds=$2
  timeout $((seconds + 30)) $G tune --db $W/new.db --precision $precision --problems $here/small-problems.txt \
    --budget 1000 --time-limit 10 --session-time-limit $seconds > $W/tune-$precision.log 2>&1; echo "$precision rc=$?"
done
grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-150
$G db export --db $W/new.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9f $W/tune-fp32.log $W/tune-fp64.log $W/tuned.json
tar -C $W -czf $OUT/tune.tgz tune-fp32.log.gz tune-fp64.log.gz tuned.json.gz
