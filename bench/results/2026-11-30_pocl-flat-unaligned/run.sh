#!/bin/bash
# PoCL (2-core EPYC): the coverage set's four flat products with unaligned rows of C tuned into the
# pinned coverage tuning of ../2026-11-30_pocl-worker-affinity/pinned-tuning/, then both CPU
# validation sets benched beside OpenBLAS from the tuning before (base) and after (new) in turns.
# Usage: run.sh SECONDS ROUNDS   (the tuning session's seconds; rounds of the benches)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_pocl-flat-unaligned
G=build/gemmtune
W=/tmp/pocl-flat; rm -rf $W; mkdir -p $W
gunzip -c bench/results/2026-11-30_pocl-worker-affinity/pinned-tuning/pocl-tuning.json.gz > $W/base.json
$G db import --db $W/base.db $W/base.json > /dev/null; echo "import rc=$?"
cp $W/base.db $W/new.db
$G tune --coverage --list | grep -E '^(6001 2003 24|1203 3001 2|2603 3401 12|5001 2001 5) ' > $W/flat.txt
$G tune --db $W/new.db --problems $W/flat.txt --session-time-limit $1 > $W/tune.log 2>&1; echo "tune rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune.log
gzip -9c $W/tune.log > $here/tune.log.gz
for set in cpu_random_30 cpu_random_30_seed2; do
  $G db choose --db $W/base.db --problems bench/validation/$set.txt --json > $W/choose-base-$set.json
  $G db choose --db $W/new.db --problems bench/validation/$set.txt --json > $W/choose-new-$set.json
  echo "$set: $(python3 bench/results/changed_choices.py $W/choose-base-$set.json $W/choose-new-$set.json | wc -l) first choices changed"
done
for round in $(seq $2); do
  for set in cpu_random_30 cpu_random_30_seed2; do
    for tuning in base new; do
      OPENBLAS_THREAD_TIMEOUT=4 $G bench --db $W/$tuning.db --peers openblas --problems bench/validation/$set.txt \
        --json $here/$tuning-$set-$round.json --force > $here/$tuning-$set-$round.txt 2>&1
      echo "$tuning $set $round rc=$? $(grep -E '^all' -A1 $here/$tuning-$set-$round.txt | tail -1 | tr -s ' ')"
    done
  done
done
