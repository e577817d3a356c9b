#!/bin/bash
# On the H200 (or another card, see TUNING below): the vector problems (M or N of 1) of the validation sets beside cuBLAS and CLBlast,
# timed as streams, with the shipped tuning, by the build before C could be computed as its
# transpose (.gpu/bin/gemmtune-before, 35c790c) and by this one, one after the other per precision.
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-26_h200-vector-c-transposed
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# On another card (an H100), the files it is given: e.g. TUNING="nvidia-h100.json nvidia-h200.json".
for file in ${TUNING:-nvidia-h200.json}; do
  bash .gpu/on-device.sh gemmtune db import --db $W/h200.db configs/tuned/$file > /dev/null 2>&1; echo "import $file rc=$?"
done
for precision in fp32 fp64 fp16; do
  problems=$here/vectors-$precision.txt; [ $precision = fp16 ] && problems=$here/vectors-16.txt
  for round in before after; do
    program=gemmtune; [ $round = before ] && program=gemmtune-before
    timeout 170 bash .gpu/on-device.sh $program bench --db $W/h200.db --precision $precision --problems $problems \
      --timing stream --peers cublas,clblast --repeat 10 --json $W/$precision-$round.json > $W/$precision-$round.txt 2>&1
    echo "$precision $round rc=$?"; grep -A7 "^summary" $W/$precision-$round.txt | grep -E "^all|cublas"
  done
done
tar -C $W -czf $OUT/vectors.tgz --exclude='*.db*' .

