#!/bin/bash
# On the H200: the one-run rows of run2.sh's tuning over 1 ms and 20 times their problem's best
# (suspects.txt: key, size, transposition, layout, configuration, recorded seconds) timed again,
# 5 calls each, with `gemmtune run --config`, as ../../2026-11-28_h200-stalled-rows/ did.
cd "$(dirname "$0")/../../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
G="bash .gpu/on-device.sh gemmtune"
while IFS=$'\t' read -r key size trans layout config recorded; do
  echo -n "$key	$size	$trans	$recorded	"
  timeout 30 $G run --family xgemm_mma64 --config $config --precision fp64 --size $size --trans $trans --layout $layout --repeat 5 2>&1 | tail -1
done < bench/results/2026-11-28_h200-fp64-row-pairs/retime/suspects.txt
