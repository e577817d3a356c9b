#!/bin/bash
# On the H200: each row of suspects.txt (a shipped measurement of one timed run, slower than 0.05 s
# and 300 times its problem's best) timed again with `gemmtune run --config` (median of 3 calls);
# prints one line per row: the row, then the time now, for timed-again.txt.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
G="bash .gpu/on-device.sh gemmtune"
grep -v '^#' bench/results/2026-11-28_h200-stalled-rows/suspects.txt | while read -r family precision size trans layout recorded config; do
  now=$(timeout 60 $G run --family $family --precision $precision --size $size --trans $trans --layout $layout \
          --config $config --repeat 3 --json 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['seconds'])" 2>/dev/null)
  echo "$family $precision $size $trans $layout $recorded ${now:-failed} $config"
done | tee $OUT/timed-again.txt
