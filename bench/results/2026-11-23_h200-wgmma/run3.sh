#!/bin/bash
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
cp .gpu/h200-wgmma.db $OUT/h200-wgmma.db
export GEMMTUNE_DB=$OUT/h200-wgmma.db GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
timeout 95 $G tune --family xgemm_wgmma --precision fp16 --sizes 4096,8192 --budget 60 --session-time-limit 85 > $OUT/tune-fp16-full.log 2>&1; echo "tune rc=$?"
grep -E "best|done" $OUT/tune-fp16-full.log | tail -4
for p in fp16 bf16; do
  timeout 30 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $OUT/bench-$p.json > $OUT/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E "^[0-9]+x" $OUT/bench-$p.txt
done
