#!/bin/bash
# run.sh's random problems again, their files kept this time (the machine returns 8 files at most).
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/h200-only.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/h200-only.db*; $G db import --db /tmp/h200-only.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in tf32 3xtf32; do
  timeout 170 $G bench --precision $p --problems bench/validation/random_matrix_units_40.txt --repeat 5 --json $OUT/random40-$p.json > $OUT/random40-$p.txt 2>&1; echo "random $p rc=$?"
  grep -E "^all" -A1 $OUT/random40-$p.txt
done
