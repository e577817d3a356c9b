#!/bin/bash
# H200: tunes xgemm_wgmma with tensor copies (COPY=2, w-tensor-copies.json) at the squares of 1024 to
# 8192, the shipped tuning imported first, at fp16, bf16, tf32 and 3xtf32; the database comes back.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-clusters
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
DB=$OUT/tune.db
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
for p in fp16 bf16; do
  $G tune --db $DB --family xgemm_wgmma --space $D/w-tensor-copies.json --precision $p \
    --sizes 1024,2048,3072,4096,8192 --budget 60 --session-time-limit 130 2>&1 | grep -E "done in|error" 
done
for p in tf32 3xtf32; do
  $G tune --db $DB --family xgemm_wgmma --space $D/w-tensor-copies.json --precision $p \
    --sizes 2048,4096,8192 --budget 40 --session-time-limit 60 2>&1 | grep -E "done in|error"
done
gzip -9 $DB
