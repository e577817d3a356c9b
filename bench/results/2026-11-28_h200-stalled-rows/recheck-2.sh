#!/bin/bash
# On the H200: each row of suspects-2.txt (a shipped measurement of one timed run of a call of several
# commands, slower than 1 ms and 20 times its family's best at its problem) timed again with
# `gemmtune run --config` (median of 2 calls); prints one line per row: the row, then the time now.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
G="bash .gpu/on-device.sh gemmtune"
grep -v '^#' bench/results/2026-11-28_h200-stalled-rows/suspects-2.txt | while read -r family precision size trans layout recorded config; do
  now=$(timeout 20 $G run --family $family --precision $precision --size $size --trans $trans --layout $layout \
          --config $config --repeat 2 --json 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['seconds'])" 2>/dev/null)
  echo "$family $precision $size $trans $layout $recorded ${now:-failed} $config"
done | tee $OUT/timed-again-2.txt
