#!/bin/bash
# The H100 given only the H200's shipped tuning (xgemm_wgmma after the copy addresses): gemmtune
# bench at fp16, bf16, tf32 and 3xtf32 beside cuBLAS at 4096^3 and 8192^3.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user-$$.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
$G db import --db $GEMMTUNE_DB configs/tuned/nvidia-h200.json > $W/import.txt 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 60 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(4096|8192)x' $W/bench-$p.txt
done
tar -C $W -czf $OUT/results.tgz .
