#!/bin/bash
# H200: the dispatcher carrying xgemm's measured configurations to the splits of K between the
# powers of two (finer-splits.patch, the build `gemmtune-finer`) against the build without it
# (`gemmtune`: the mistrust weights chosen with each shape held out), both over the shipped tuning
# with the deep products' rows added: every first choice of the validation sets that differs, per
# call in turns (without, with), two rounds, beside cuBLAS.
# Usage: run.sh   (PEERS: the bench's peers, cublas; LIMIT: each bench's seconds, 280)
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
shipped_db bench/results/2026-11-30_h200-shape-held-out
[ -f $W/merged.db ] || { gunzip -c bench/results/2026-11-30_h200-big-tile-splits/new-deep.json.gz > $W/new-deep.json;
  cp $W/shipped.db $W/merged.db && $G db import --db $W/merged.db $W/new-deep.json > /dev/null 2>&1; }
export PEERS=${PEERS:-cublas} SHIPPED_PROGRAM=gemmtune
G="bash .gpu/on-device.sh gemmtune-finer"
for set in random_100 real_applications; do changed $set fp32 $W/merged.db $W/merged.db; done
(cd $W && cat changed-random_100.txt changed-real_applications.txt > finer-changed.txt)
for round in 1 2; do
  PROGRAM=gemmtune bench $W/merged.db fp32 $W/finer-changed.txt without-$round
  PROGRAM=gemmtune-finer bench $W/merged.db fp32 $W/finer-changed.txt with-$round
done
(cd $W && tar -czf $OUT/finer.tgz finer-changed.txt changed-*.txt without-*.json.gz without-*.txt with-*.json.gz with-*.txt)
