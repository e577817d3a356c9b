#!/bin/bash
# The 40 random problems of bench/validation/random_matrix_units_40.txt in fp16 and tf32, with the
# shipped file as committed, beside cuBLAS; on the H200, or on the H100 with SIBLING=1 (the H200's
# tuning only), which also runs the squares at 4096^3 and 8192^3 in every matrix-unit precision.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-r40; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache-r40 GEMMTUNE_DB=/tmp/r40.db; rm -f /tmp/r40.db*
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
$G db import --db /tmp/r40.db configs/tuned/nvidia-h200.json > $W/import.txt 2>&1; echo "import rc=$?"
if [ -n "$SIBLING" ]; then
  for p in fp16 bf16 tf32 3xtf32; do
    timeout 60 $G bench --precision $p --sizes 3072,4096,8192 --repeat 10 --json $W/sibling-$p.json > $W/sibling-$p.txt 2>&1; echo "bench $p rc=$?"
    grep -E '^ *(3072|4096|8192)x' $W/sibling-$p.txt
  done
else
  for p in fp16 tf32; do
    timeout 150 $G bench --precision $p --problems bench/validation/random_matrix_units_40.txt --repeat 10 --json $W/random40-$p.json > $W/random40-$p.txt 2>&1; echo "bench random40 $p rc=$?"
    grep -A8 "^summary" $W/random40-$p.txt | grep -E "^all|^class"
  done
fi
tar -C $W -czf $OUT/r40.tgz .
