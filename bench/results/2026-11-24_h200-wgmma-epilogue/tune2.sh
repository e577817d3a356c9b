#!/bin/bash
# H200: xgemm_wgmma with C through local memory, a grid of tile shapes, stages, copies and producer
# (space-epilogue-wide.json) at 2048^3 to 8192^3 in fp16, bf16 and tf32, the rows added to the
# shipped file (ship.py), returned as nvidia-h200.json.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db .gpu/shipped-old.json > /dev/null 2>&1; echo "import rc=$?"
for p in ${PRECISIONS:-fp16 bf16 tf32}; do
  timeout 250 $G tune --space .gpu/space-epilogue-wide.json --strategy grid --precision $p --sizes 2048,3072,4096,8192 --budget 40 > $W/tune2-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune2-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 .gpu/ship.py .gpu/shipped-old.json $W/tuned.json $OUT/nvidia-h200.json
cp $W/tune2-*.log $OUT/
