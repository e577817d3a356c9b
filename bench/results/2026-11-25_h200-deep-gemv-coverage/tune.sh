#!/bin/bash
# Tunes xgemm_skinny, with its lane order, again on the coverage set's deep-K and GEMV-like problems
# and on a GEMV-like C over a deep K under every transposition (problems.txt), in single and double
# precision, into the shipped tuning, each problem seeded by the winners of the nearest shapes, and
# exports the whole. Usage: tune.sh FP32_SECONDS FP64_SECONDS
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-deep-gemv-coverage
gunzip -f .gpu/lib/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout $(($1 + 30)) $G tune --db $W/h200.db --family xgemm_skinny --problems $here/problems.txt --budget 1000 --session-time-limit $1 > $W/tune-fp32.log 2>&1; echo "fp32 rc=$?"
timeout $(($2 + 30)) $G tune --db $W/h200.db --precision fp64 --family xgemm_skinny --problems $here/problems.txt --budget 1000 --session-time-limit $2 > $W/tune-fp64.log 2>&1; echo "fp64 rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-130
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tune-*.log; gzip -9 $W/tuned.json
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
