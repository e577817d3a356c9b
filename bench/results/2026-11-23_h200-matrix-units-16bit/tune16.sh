#!/bin/bash
G="bash .gpu/on-device.sh gemmtune"
DB=$OUT/h200.db
$G db import configs/tuned/nvidia-h200.json --db $DB 2>&1 | tail -1
for p in fp16 bf16 tf32 3xtf32; do
  timeout 130 $G tune --device nvidia:0 --db $DB --precision $p --family xgemm_mma --sizes 4096x4096x4096,8192x8192x8192 --budget 400 --time-limit 32 --json > $OUT/tune-$p.json 2> $OUT/tune-$p.log
  echo "$p rc=$?"; grep -E "done in|best" $OUT/tune-$p.log | tail -4
done
$G db export --db $DB -o $OUT/nvidia-h200.json
ls -la $OUT
