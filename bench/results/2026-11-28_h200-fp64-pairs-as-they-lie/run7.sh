#!/bin/bash
# On the H200, with the shipped tuning of ROW_PAIRS 2: NumPy's float64 a @ b at 4096^3 (dgemm_)
# through libgemmtune_blas.so as ../2026-11-28_h200-numpy-dgemm/run.sh measures it (into $OUT, which
# this folder's numpy/ keeps); then random_fp64_60.txt per call beside cuBLAS DGEMM and CLBlast.
cd "$(dirname "$0")/../../.."
timeout 200 bash bench/results/2026-11-28_h200-numpy-dgemm/run.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
bash .gpu/on-device.sh gemmtune db import --db /tmp/random.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
timeout 200 bash .gpu/on-device.sh gemmtune bench --db /tmp/random.db --precision 64 --problems bench/validation/random_fp64_60.txt \
  --peers cublas,clblast --json $OUT/random60-percall.json 2>&1 | tail -4
