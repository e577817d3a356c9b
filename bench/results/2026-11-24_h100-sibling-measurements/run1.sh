#!/bin/bash
# The H100 with only the H200's shipped tuning imported (the sibling level of the fallback chain):
# gemmtune bench at fp64 on the 11 benchmark shapes beside cuBLAS DGEMM and CLBlast DGEMM, and at
# fp16, bf16, tf32 and 3xtf32 (4096^3, 8192^3) beside cuBLAS. (Ran as .gpu/callh100.sh.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db /tmp/user.db configs/tuned/nvidia-h200.json > $W/import.txt 2>&1; echo "import rc=$?"
timeout 200 $G bench --precision 64 --json $W/h100-bench11-fp64.json > $W/h100-bench11-fp64.txt 2>&1; echo "bench fp64 rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 50 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $W/h100-bench-$p.json > $W/h100-bench-$p.txt 2>&1; echo "bench $p rc=$?"
done
tar -C $W -czf $OUT/results.tgz .
