#!/bin/bash
# random_fp64_60.txt with the shipped tuning as committed (xgemm_skinny's rows carried to its new
# source by rekey.py, and run1.sh's tuning of double-precision split K added) and, in the same run,
# without run1.sh's tuning ($1: the shipped file before it, carried alike).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results3; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/after.db /tmp/before.db
$G db import --db /tmp/after.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import after rc=$?"
$G db import --db /tmp/before.db "$1" > /dev/null 2>&1; echo "import before rc=$?"
for db in after before; do
  timeout 120 $G bench --db /tmp/$db.db --precision fp64 --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64-$db.json > $W/random60-fp64-$db.txt 2>&1; echo "random60 $db rc=$?"
  echo "$db: $(sed -n '/^summary/,$p' $W/random60-fp64-$db.txt | grep -A1 '^all' | tail -1)"
done
tar -C $W -czf $OUT/results.tgz .
