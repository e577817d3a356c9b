#!/bin/bash
# On the H200, after run5.sh: gemmtune bench --precision 64 with the shipped tuning (before) and with
# run5's (after, tuned/export.json.gz): 4096^3 and 8192^3 beside cuBLAS DGEMM, both databases in one
# run; the 11 benchmark shapes beside cuBLAS DGEMM and CLBlast; random_fp64_60.txt as streams.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results6; rm -rf $W; mkdir -p $W
G="bash .gpu/on-device.sh gemmtune"
D=bench/results/2026-11-28_h200-fp64-pairs-as-they-lie
$G db import --db $W/before.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import before rc=$?"
gunzip -c $D/tuned/export.json.gz > $W/export.json; $G db import --db $W/after.db $W/export.json > /dev/null 2>&1; echo "import after rc=$?"
for which in before after; do
  timeout 60 $G bench --db $W/$which.db --precision 64 --sizes 4096,8192 --peers cublas --json $W/big-$which.json 2>&1 | tail -3
done
timeout 60 $G bench --db $W/after.db --precision 64 --sizes 4096,8192 --peers cublas --json $W/big-after2.json 2>&1 | tail -3
timeout 110 $G bench --db $W/after.db --precision 64 --peers cublas,clblast --json $W/bench11-after.json 2>&1 | tail -4
timeout 120 $G bench --db $W/after.db --precision 64 --problems bench/validation/random_fp64_60.txt --timing stream --peers cublas \
  --json $W/random60-stream.json 2>&1 | tail -4
cp $W/*.json $OUT/; rm -f $OUT/export.json
