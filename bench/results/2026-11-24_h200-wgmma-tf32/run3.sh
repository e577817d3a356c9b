#!/bin/bash
# Where nothing was tuned: 40 random problems (bench/validation/random_matrix_units_40.txt, every
# transposition, mostly skinny and GEMV-like) at tf32, 3xtf32 and fp16, with the shipped tuning
# only, beside cuBLAS (and CLBlast's SGEMM for 3xtf32).
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/shipped.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $OUT/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in tf32 3xtf32 fp16; do
  timeout 170 $G bench --precision $p --problems bench/validation/random_matrix_units_40.txt --repeat 5 --json $OUT/random40-$p.json > $OUT/random40-$p.txt 2>&1; echo "bench $p rc=$?"
  sed -n '/^summary/,$p' $OUT/random40-$p.txt
done
rm -f $OUT/shipped.db*
