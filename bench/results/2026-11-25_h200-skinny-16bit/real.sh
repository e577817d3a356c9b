#!/bin/bash
# bench/validation/real_applications.txt at fp16 beside cuBLAS with the shipped tuning
# (configs/tuned, with xgemm_skinny's fp16 and bf16 rows) imported into an empty database.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-real; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/after.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
start=$SECONDS
timeout 500 $G bench --db $W/after.db --precision fp16 --problems bench/validation/real_applications.txt \
  --timing stream --peers cublas --repeat 5 --json $OUT/real-fp16.json > $OUT/real-fp16.txt 2>&1
echo "fp16 rc=$? in $((SECONDS - start)) s"; grep -A8 "^summary" $OUT/real-fp16.txt
