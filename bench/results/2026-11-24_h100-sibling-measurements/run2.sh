#!/bin/bash
# The H100 with only the H200's shipped tuning, after a sibling's measurement of the problem may no
# longer be overruled by a time carried from another shape: the 11 benchmark shapes at fp64 and
# fp32 beside cuBLAS and CLBlast.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results2; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user2.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
$G db import --db /tmp/user2.db configs/tuned/nvidia-h200.json > $W/import.txt 2>&1; echo "import rc=$?"
for p in 64 32; do
  timeout 200 $G bench --precision $p --json $W/h100-bench11-fp$p.json > $W/h100-bench11-fp$p.txt 2>&1; echo "bench fp$p rc=$?"
  grep -E "^[0-9]+x" $W/h100-bench11-fp$p.txt | cut -c1-110; sed -n '/^summary/,$p' $W/h100-bench11-fp$p.txt | grep -E "^all|  cublas|  clblast" | tail -2
done
tar -C $W -czf $OUT/results.tgz .
