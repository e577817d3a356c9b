#!/bin/bash
# fp16 over the coverage set (51 problems of every class and transposition, every family that
# serves fp16: xgemm_wgmma, xgemm_mma, xgemm_lowp) in one session of 420 s, then the 40 random
# problems at fp16 again with that tuning added to the shipped one.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/h200-fp16-coverage.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $OUT/h200-fp16-coverage.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 440 $G tune --coverage --precision fp16 --session-time-limit 420 > /tmp/tune.log 2>&1; echo "tune rc=$?"
grep -E "done in" /tmp/tune.log | tail -3; grep -c "done in" /tmp/tune.log
timeout 110 $G bench --precision fp16 --problems bench/validation/random_matrix_units_40.txt --repeat 5 --json $OUT/random40-fp16-coverage.json > $OUT/random40-fp16-coverage.txt 2>&1; echo "bench rc=$?"
sed -n '/^summary/,$p' $OUT/random40-fp16-coverage.txt
