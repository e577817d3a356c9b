#!/bin/bash
# PoCL's 2-core CPU device: both CPU validation sets benched beside OpenBLAS from one database, with
# PoCL's workers left to the scheduler (`X`: nothing set) and pinned (`POCL_AFFINITY=1`), in turns.
# Run with the build of b155cf6, which sets nothing itself.
# Usage: run.sh DB ROUNDS   (DB: the coverage tuning of ../../2026-11-30_pocl-small-coverage without its small rows)
cd "$(dirname "$0")/../../../.."
here=bench/results/2026-11-30_pocl-worker-affinity/ab
db=$1 rounds=${2:-3}
export OPENBLAS_THREAD_TIMEOUT=4
for r in $(seq $rounds); do for set in cpu_random_30 cpu_random_30_seed2; do for env in X=1 POCL_AFFINITY=1; do
  n=aff-$set-${env%%=*}-$r
  env $env build/gemmtune bench --db $db --peers openblas --problems bench/validation/$set.txt --json $here/$n.json \
    --force > $here/$n.txt 2>&1
  echo "$n $(grep -E '^all' $here/$n.txt | tr -s ' ')"
done; done; done
