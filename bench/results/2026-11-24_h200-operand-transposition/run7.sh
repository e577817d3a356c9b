#!/bin/bash
# Double precision: random_fp64_60.txt with the shipped H200 tuning, as committed (2d96f32) beside
# cuBLAS DGEMM and CLBlast, then the build before the pre-pass (3d969e7) beside cuBLAS.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results7; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user7.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user7.db; $G db import --db /tmp/user7.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
timeout 280 $G bench --precision fp64 --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64-final.json > $W/random60-fp64-final.txt 2>&1; echo "bench fp64 rc=$?"
sed -n '/^summary/,$p' $W/random60-fp64-final.txt | grep -A1 "^all"
timeout 200 bash .gpu/on-device.sh gemmtune-old bench --precision fp64 --peers cublas --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64-before.json > $W/random60-fp64-before.txt 2>&1; echo "bench old rc=$?"
sed -n '/^summary/,$p' $W/random60-fp64-before.txt | grep -A1 "^all"
tar -C $W -czf $OUT/results.tgz .
