#!/bin/bash
# H200: the 11 benchmark shapes (gemmtune bench's default sizes) in FP32 beside cuBLAS and CLBlast,
# per call, from the shipped tuning with the deep products' rows added
# (../2026-11-30_h200-big-tile-splits/new-deep.json.gz) and the build with the mistrust weights
# chosen with each shape held out (neither changes a choice of these 11 tuned shapes).
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-benchmark-shapes
source bench/results/gpu_session.sh
shipped_db bench/results/2026-11-30_h200-shape-held-out
[ -f $W/merged.db ] || { gunzip -c bench/results/2026-11-30_h200-big-tile-splits/new-deep.json.gz > $W/new-deep.json;
  cp $W/shipped.db $W/merged.db && $G db import --db $W/merged.db $W/new-deep.json > /dev/null 2>&1; }
timeout ${LIMIT:-200} $G bench --db $W/merged.db --precision fp32 --peers cublas,clblast --timing per-call \
  --json $W/shapes.json --force > $W/shapes.txt 2>&1
echo "bench rc=$?"; grep -E "^[0-9]+x" $W/shapes.txt; sed -n '/^summary/,$p' $W/shapes.txt | grep -A2 "^all"
tar -C $W -czf $OUT/shapes.tgz shapes.json shapes.txt
