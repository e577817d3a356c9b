#!/bin/bash
# Baseline before the transposition pre-pass: the call floor (an empty kernel against tiny GEMMs,
# timed as the bench times them) and random_100.txt at fp32 with the shipped H200 tuning.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results1; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user1.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user1.db; $G db import --db /tmp/user1.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
for s in 1 8 64 1024; do bash .gpu/on-device.sh dispatch_call_floor $s 200; done > $W/call-floor.txt 2>&1; cat $W/call-floor.txt
timeout 400 $G bench --problems bench/validation/random_100.txt --json $W/random100-fp32-before.json > $W/random100-fp32-before.txt 2>&1; echo "bench random100 rc=$?"
sed -n '/^summary/,$p' $W/random100-fp32-before.txt | head -30
tar -C $W -czf $OUT/results.tgz .
