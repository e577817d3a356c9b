#!/bin/bash
# Problems 245 to 366 of real_applications.txt at fp32 with the shipped H200 tuning: as committed
# (2d96f32) beside cuBLAS and CLBlast, then the build before the pre-pass (3d969e7, gemmtune-old)
# beside cuBLAS, for problems 123 to 366.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results6; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user6.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user6.db; $G db import --db /tmp/user6.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n 245,366p > /tmp/real-part.txt
timeout 300 $G bench --problems /tmp/real-part.txt --json $W/real3-fp32-final.json > $W/real3-fp32-final.txt 2>&1; echo "bench real part 3 rc=$?"
sed -n '/^summary/,$p' $W/real3-fp32-final.txt | grep -A1 "^all"
grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n 123,366p > /tmp/real-old.txt
timeout 280 bash .gpu/on-device.sh gemmtune-old bench --peers cublas --problems /tmp/real-old.txt --json $W/real-old-23-fp32-before.json > $W/real-old-23-fp32-before.txt 2>&1; echo "bench old rc=$?"
sed -n '/^summary/,$p' $W/real-old-*-fp32-before.txt | grep -A1 "^all"
tar -C $W -czf $OUT/results.tgz .
