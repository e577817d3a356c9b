#!/bin/bash
# H200: the other problems of real_applications.txt and random_100.txt whose candidates the new
# evaluations (new-rows.json.gz) change (changed-elsewhere.txt), per call beside cuBLAS and CLBlast,
# with the shipped tuning and with the new rows added, in one session.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-tn3
W=/tmp/tn3; mkdir -p $W
here=bench/results/2026-11-29_h200-skinny-tn-probe
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
cp $W/shipped.db $W/new.db
gunzip -c $here/new-rows.json.gz > $W/new-rows.json
$G db import --db $W/new.db $W/new-rows.json
for name in shipped new; do
  timeout 200 $G bench --db $W/$name.db --precision fp32 --peers cublas,clblast --timing per-call \
    --problems $here/changed-elsewhere.txt --json $W/elsewhere-$name.json > $W/elsewhere-$name.txt 2>&1
  echo "$name rc=$?"; sed -n '/^summary/,$p' $W/elsewhere-$name.txt | grep -E "^all|cublas" | head -8
  gzip -9f $W/elsewhere-$name.json; cp $W/elsewhere-$name.json.gz $W/elsewhere-$name.txt $OUT/
done
