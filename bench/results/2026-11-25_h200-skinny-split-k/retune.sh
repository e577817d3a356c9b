#!/bin/bash
# Tunes xgemm again on the coverage set's skinny problems (skinny-coverage.txt: one of M, N of 8 to
# 128, the other in the thousands) into the shipped tuning, with each problem seeded by the
# winners of the nearest shapes and split K up to 16, and exports the whole.
# Usage: retune.sh SECONDS
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-skinny-split-k
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout $(($1 + 30)) $G tune --db $W/h200.db --family xgemm --problems $here/skinny-coverage.txt --budget 1000 --session-time-limit $1 > $W/retune.log 2>&1; echo "tune rc=$?"
grep -hE 'problem .* done|not tuned' $W/retune.log | cut -c1-110
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/retune.log; gzip -9 $W/tuned.json
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
