#!/bin/bash
# H200: unaligned-problems.txt tuned at fp32 into the shipped tuning (SECONDS for the session, every
# family, CSTAGE in xgemm's space), then random_100.txt benched per call from it beside cuBLAS and
# CLBlast, in one command.
# Usage: tune.sh SECONDS   (LIMIT: the bench's seconds, 230)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-unaligned-c
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
$G db import --db $W/new.db $shipped > /dev/null 2>&1; echo "import rc=$?"
grep -v '^#' $here/unaligned-problems.txt | grep -v '^$' > $W/problems.txt
timeout $(($1 + 30)) $G tune --db $W/new.db --precision fp32 --problems $W/problems.txt --budget 1000 --time-limit 20 \
  --session-time-limit $1 > $W/tune.log 2>&1; echo "tune rc=$?"
grep -hE 'problem .* done|not tuned|best:' $W/tune.log | cut -c1-200
$G db export --db $W/new.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9kf $W/tune.log; gzip -9kf $W/tuned.json
tar -C $W -czf $OUT/tune.tgz tune.log.gz tuned.json.gz
grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/random.txt
timeout ${LIMIT:-230} $G bench --db $W/new.db --peers cublas,clblast --timing per-call --problems $W/random.txt \
  --json $W/new-random100.json > $W/new-random100.txt 2>&1; echo "bench rc=$?"
sed -n '/^summary/,$p' $W/new-random100.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
gzip -9f $W/new-random100.json
tar -C $W -czf $OUT/bench.tgz new-random100.json.gz new-random100.txt
