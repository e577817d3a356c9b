#!/bin/bash
# Tunes the coverage set's problems that the shipped H200 tuning lacks (new-problems.txt: the
# skinny shapes under all four transpositions, 6000x12x1200 and 6000x40x1200, 384x12x300000 and
# 96x160x200000) at one precision into the shipped tuning, and exports the whole.
# Usage: tune.sh PRECISION SECONDS
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-24_h200-coverage-every-transposition
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout $(($2 + 30)) $G tune --db $W/h200.db --precision $1 --problems $here/new-problems.txt --session-time-limit $2 > $W/tune-$1.log 2>&1; echo "tune $1 rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-$1.log | cut -c1-110
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tuned.json
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
