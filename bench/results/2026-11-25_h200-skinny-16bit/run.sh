#!/bin/bash
# xgemm_skinny at fp16 or bf16 on the H200: bench/validation/random_matrix_units_40.txt beside cuBLAS
# with the shipped tuning, then the family tuned over the coverage set at that precision into a copy
# of it (every problem seeded by the nearest ones' winners), then the same bench again; the tuning
# exported. One command per precision.
# Usage: run.sh PRECISION TUNE_SECONDS
cd "$(dirname "$0")/../../.."
precision=$1
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-$precision; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
bench() {  # $1: name of the round
  timeout 200 $G bench --db $W/h200.db --precision $precision --problems bench/validation/random_matrix_units_40.txt \
    --timing stream --peers cublas --repeat 10 --json $W/random40-$1.json > $W/random40-$1.txt 2>&1
  echo "bench $1 rc=$?"; grep -A8 "^summary" $W/random40-$1.txt
}
bench before
timeout $(($2 + 30)) $G tune --db $W/h200.db --precision $precision --family xgemm_skinny --coverage \
  --budget 40 --session-time-limit $2 > $W/tune.log 2>&1; echo "tune rc=$?"
tail -3 $W/tune.log | cut -c1-200
bench after
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tune.log $W/tuned.json
tar -C $W -czf $OUT/results-$precision.tgz --exclude='*.db*' .
