#!/bin/bash
# With the transposition pre-pass: random_100.txt, then the first 190 problems of
# real_applications.txt, at fp32 with the shipped H200 tuning (the same file as run1).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results2; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user2.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user2.db; $G db import --db /tmp/user2.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
timeout 200 $G bench --problems bench/validation/random_100.txt --json $W/random100-fp32-after.json > $W/random100-fp32-after.txt 2>&1; echo "bench random100 rc=$?"
sed -n '/^summary/,$p' $W/random100-fp32-after.txt | head -30
grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | head -190 > /tmp/real-part1.txt
timeout 330 $G bench --problems /tmp/real-part1.txt --json $W/real-part1-fp32-after.json > $W/real-part1-fp32-after.txt 2>&1; echo "bench real part1 rc=$?"
sed -n '/^summary/,$p' $W/real-part1-fp32-after.txt | head -30
tar -C $W -czf $OUT/results.tgz .
