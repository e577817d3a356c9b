#!/bin/bash
# xgemm_wgmma with PRODUCER in its space tuned at every precision, 4096^3 and 8192^3 (the shipped
# results of the earlier source only seed the search; run1's grid imported as measured), then
# gemmtune bench beside cuBLAS, one run per precision. (Ran as .gpu/producer2.sh.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$W/h200.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
$G db import --db $W/h200.db .gpu/seed/grid.json > /dev/null 2>&1; echo "import grid rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 85 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 75 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"
done
for p in fp16 bf16 tf32 3xtf32; do
  timeout 50 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
done
tar -C $W -czf $OUT/results.tgz .
