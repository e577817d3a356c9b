#!/bin/bash
# The H100 served by the H200's shipped tuning only (sibling of the same architecture): checks of
# xgemm_wgmma at every precision, then gemmtune bench beside cuBLAS at fp16, bf16, tf32 and
# 3xtf32, 4096^3 and 8192^3, and the 40 random problems at tf32 and 3xtf32.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/h200-only.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G devices 2>&1 | head -3
$G db import --db $OUT/h200-only.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 30 $G run --precision $p --trans TN --size 1000x777x333 --check --repeat 2 --json > $OUT/check-$p.json 2>&1
  echo "check $p rc=$? $(python3 -c "import json; d=json.load(open('$OUT/check-$p.json')); print(d['family'], d['runs_as'], d['config_source'], d['ok'])" 2>&1 | tail -1)"
done
for p in fp16 bf16 tf32 3xtf32; do
  timeout 60 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $OUT/bench-$p.json > $OUT/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E "^[0-9]+x" $OUT/bench-$p.txt
done
for p in tf32 3xtf32; do
  timeout 170 $G bench --precision $p --problems bench/validation/random_matrix_units_40.txt --repeat 5 --json $OUT/random40-$p.json > $OUT/random40-$p.txt 2>&1; echo "random $p rc=$?"
  grep -E "^all" -A1 $OUT/random40-$p.txt
done
rm -f $OUT/h200-only.db*
