#!/bin/bash
# H200, for a later session: the build where each best candidate gives way to its best finer split
# (`gemmtune`, 1e021e6 or later) against the build measured in refined/ (`gemmtune-base`, 0f0fbc1),
# over the shipped tuning: every problem of the fp32 validation sets whose trial candidates differ
# (the first choices do not; 14 of random_100.txt and 48 of real_applications.txt offline), per
# call in turns (before, with), two rounds, beside cuBLAS, into $OUT/trials.tgz.
# Usage: run-trials.sh   (PEERS: the bench's peers, cublas; LIMIT: each bench's seconds, 280)
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
shipped_db bench/results/2026-11-30_h200-finer-splits
export PEERS=${PEERS:-cublas} SHIPPED_PROGRAM=gemmtune-base TRIALS=1
for set in random_100 real_applications; do changed $set fp32 $W/shipped.db $W/shipped.db; done
(cd $W && cat changed-random_100.txt changed-real_applications.txt > trials-changed.txt)
for round in 1 2; do
  PROGRAM=gemmtune-base bench $W/shipped.db fp32 $W/trials-changed.txt trials-before-$round
  bench $W/shipped.db fp32 $W/trials-changed.txt trials-with-$round
done
(cd $W && tar -czf $OUT/trials.tgz trials-changed.txt changed-*.txt trials-*.json.gz trials-*.txt)
