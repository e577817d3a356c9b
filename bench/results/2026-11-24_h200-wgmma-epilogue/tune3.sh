#!/bin/bash
# H200: space-epilogue-wide.json's grid again with the tiles swept row by row (GROUP_M=1, which
# won the from-scratch tune, ../2026-11-24_h200-wgmma-tune-from-scratch/), at 2048^3 to 8192^3 in
# fp16, bf16 and tf32; the rows added to the shipped file (ship.py), then gemmtune bench from that
# file alone beside cuBLAS at 1024^3 to 8192^3; the file and the runs returned in one archive.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/shipped-old.json.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results3; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db .gpu/shipped-old.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32; do
  timeout 150 $G tune --space .gpu/space-epilogue-rows.json --strategy grid --precision $p --sizes 2048,3072,4096,8192 --budget 40 > $W/tune3-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune3-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 .gpu/ship.py .gpu/shipped-old.json $W/tuned.json $W/nvidia-h200.json
export GEMMTUNE_DB=/tmp/user3.db; rm -f /tmp/user3.db*
$G db import --db /tmp/user3.db $W/nvidia-h200.json > $W/import.txt 2>&1; echo "import shipped rc=$?"
for p in fp16 bf16 tf32; do
  timeout 90 $G bench --precision $p --sizes 1024,2048,3072,4096,8192 --repeat 10 --json $W/bench3-$p.json > $W/bench3-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(1024|2048|3072|4096|8192)x' $W/bench3-$p.txt | head -5
done
rm -f $W/h200.db* $W/tuned.json
tar -C $W -czf $OUT/results3.tgz .
