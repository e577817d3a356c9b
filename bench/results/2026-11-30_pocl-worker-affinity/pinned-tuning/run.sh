#!/bin/bash
# PoCL's 2-core CPU device: both CPU validation sets benched beside OpenBLAS (and CLBlast in the
# first round) from the coverage tuning made with PoCL's workers pinned (`pinned`, this folder's
# pocl-tuning.json.gz) and from the one of ../../2026-11-30_pocl-small-coverage without its small
# rows (`unpinned`), in turns; gemmtune pins the workers in both (the build of 9639f93 on).
# Usage: run.sh DB_DIR ROUNDS   (DB_DIR holds pinned.db and unpinned.db, `gemmtune db import`ed)
cd "$(dirname "$0")/../../../.."
here=bench/results/2026-11-30_pocl-worker-affinity/pinned-tuning
dbs=$1 rounds=${2:-2}
export OPENBLAS_THREAD_TIMEOUT=4
for round in $(seq $rounds); do
  peers=openblas; [ $round = 1 ] && peers=openblas,clblast
  for set in cpu_random_30 cpu_random_30_seed2; do
    for db in pinned unpinned; do
      name=$db-$set-$round
      build/gemmtune bench --db $dbs/$db.db --peers $peers --problems bench/validation/$set.txt \
        --json $here/$name.json --force > $here/$name.txt 2>&1
      echo "$name rc=$? $(grep -E '^all' -A2 $here/$name.txt | grep openblas | tr -s ' ')"
    done
  done
done
