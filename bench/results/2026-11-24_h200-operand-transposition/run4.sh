#!/bin/bash
# As committed (2d96f32: the pre-pass, vectors read where they lie): random_100.txt and the first
# 122 problems of real_applications.txt at fp32 with the shipped H200 tuning.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results4; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user4.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user4.db; $G db import --db /tmp/user4.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
timeout 200 $G bench --problems bench/validation/random_100.txt --json $W/random100-fp32-final.json > $W/random100-fp32-final.txt 2>&1; echo "bench random100 rc=$?"
sed -n '/^summary/,$p' $W/random100-fp32-final.txt | grep -A1 "^all"
grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n 1,122p > /tmp/real-part1.txt
timeout 330 $G bench --problems /tmp/real-part1.txt --json $W/real1-fp32-final.json > $W/real1-fp32-final.txt 2>&1; echo "bench real part 1 rc=$?"
sed -n '/^summary/,$p' $W/real1-fp32-final.txt | grep -A1 "^all"
tar -C $W -czf $OUT/results.tgz .
