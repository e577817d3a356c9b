#!/bin/bash
# H200: the mistrust weights chosen with each problem's shape held out under every transposition
# (shape-held-out.patch, the build `gemmtune`) with the deep products' rows
# (../2026-11-30_h200-big-tile-splits/new-deep.json.gz) added to the shipped tuning, against the
# shipped build (`gemmtune-base`) and tuning: every first choice of the validation sets that differs,
# per call in turns (shipped, new), two rounds.
# Usage: run.sh   (PEERS: the bench's peers, cublas,clblast; LIMIT: each bench's seconds, 280)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-shape-held-out
source bench/results/gpu_session.sh
shipped_db $here
gunzip -c bench/results/2026-11-30_h200-big-tile-splits/new-deep.json.gz > $W/new-deep.json
cp $W/shipped.db $W/merged.db.tmp && $G db import --db $W/merged.db.tmp $W/new-deep.json > /dev/null 2>&1 &&
  mv $W/merged.db.tmp $W/merged.db
echo "merged rc=$?: $(ls -la $W/merged.db 2>&1 | awk '{print $5}') bytes"
[ -f $W/merged.db ] || { echo "merged.db was not made: nothing to compare"; exit 1; }
export SHIPPED_PROGRAM=gemmtune-base
for set in random_100 real_applications; do changed $set fp32 $W/shipped.db $W/merged.db; done
(cd $W && mv changed-random_100.txt changed-random_100-fp32.txt && mv changed-real_applications.txt changed-real_applications-fp32.txt)
changed random_fp64_60 fp64 $W/shipped.db $W/merged.db
(cd $W && cat changed-random_100-fp32.txt changed-real_applications-fp32.txt > changed-fp32.txt &&
  cp changed-random_fp64_60.txt changed-fp64.txt)
for round in 1 2; do
  for precision in fp32 fp64; do
    [ -s $W/changed-$precision.txt ] || continue
    PROGRAM=gemmtune-base bench $W/shipped.db $precision $W/changed-$precision.txt shipped-$precision-$round
    bench $W/merged.db $precision $W/changed-$precision.txt new-$precision-$round
  done
done
gzip -9f $W/choose-*.json
(cd $W && tar -czf $OUT/ab.tgz changed-*.txt choose-*.json.gz shipped-*.json.gz shipped-*.txt new-*.json.gz new-*.txt)
