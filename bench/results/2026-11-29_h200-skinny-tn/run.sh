#!/bin/bash
# H200: the TN problems of real_applications.txt with C of 8 to 64 columns (real-tn-skinny.txt),
# per call beside cuBLAS and CLBlast with the shipped tuning; then xgemm_skinny alone tuned further
# for the coverage set's skinny TN problems (none of them in that file) and the same problems again.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-tn
W=/tmp/tn; mkdir -p $W
here=bench/results/2026-11-29_h200-skinny-tn
$G db import --db $W/tuned.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
bench() {  # NAME
  timeout 200 $G bench --db $W/tuned.db --precision fp32 --peers cublas,clblast --timing per-call \
    --problems $here/real-tn-skinny.txt --json $W/$1.json > $W/$1.txt 2>&1
  echo "$1 rc=$?"; sed -n '/^summary/,$p' $W/$1.txt | head -20
  gzip -9f $W/$1.json; cp $W/$1.json.gz $W/$1.txt $OUT/
}
bench before
start=$SECONDS
timeout 420 $G tune --db $W/tuned.db --family xgemm_skinny --trans TN \
  --sizes 2048x16x4096,6000x12x1200,1400x24x2200,2300x48x1400,2024x8x4096 \
  --budget 400 --time-limit 75 --json > $W/tune.json 2> $W/tune.err
echo "tune rc=$? in $((SECONDS - start)) s"; tail -3 $W/tune.err; cp $W/tune.json $W/tune.err $OUT/
bench after
$G db export --db $W/tuned.db -o $W/export.json
python3 - $W/export.json > $OUT/skinny-tn-best.txt <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
best = {}
for r in rows:
    if r["precision"] != "fp32" or r["status"] != "ok" or r["trans"] != "TN" or r["kernel"] != "xgemm_skinny":
        continue
    key = (r["m"], r["n"], r["k"])
    if key not in best or r["median_seconds"] < best[key][0]:
        best[key] = (r["median_seconds"], r["config_key"], r["recorded_at"])
for key, (t, config, at) in sorted(best.items()):
    print(key, round(t * 1e6, 1), "us", at, config)
PY
cat $OUT/skinny-tn-best.txt
