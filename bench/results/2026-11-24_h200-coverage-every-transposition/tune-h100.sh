#!/bin/bash
# On the H100: tunes the same 36 problems at fp32 into the shipped H100 tuning, seeded by the H200's
# (both files imported: the H200 is this card's sibling), and exports the whole.
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-24_h200-coverage-every-transposition
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G devices | head -3
for f in configs/tuned/nvidia-h100.json configs/tuned/nvidia-h200.json; do $G db import --db $W/h100.db $f > /dev/null 2>&1; echo "import $f rc=$?"; done
timeout $(($1 + 30)) $G tune --db $W/h100.db --precision fp32 --problems $here/new-problems.txt --session-time-limit $1 > $W/tune-h100-fp32.log 2>&1; echo "tune rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-h100-fp32.log | cut -c1-110 | tail -5
$G db export --db $W/h100.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tuned.json $W/tune-h100-fp32.log
tar -C $W -czf $OUT/results.tgz --exclude='h100.db*' .
