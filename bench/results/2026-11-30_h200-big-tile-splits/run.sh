#!/bin/bash
# H200: the tuner's seeds carried to the problem's shape (tuner/seed_sources.cpp, adapt_to_problem:
# each nearest winner's split of K set to what the model predicts fastest for the problem), against
# the seeds as they ran, on the coverage set's deep products with a C of hundreds.
# Usage: run.sh STAGE...   (LIMIT: each bench's seconds, 280; PEERS: its peers, cublas,clblast;
#                           SETS, ROUNDS: see ab)
#   tune  the eight problems (448x320x48000 and 2400x56x40000, every transposition) at fp32, 20 s
#         each, tuned into two copies of the shipped tuning without their rows, by the build before
#         (gemmtune-base) and the build with the change (gemmtune); the best of each per problem
#   ab    the validation sets' problems whose first choice differs between the shipped tuning and
#         it with the new build's rows of the eight (merged.db, from new-deep.json.gz where the
#         tune stage did not run), per call in turns, two rounds, beside cuBLAS and CLBlast; SETS
#         (random_100 real_applications) and ROUNDS (1 2) take part of it: with the model's fit as
#         it is the rows change 51 and 139 choices, e.g. SETS=random_100, then
#         SETS=real_applications ROUNDS=1, then SETS=real_applications ROUNDS=2, each a command of
#         its own
#   r     random_100.txt whole from merged.db
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-big-tile-splits
source bench/results/gpu_session.sh
shipped_db $here
for stage in "$@"; do
  case $stage in
    tune)
      python3 - $shipped $W/nodeep.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
deep = {(448, 320, 48000), (2400, 56, 40000)}
json.dump([r for r in rows if (r["m"], r["n"], r["k"]) not in deep], open(sys.argv[2], "w"))
PY
      $G tune --coverage --list | grep -E '^(448 320 48000|2400 56 40000) ' > $W/deep.txt
      for build in base new; do
        program=gemmtune; [ $build = base ] && program=gemmtune-base
        bash .gpu/on-device.sh $program db import --db $W/$build.db $W/nodeep.json > /dev/null 2>&1; echo "import $build rc=$?"
        timeout 240 bash .gpu/on-device.sh $program tune --db $W/$build.db --precision fp32 --problems $W/deep.txt \
          --budget 1000 --time-limit 20 --session-time-limit 160 > $W/tune-$build.log 2>&1; echo "tune $build rc=$?"
        grep -hE '^problem .* done' $W/tune-$build.log | cut -c1-120
      done
      $G db export --db $W/new.db -o $W/new-tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
      python3 - $W/new-tuned.json $W/new-deep.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
deep = {(448, 320, 48000), (2400, 56, 40000)}
json.dump([r for r in rows if (r["m"], r["n"], r["k"]) in deep], open(sys.argv[2], "w"))
print(len([r for r in rows if (r["m"], r["n"], r["k"]) in deep]), "rows of the eight")
PY
      gzip -9f $W/tune-base.log $W/tune-new.log; gzip -9kf $W/new-deep.json
      (cd $W && tar -czf $OUT/tune.tgz tune-base.log.gz tune-new.log.gz new-deep.json.gz) ;;
    ab)
      [ -f $W/new-deep.json ] || gunzip -c $here/new-deep.json.gz > $W/new-deep.json
      cp $W/shipped.db $W/new.db.tmp && $G db import --db $W/new.db.tmp $W/new-deep.json > /dev/null 2>&1 && mv $W/new.db.tmp $W/merged.db
      echo "merged: $(ls -la $W/merged.db | awk '{print $5}') bytes"
      # SETS and ROUNDS split the work between commands (a device command runs 10 minutes at most).
      sets=${SETS:-random_100 real_applications}
      for set in $sets; do changed $set fp32 $W/shipped.db $W/merged.db; done
      (cd $W && cat $(for set in $sets; do echo changed-$set.txt; done)) > $W/changed-fp32.txt
      for round in ${ROUNDS:-1 2}; do
        bench $W/shipped.db fp32 $W/changed-fp32.txt shipped-fp32-$round
        bench $W/merged.db fp32 $W/changed-fp32.txt new-fp32-$round
      done
      gzip -9f $W/choose-*.json
      (cd $W && tar -czf $OUT/changed.tgz changed-*.txt choose-*.json.gz shipped-*.json.gz shipped-*.txt new-*.json.gz new-*.txt) ;;
    r)
      grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-r.txt
      bench $W/merged.db fp32 $W/problems-r.txt random100
      (cd $W && tar -czf $OUT/random100.tgz random100.json.gz random100.txt) ;;
  esac
done
