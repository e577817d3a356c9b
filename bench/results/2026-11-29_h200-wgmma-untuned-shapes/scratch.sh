#!/bin/bash
# H200: how fast the tuner finds xgemm_wgmma's fp16 4096^3 optimum from nothing with today's space
# (swizzle modes, register budgets and register groups added since 2026-11-28): an empty database
# and an empty program cache, the family's default space and strategy, 400 evaluations or 240 s.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-scratch GEMMTUNE_DB=/tmp/scratch.db
rm -rf /tmp/cache-scratch /tmp/scratch.db*
timeout 270 $G tune --family xgemm_wgmma --precision fp16 --sizes 4096 --budget 400 --time-limit 240 > $OUT/tune.log 2>&1; echo "tune rc=$?"
grep -E "evaluated, best|done:|best:|within" $OUT/tune.log | tail -8
$G db export --db /tmp/scratch.db > $OUT/scratch.json && gzip -9 $OUT/scratch.json
