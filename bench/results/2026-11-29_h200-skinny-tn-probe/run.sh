#!/bin/bash
# H200: xgemm_skinny tuned in skinny-tn-a-along-m.json's space for the coverage set's eight skinny
# TN problems of a tall A (none of them in the validation files), then the TN problems of
# real_applications.txt with C of 8 to 64 columns and the TN problems of random_100.txt, per call
# beside cuBLAS and CLBlast, with the shipped tuning (before) and with these evaluations added.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-tn2
W=/tmp/tn2; mkdir -p $W
here=bench/results/2026-11-29_h200-skinny-tn-probe
cp bench/results/2026-11-29_h200-skinny-tn/real-tn-skinny.txt $W/problems.txt
grep -v '^#' bench/validation/random_100.txt | awk '$4=="TN"' >> $W/problems.txt
$G db import --db $W/tuned.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
bench() {  # NAME
  timeout 260 $G bench --db $W/tuned.db --precision fp32 --peers cublas,clblast --timing per-call \
    --problems $W/problems.txt --json $W/$1.json > $W/$1.txt 2>&1
  echo "$1 rc=$?"; sed -n '/^summary/,$p' $W/$1.txt | head -16
  gzip -9f $W/$1.json; cp $W/$1.json.gz $W/$1.txt $OUT/
}
bench before
start=$SECONDS
timeout 400 $G tune --db $W/tuned.db --space $here/skinny-tn-a-along-m.json --trans TN \
  --sizes 2024x8x4096,2048x16x4096,2105x35x4096,2192x64x4096,6000x12x1200,6000x40x1200,1400x24x2200,2300x48x1400 \
  --budget 400 --time-limit 40 > $W/tune.txt 2> $W/tune.err
echo "tune rc=$? in $((SECONDS - start)) s"; grep "done in" $W/tune.err; cp $W/tune.err $OUT/
bench after
$G db export --db $W/tuned.db -o $W/export.json
python3 - $W/export.json $OUT/new-rows.json <<'PY'
import json, sys
rows = [r for r in json.load(open(sys.argv[1])) if "skinny-tn-a-along-m.json" in r["session"]["command_line"]]
json.dump(rows, open(sys.argv[2], "w"))
print(len(rows), "new rows")
PY
gzip -9 $OUT/new-rows.json
