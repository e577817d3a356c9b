#!/bin/bash
# The coverage set's 12 new problems (deep K over a C of few rows or few columns, each shape twice)
# tuned at fp32 and fp64, every family, into a copy of the shipped tuning as run3.sh measured it.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results4; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/h200.db; $G db import --db /tmp/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
$G tune --coverage --list | sed -n '/^8 384 131072 NN/,/^1 4096 65536 TT/p' > $W/deep-narrow.txt; wc -l < $W/deep-narrow.txt
timeout 290 $G tune --db /tmp/h200.db --problems $W/deep-narrow.txt --session-time-limit 270 > $W/tune-fp32.log 2>&1; echo "tune fp32 rc=$?"
timeout 230 $G tune --db /tmp/h200.db --precision fp64 --problems $W/deep-narrow.txt --session-time-limit 210 > $W/tune-fp64.log 2>&1; echo "tune fp64 rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-fp32.log $W/tune-fp64.log | cut -c1-100
$G db export --db /tmp/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
tar -C $W -czf $OUT/results.tgz .
