#!/bin/bash
# H200: xgemm_wgmma's shipped winners of every square (1024^3 to 8192^3) and precision measured
# again with C written through local memory (EPILOGUE=1, space-epilogue.json, a grid of those
# configurations), the rows added to the shipped file (ship.py adds the rows of sessions the old
# file lacks), the result returned as nvidia-h200.json.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db .gpu/shipped-old.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 150 $G tune --space .gpu/space-epilogue.json --strategy grid --precision $p --sizes 1024,2048,3072,4096,8192 --budget 12 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 .gpu/ship.py .gpu/shipped-old.json $W/tuned.json $OUT/nvidia-h200.json
cp $W/tune-*.log $OUT/
