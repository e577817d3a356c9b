#!/bin/bash
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_DB=$OUT/h200-wgmma.db GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for p in fp16 bf16; do
  timeout 75 $G tune --space .gpu/space_wgmma.json --precision $p --sizes 4096,8192 --budget 8 --session-time-limit 60 > $OUT/tune-$p.log 2>&1; echo "tune $p rc=$?"
  tail -2 $OUT/tune-$p.log
  timeout 40 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $OUT/bench-$p.json > $OUT/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  cat $OUT/bench-$p.txt
done
