#!/bin/bash
# fp16 and bf16 at 4096^3 tuned deeper (budget 60 within 100 s each, from the shipped tuning,
# whose winners seed it), then both precisions benched beside cuBLAS at 4096^3 and 8192^3.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/h200.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $OUT/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in bf16 fp16; do
  timeout 110 $G tune --family xgemm_wgmma --precision $p --sizes 4096 --budget 60 --session-time-limit 100 > /tmp/tune-$p.log 2>&1; echo "tune $p rc=$?"
  grep -E "best" /tmp/tune-$p.log | tail -1
done
for p in bf16 fp16; do
  timeout 60 $G bench --precision $p --sizes 4096,8192 --repeat 10 --json $OUT/deeper-bench-$p.json > $OUT/deeper-bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E "^[0-9]+x" $OUT/deeper-bench-$p.txt
done
