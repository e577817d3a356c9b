#!/bin/bash
# xgemm_wgmma with COPY (0 cp.async, 1 bulk copies of packed tile images) tuned again at every
# precision, 4096^3 and 8192^3 (the kernel's source changed, so the shipped results are stale and
# only seed the search), then gemmtune bench beside cuBLAS, one run per precision. Everything
# comes back in one archive.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$W/h200.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 80 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 70 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"
  grep -E "best" $W/tune-$p.log | tail -2
done
for p in fp16 bf16 tf32 3xtf32; do
  timeout 50 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E "^[0-9]+x" $W/bench-$p.txt
done
python3 -c "import sqlite3; c=sqlite3.connect('$W/h200.db'); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()"
tar -C $W -czf $OUT/results.tgz .
