#!/bin/bash
# Tunes the coverage set's band of thousands of rows by 24 to 96 columns over K of 1400 to 2200
# (band.txt) into the shipped tuning, in single precision (xgemm and xgemm_skinny) and double
# (every family that serves it), each problem seeded by the nearest shapes' winners, and exports
# the whole. Usage: tune-band.sh FP32_SECONDS FP64_SECONDS
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-skinny-lane-order
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-band; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout $(($1 + 30)) $G tune --db $W/h200.db --family xgemm,xgemm_skinny --problems $here/band.txt --budget 1000 --session-time-limit $1 > $W/tune-fp32.log 2>&1; echo "fp32 rc=$?"
timeout $(($2 + 30)) $G tune --db $W/h200.db --precision fp64 --problems $here/band.txt --budget 1000 --session-time-limit $2 > $W/tune-fp64.log 2>&1; echo "fp64 rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-130
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tune-*.log; gzip -9 $W/tuned.json
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
