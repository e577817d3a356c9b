#!/bin/bash
# The H100 with only its own shipped tuning (configs/tuned/nvidia-h100.json): the 11 benchmark
# shapes at fp32 beside cuBLAS and CLBlast.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results4; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/own.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db /tmp/own.db configs/tuned/nvidia-h100.json > /dev/null 2>&1; echo "import rc=$?"
timeout 100 $G bench --json $W/h100-bench11-fp32-own-tuning.json > $W/h100-bench11-fp32-own-tuning.txt 2>&1; echo "bench 11 rc=$?"
grep -E "^[0-9]+x" $W/h100-bench11-fp32-own-tuning.txt | cut -c1-110
sed -n '/^summary/,$p' $W/h100-bench11-fp32-own-tuning.txt | grep -E "^all|  cublas|  clblast" | tail -2
tar -C $W -czf $OUT/results.tgz .
