#!/bin/bash
# H200: gemmtune bench beside cuBLAS at every matrix-unit precision, 1024^3 to 8192^3, with the
# shipped file that holds the EPILOGUE=1 rows (imported alone into an empty database), one run per
# precision; then the 40 random problems of bench/validation/random_matrix_units_40.txt in fp16 and tf32
# (everything returned in one archive, bench.tgz).
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/nvidia-h200.json.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
$G db import --db /tmp/user.db .gpu/nvidia-h200.json > $OUT/import.txt 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 90 $G bench --precision $p --sizes 1024,2048,3072,4096,8192 --repeat 10 --json $OUT/bench-$p.json > $OUT/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(1024|2048|3072|4096|8192)x' $OUT/bench-$p.txt | head -5
done
for p in fp16 tf32; do
  timeout 150 $G bench --precision $p --problems .gpu/random_matrix_units_40.txt --repeat 10 --json $OUT/random40-$p.json > $OUT/random40-$p.txt 2>&1; echo "bench random40 $p rc=$?"
  grep -A12 "^summary" $OUT/random40-$p.txt
done
cd $OUT && tar -czf bench.tgz *.json *.txt && rm -f *.json *.txt
