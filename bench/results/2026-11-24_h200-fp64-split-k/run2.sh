#!/bin/bash
# random_fp64_60.txt with the tuning of run1.sh (its tuned.json, given as $1), then with the shipped
# tuning again, in one run.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results2; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/tuned.db /tmp/shipped.db
$G db import --db /tmp/tuned.db "$1" > /dev/null 2>&1; echo "import tuned rc=$?"
$G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import shipped rc=$?"
for db in tuned shipped; do
  timeout 120 $G bench --db /tmp/$db.db --precision fp64 --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64-$db.json > $W/random60-fp64-$db.txt 2>&1; echo "random60 $db rc=$?"
  echo "$db: $(sed -n '/^summary/,$p' $W/random60-fp64-$db.txt | grep -A1 '^all' | tail -1)"
done
tar -C $W -czf $OUT/results.tgz .
