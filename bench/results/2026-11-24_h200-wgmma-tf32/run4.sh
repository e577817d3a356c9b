#!/bin/bash
# run3's random problems at tf32 and 3xtf32 again, now that the dispatcher may compute them as
# fp32 (the same storage, at least as accurate) where the database shows fp32 faster.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/shipped.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $OUT/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in tf32 3xtf32; do
  timeout 170 $G bench --precision $p --problems bench/validation/random_matrix_units_40.txt --repeat 5 --json $OUT/random40-stronger-$p.json > $OUT/random40-stronger-$p.txt 2>&1; echo "bench $p rc=$?"
  sed -n '/^summary/,$p' $OUT/random40-stronger-$p.txt
done
timeout 60 $G bench --precision 3xtf32 --sizes 2048,4096,8192 --repeat 10 > $OUT/square-3xtf32.txt 2>&1; echo "bench square rc=$?"
grep -E "^[0-9]+x" $OUT/square-3xtf32.txt
rm -f $OUT/shipped.db*
