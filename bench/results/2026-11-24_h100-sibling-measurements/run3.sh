#!/bin/bash
# The H100: random_100.txt at fp32 with only the H200's shipped tuning, and the 11 benchmark shapes
# at fp32 with both cards' shipped tuning imported.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results3; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user2.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/user2.db ] || $G db import --db /tmp/user2.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
timeout 330 $G bench --problems bench/validation/random_100.txt --json $W/h100-random100-fp32-h200-tuning.json > $W/h100-random100-fp32-h200-tuning.txt 2>&1; echo "bench random100 rc=$?"
sed -n '/^summary/,$p' $W/h100-random100-fp32-h200-tuning.txt | grep -E "^all|  cublas|  clblast" | tail -2
export GEMMTUNE_DB=/tmp/both.db
$G db import --db /tmp/both.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; $G db import --db /tmp/both.db configs/tuned/nvidia-h100.json > /dev/null 2>&1; echo "import both rc=$?"
timeout 100 $G bench --json $W/h100-bench11-fp32-both-tunings.json > $W/h100-bench11-fp32-both-tunings.txt 2>&1; echo "bench 11 rc=$?"
sed -n '/^summary/,$p' $W/h100-bench11-fp32-both-tunings.txt | grep -E "^all|  cublas|  clblast" | tail -2
tar -C $W -czf $OUT/results.tgz .
