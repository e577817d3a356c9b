#!/bin/bash
# H200: the coverage set's deep products with a C of hundreds (448x320x48000, 2400x56x40000, every
# transposition) tuned into the shipped tuning, against what is shipped, in one session.
# Usage: run.sh STAGE...   (LIMIT: each bench's seconds, 280)
#   tune  the eight problems at fp32 (240 s) and fp64 (120 s) into a copy of the shipped tuning
#         (new.db, exported as tuned.json.gz)
#   ab    the validation sets' problems whose first choice differs between the shipped tuning
#         (shipped.db) and new.db, benched per call in turns, shipped, new, shipped, new, beside
#         cuBLAS and CLBlast (one build: the coverage set is all the code that changed)
#   r     random_100.txt whole from new.db (rs: from shipped.db);  1..4  the quarters of real_applications.txt
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-deep-hundreds
source bench/results/gpu_session.sh
shipped_db $here
for stage in "$@"; do
  case $stage in
    tune)
      cp $W/shipped.db $W/new.db
      $G tune --coverage --list | grep -E '^(448 320 48000|2400 56 40000) ' > $W/deep.txt
      cat $W/deep.txt
      for p in "fp32 240" "fp64 120"; do
        set -- $p
        timeout $(($2 + 60)) $G tune --db $W/new.db --precision $1 --problems $W/deep.txt --budget 1000 --time-limit 30 \
          --session-time-limit $2 > $W/tune-$1.log 2>&1; echo "tune $1 rc=$?"
        grep -hE 'problem .* done|not tuned|best:' $W/tune-$1.log | cut -c1-160
      done
      $G db export --db $W/new.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
      gzip -9f $W/tune-fp32.log $W/tune-fp64.log; gzip -9kf $W/tuned.json
      (cd $W && tar -czf $OUT/tune.tgz tune-fp32.log.gz tune-fp64.log.gz tuned.json.gz) ;;
    ab)
      # The tuning as `tune` left it, or as it was carried back (tuned.json.gz; since shipped as
      # configs/tuned/nvidia-h200.json, and `shipped` above is then the one before it).
      [ -f $W/new.db ] || { gunzip -c $here/tuned.json.gz > $W/tuned.json; $G db import --db $W/new.db $W/tuned.json > /dev/null 2>&1; echo "import rc=$?"; }
      for set in "random_100 fp32" "real_applications fp32" "random_fp64_60 fp64"; do
        changed $set $W/shipped.db $W/new.db
      done
      cat $W/changed-random_100.txt $W/changed-real_applications.txt > $W/changed-fp32.txt
      cp $W/changed-random_fp64_60.txt $W/changed-fp64.txt
      for round in 1 2; do
        for precision in fp32 fp64; do
          [ -s $W/changed-$precision.txt ] || continue
          bench $W/shipped.db $precision $W/changed-$precision.txt shipped-$precision-$round
          bench $W/new.db $precision $W/changed-$precision.txt new-$precision-$round
        done
      done
      gzip -9f $W/choose-*.json
      (cd $W && tar -czf $OUT/changed.tgz changed-*.txt choose-*.json.gz shipped-*.json.gz shipped-*.txt new-*.json.gz new-*.txt) ;;
    r|rs)  # rs: the shipped tuning, for a comparison in the same session
      grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-r.txt
      name=random100; db=$W/new.db; [ $stage = rs ] && { name=shipped-random100; db=$W/shipped.db; }
      bench $db fp32 $W/problems-r.txt $name
      (cd $W && tar -czf $OUT/$name.tgz $name.json.gz $name.txt) ;;
    [1-4])
      grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' |
        sed -n $(( (stage - 1) * 92 + 1 )),$(( stage * 92 ))p > $W/problems-$stage.txt
      bench $W/new.db fp32 $W/problems-$stage.txt real$stage
      (cd $W && tar -czf $OUT/real$stage.tgz real$stage.json.gz real$stage.txt) ;;
  esac
done
