#!/bin/bash
# xgemm_wgmma tuned at 1024^3, 2048^3 and 3072^3 at every precision (the shipped tuning had 4096^3
# and 8192^3 only), added to the shipped file, then gemmtune bench from it alone beside cuBLAS at
# 1024^3 to 8192^3. (Ran as .gpu/h200d.sh; ship2.py adds the rows of sessions the old file lacks.)
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/shipped-old.json.gz
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db .gpu/shipped-old.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 85 $G tune --family xgemm_wgmma --precision $p --sizes 1024,2048,3072 --budget 40 --session-time-limit 75 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 .gpu/ship2.py .gpu/shipped-old.json $W/tuned.json $W/nvidia-h200.json
export GEMMTUNE_DB=/tmp/user.db
$G db import --db /tmp/user.db $W/nvidia-h200.json > $W/import.txt 2>&1; echo "import shipped rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 60 $G bench --precision $p --sizes 1024,2048,3072,4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(1024|2048|3072|4096|8192)x' $W/bench-$p.txt | head -5
done
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
