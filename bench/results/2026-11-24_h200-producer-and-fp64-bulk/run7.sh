#!/bin/bash
# As a user gets it: the shipped configs/tuned/nvidia-h200.json imported into an empty database,
# then gemmtune bench at fp16, bf16, tf32 and 3xtf32 (4096^3, 8192^3) beside cuBLAS at the same
# precision (strict SGEMM and CLBlast's SGEMM for 3xtf32), and at fp64 on 60 random problems never
# tuned beside cuBLAS DGEMM and CLBlast DGEMM. (Ran as .gpu/calle.sh.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db /tmp/user.db configs/tuned/nvidia-h200.json > $W/import.txt 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 50 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
done
timeout 340 $G bench --precision 64 --problems bench/validation/random_fp64_60.txt --repeat 7 --json $W/random60-fp64.json > $W/random60-fp64.txt 2>&1; echo "bench random60 rc=$?"
tar -C $W -czf $OUT/results.tgz .
